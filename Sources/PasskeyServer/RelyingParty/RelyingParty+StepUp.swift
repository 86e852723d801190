public import PasskeyCore

/// Step-up: a signed-in user verifies with one of their passkeys again, without a new session, so the session may
/// take sensitive actions (add or remove a passkey, end other sessions, delete the account, manage recovery codes)
/// for the reverification window.
extension RelyingParty {
    /// `POST /session/verify/options`: a sign-in bound to the session's user, user verification required.
    public func beginReverification(_ session: SessionRecord?) async throws -> JSONObject {
        let user = try await signedInUser(session)
        let start = try await passkeys.beginReverification(for: user)
        metrics.begun(.authentication)
        return start.options.json
    }

    /// `POST /session/verify/result`: verifies the step-up and records on the session when it happened (with the
    /// credential's new counter, in one transaction). Answers `verifiedAt` and `verifiedUntil` (RFC 3339).
    public func finishReverification(_ session: SessionRecord?, body: [UInt8]) async throws -> JSONObject {
        let user = try await signedInUser(session)
        guard let session else { throw RelyingPartyError.noSession }
        let reverification = try await counting(.authentication) { try await passkeys.finishReverification(body, for: user) }
        let record = reverification.signIn.credential
        guard
            try await store.recordReverification(
                credentialID: record.id, signCount: record.signCount, backupState: record.backupState, at: reverification.verifiedAt,
                tokenHash: session.tokenHash)
        else {
            metrics.failed(.authentication, code: "signInConflict")
            throw RelyingPartyError.signInConflict
        }
        metrics.succeeded(.authentication)
        return JSONObject([
            "verifiedAt": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt)),
            "verifiedUntil": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt + configuration.reverificationWindow)),
        ])
    }
}
