extension CeremonyEndpoints {
    /// Takes one of `client`'s rate-limit tokens for an `options` request (429 `rateLimited` when it has none);
    /// nothing when no client is named.
    package func admitOptions(_ client: String?) async throws {
        guard let client, let limiter = limits.optionsLimiter else { return }
        if try await !limiter.allow(client) { throw RelyingPartyError.tooManyRequests }
    }

    /// Runs a result endpoint under `client`'s failure budget: a token is taken as the request arrives (429
    /// `rateLimited` when there is none, before anything is looked at) and given back when `result` succeeds or the
    /// server was at fault (an outage, a bug), so only the client's own failures spend it, and requests sent at once
    /// cannot overdraw it. `passkeys serve` runs its recovery route under the same budget. A front end whose refusals
    /// are answers rather than errors (an HTTP middleware's 401) names them with `failed`: they keep the token too.
    package func limitingFailures<Result>(
        of client: String?, failed: (Result) -> Bool = { _ in false }, _ result: () async throws -> Result
    ) async throws -> Result {
        guard let client, let limiter = limits.failedResultLimiter else { return try await result() }
        guard try await limiter.allow(client) else { throw RelyingPartyError.tooManyRequests }
        do {
            let value = try await result()
            if !failed(value) { await limiter.refund(client) }
            return value
        } catch let refusal as RelyingPartyError {
            // A refusal the client caused (a 4xx) keeps the token.
            throw refusal
        } catch {
            await limiter.refund(client)
            throw error
        }
    }

    /// Runs `begin` and counts the ceremony it stored against `client`, dropping the client's own oldest ceremonies
    /// past its quota. A full store first gets room made from the client holding the most, then `begin` runs again.
    package func keeping<Start>(
        for client: String?, _ begin: () async throws -> Start, ceremony: (Start) -> PendingCeremony
    ) async throws -> Start {
        guard let client, let store = passkeys.ceremonies else { return try await begin() }
        let start: Start
        do {
            start = try await begin()
        } catch let full as StoreUnavailable {
            guard try await makeRoom(in: store) else { throw full }
            start = try await begin()
        }
        let pending = ceremony(start)
        let now = passkeys.configuration.nowMilliseconds
        for excess in try await quota.record(CountedCeremony(pending), for: client, now: now) {
            _ = try await store.take(challenge: excess.challenge, kind: excess.kind, now: now)
        }
        return start
    }

    /// Drops the oldest waiting ceremony of the client holding the most; true once one was still in the store (one
    /// already finished frees nothing, so a few are tried, at most a client's quota).
    private func makeRoom(in store: any CeremonyStore) async throws -> Bool {
        let now = passkeys.configuration.nowMilliseconds
        for _ in 0..<min(quota.perClient, 64) {
            guard let held = try await quota.takeFromLargestHolder(now: now) else { return false }
            if try await store.take(challenge: held.challenge, kind: held.kind, now: now) != nil { return true }
        }
        return false
    }
}
