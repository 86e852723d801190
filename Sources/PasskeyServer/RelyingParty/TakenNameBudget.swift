import PasskeyHummingbird

/// How often one client may be told a username is taken, so sign-up cannot enumerate accounts at speed (issue 30).
///
/// The same rule as the route group's `PasskeyRouteLimits.takenNameLimiter`: every sign-up takes a token before the
/// name is looked up, and every answer but `usernameTaken` gives it back. A client that spent its budget is answered
/// 429 for taken and free names alike, so the refusal says nothing about the name, and requests sent at once cannot
/// overdraw it (each holds its token until it is answered).
struct TakenNameBudget: Sendable {
    let limiter: RateLimiter
    let client: String

    /// Takes a token; throws `tooManyRequests` when the client has none left.
    func charge() throws(RelyingPartyError) {
        guard limiter.allow(client) else { throw RelyingPartyError.tooManyRequests }
    }

    /// Gives the token back: the answer was not `usernameTaken`.
    func refund() {
        limiter.refund(client)
    }
}
