/// How often one client may be told a username is taken, so sign-up cannot enumerate accounts at speed
/// (``PasskeyRouteLimits/takenNameLimiter``).
///
/// Every sign-up takes a token before the name is looked up, and every answer but `usernameTaken` gives it back. A
/// client that spent its budget is answered 429 for taken and free names alike, so the refusal says nothing about the
/// name, and requests sent at once cannot overdraw it (each holds its token until it is answered).
struct TakenNameBudget: Sendable {
    let limiter: any ClientRateLimiter
    let client: String

    /// The budget of `client` under `limits`; nil when either is absent (nothing to limit).
    init?(client: String?, limits: PasskeyRouteLimits) {
        guard let client, let limiter = limits.takenNameLimiter else { return nil }
        self.limiter = limiter
        self.client = client
    }

    /// Runs `check`, charging a token for it: kept when the answer is `usernameTaken`, given back otherwise (a free
    /// name, another refusal, an outage). Throws `tooManyRequests` before `check` runs when the client has none left.
    func charging<T>(_ check: () async throws -> T) async throws -> T {
        guard try await limiter.allow(client) else { throw RelyingPartyError.tooManyRequests }
        do {
            let result = try await check()
            await limiter.refund(client)
            return result
        } catch let refusal as RelyingPartyError where refusal.code == "usernameTaken" {
            throw refusal
        } catch {
            await limiter.refund(client)
            throw error
        }
    }
}
