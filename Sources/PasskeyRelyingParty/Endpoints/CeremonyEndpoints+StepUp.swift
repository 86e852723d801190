extension CeremonyEndpoints {
    /// `POST session/verify/options`: begins a step-up for the signed-in user, bound to them and to their session,
    /// asking for the user verification their passkeys can give (`Passkeys.beginReverification`). 401 without a
    /// session; 403 `recoverySessionRestricted` for a recovery session.
    package func beginReverification(_ body: [UInt8], client: String?, signedIn: () async throws -> SignedInUser<User>?) async throws -> JSONObject {
        try await admitOptions(client)
        _ = try RequestJSON.object(body)
        let signedIn = try Self.requireSession(try await signedIn())
        let start = try await keeping(
            for: client,
            {
                try await passkeys.beginReverification(for: signedIn.user, session: signedIn.sessionID)
            }, ceremony: \.ceremony)
        metrics.begun(.authentication)
        return start.options.json
    }

    /// `POST session/verify/result`: verifies a step-up begun by this request's session and has `store` record it (the
    /// credential's new state and the session's `verifiedAt`, in one transaction); answers `verifiedAt` and
    /// `verifiedUntil` (RFC 3339). Starts no session.
    package func finishReverification(
        _ body: [UInt8], client: String?, signedIn: () async throws -> SignedInUser<User>?,
        store: (Reverification<User>, SignedInUser<User>) async throws -> Void
    ) async throws -> JSONObject {
        try await limitingFailures(of: client) {
            try await counting(.authentication) {
                let signedIn = try Self.requireSession(try await signedIn())
                let reverification: Reverification<User>
                do {
                    reverification = try await passkeys.finishReverification(body, for: signedIn.user, session: signedIn.sessionID)
                } catch let refusal as RelyingPartyError {
                    throw refusal.echoingSubmittedCredential(body)
                }
                try await store(reverification, signedIn)
                let window = passkeys.configuration.reverificationWindow
                return JSONObject([
                    "verifiedAt": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt)),
                    "verifiedUntil": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt + window)),
                ])
            }
        }
    }

    /// The signed-in user of an ordinary session: 401 `notSignedIn` without one, 403 `recoverySessionRestricted` for a
    /// recovery session (which may only add a passkey).
    static func requireSession(_ signedIn: SignedInUser<User>?) throws(RelyingPartyError) -> SignedInUser<User> {
        guard let signedIn else { throw RelyingPartyError.notSignedIn }
        guard !signedIn.isRecoverySession else { throw RelyingPartyError.recoverySessionRestricted }
        return signedIn
    }
}
