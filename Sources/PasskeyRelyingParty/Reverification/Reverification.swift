import PasskeyCore

/// A signed-in user verified with one of their passkeys again (a step-up), without starting a new session: what the
/// app records on the session (``verifiedAt``) to let it take sensitive actions for a while.
public struct Reverification<User: PasskeyUser>: Sendable {
    /// The sign-in that verified, bound to the user it was begun for; its credential's counter, backup state and last
    /// use are updated and should be stored as after any sign-in (WebAuthn L3 §7.2 step 26).
    public let signIn: VerifiedSignIn<User>
    /// When the user verified, in milliseconds since 1970 (the configuration's clock): record it on the session and
    /// check it with ``Passkeys/isRecentlyVerified(_:)`` before each sensitive action.
    public let verifiedAt: Int64
}

extension Passkeys {
    /// Begins a step-up for the signed-in `user`: a sign-in bound to them (only their passkeys are allowed, §7.2
    /// steps 5–6) that requires user verification whatever the relying party's floor (§7.2 step 19), so possession
    /// of a session alone (a stolen cookie or token) cannot complete it.
    ///
    /// - Parameters:
    ///   - user: the account the session names.
    ///   - credentials: the user's credentials for `allowCredentials`; nil reads them from ``accounts``.
    public func beginReverification(for user: some PasskeyUser, credentials: [CredentialRecord]? = nil) async throws -> AuthenticationStart {
        try await beginAuthentication(for: user, credentials: credentials, userVerification: .required, bound: true)
    }

    /// Finishes a step-up begun with ``beginReverification(for:credentials:)`` for the same `user`.
    ///
    /// Refused with `ceremonyUserMismatch` for a response to any other sign-in (someone else's, a discoverable one,
    /// or an ordinary sign-in of this user), and with `userNotVerified` when the authenticator did not verify the user.
    ///
    /// - Parameters:
    ///   - json: the client's `AuthenticationResponseJSON` text.
    ///   - user: the account the session names.
    ///   - ceremony: the sealed ceremony kept by the caller; nil claims it from ``ceremonies``.
    public func finishReverification(
        _ json: [UInt8], for user: some PasskeyUser, ceremony: SealedCeremony? = nil
    ) async throws -> Reverification<Accounts.User> {
        let signIn = try await finishAuthentication(json, for: user, ceremony: ceremony)
        // Only a ceremony begun as a step-up (bound, UV required) verifies a session: a response to this user's
        // ordinary sign-in was made for another purpose.
        guard signIn.ceremony.boundToUser else { throw RelyingPartyError.ceremonyUserMismatch }
        // The ceremony was begun with UV required, so the verifier already refused UV=0 (§7.2 step 17); checked here
        // too because a step-up that did not verify the user proves nothing beyond the session.
        guard signIn.ceremony.requireUserVerification, signIn.verification.userVerified else {
            throw RelyingPartyError(
                .badRequest, "The authenticator did not verify the user (UV flag not set); a step-up needs user verification.",
                code: "userNotVerified")
        }
        return Reverification(signIn: signIn, verifiedAt: signIn.credential.lastUsedAt ?? configuration.nowMilliseconds)
    }

    /// Whether a session whose user last verified at `verifiedAt` (nil: never) may take a sensitive action now: the
    /// verification is no older than ``RelyingPartyConfiguration/reverificationWindow`` (and not in the future).
    public func isRecentlyVerified(_ verifiedAt: Int64?) -> Bool {
        guard let verifiedAt else { return false }
        let now = configuration.nowMilliseconds
        return verifiedAt <= now && now - verifiedAt <= configuration.reverificationWindow
    }

    /// Throws ``RelyingPartyError/reverificationRequired`` (403) unless ``isRecentlyVerified(_:)``.
    public func requireRecentVerification(_ verifiedAt: Int64?) throws(RelyingPartyError) {
        guard isRecentlyVerified(verifiedAt) else { throw RelyingPartyError.reverificationRequired }
    }
}

extension RelyingPartyError {
    /// 403 `reverificationRequired`: a sensitive action needs the user to have verified with a passkey recently (a
    /// step-up, or the sign-in itself, within the reverification window); the session alone is not enough.
    public static var reverificationRequired: RelyingPartyError {
        RelyingPartyError(
            .forbidden,
            "This action needs you to verify with your passkey again (your last verification is too old, or there was none); verify, then retry.",
            code: "reverificationRequired")
    }
}
