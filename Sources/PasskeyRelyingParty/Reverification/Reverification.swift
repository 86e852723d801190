import PasskeyCore

/// A signed-in user verified with one of their passkeys again (a step-up), without starting a new session: what the
/// app records on the session (``verifiedAt``) to let it take sensitive actions for a while.
public struct Reverification<User: PasskeyUser>: Sendable {
    /// The sign-in that verified, bound to the user and the session it was begun for; its credential's counter, backup
    /// state, last use and `uvInitialized` are updated and should be stored as after any sign-in (WebAuthn L3 §7.2
    /// step 24).
    public let signIn: VerifiedSignIn<User>
    /// When the user verified, in milliseconds since 1970 (the configuration's clock): record it on the session and
    /// check it with ``Passkeys/isRecentlyVerified(_:)`` before each sensitive action.
    public let verifiedAt: Int64
}

extension Passkeys {
    /// Begins a step-up for the signed-in `user` on the session named `session`: a sign-in bound to them (only their
    /// passkeys are allowed, §7.2 steps 5–6) and to that session (only its own finish verifies it).
    ///
    /// It asks for the verification the account's passkeys have shown they can give: user verification `required`
    /// when every one of them has shown UV (``CredentialRecord/uvInitialized``), else the relying party's floor but at
    /// least `preferred`, so an account whose keys cannot verify their user (a security key without a PIN, a U2F key)
    /// is not locked out. The finish still accepts a passkey that has shown UV only with UV
    /// (``VerifiedSignIn/countsAsVerification``): possession of a session alone (a stolen cookie or token) cannot
    /// complete it with a passkey that verifies its user.
    ///
    /// - Parameters:
    ///   - user: the account the session names.
    ///   - session: the session's stable, opaque name (never its secret), as ``SignedInUser/sessionID`` gives it.
    ///   - credentials: the user's credentials for `allowCredentials`; nil reads them from ``accounts``.
    public func beginReverification(
        for user: some PasskeyUser, session: String, credentials: [CredentialRecord]? = nil
    ) async throws -> AuthenticationStart {
        try await beginAuthentication(
            for: user, credentials: credentials, userVerification: { Self.stepUpRequirement(for: $0, floor: configuration.userVerification) },
            extensions: nil, hints: [], bound: true, session: session)
    }

    /// What a step-up asks of an account with `credentials`: `required` when all of them have shown UV (and when there
    /// are none: nothing can then finish it), else `floor` raised to `preferred`.
    static func stepUpRequirement(for credentials: [CredentialRecord], floor: UserVerificationRequirement) -> UserVerificationRequirement {
        credentials.allSatisfy(\.uvInitialized) ? .required : floor.raised(to: .preferred)
    }

    /// Finishes a step-up begun with ``beginReverification(for:session:credentials:)`` for the same `user` and
    /// `session`.
    ///
    /// Refused with `ceremonyUserMismatch` for a response to any other sign-in (someone else's, a discoverable one,
    /// or an ordinary sign-in of this user), with `ceremonySessionMismatch` for a step-up another session began (it
    /// verifies nothing here), and with `userNotVerified` when the sign-in does not count as a verification: its
    /// passkey has shown UV before and did not verify the user this time (``VerifiedSignIn/countsAsVerification``).
    ///
    /// - Parameters:
    ///   - json: the client's `AuthenticationResponseJSON` text.
    ///   - user: the account the session names.
    ///   - session: the finishing request's session name, which must be the one that began the step-up.
    ///   - ceremony: the sealed ceremony kept by the caller; nil claims it from ``ceremonies``.
    public func finishReverification(
        _ json: [UInt8], for user: some PasskeyUser, session: String, ceremony: SealedCeremony? = nil
    ) async throws -> Reverification<Accounts.User> {
        let signIn = try await finishAuthentication(json, for: user, ceremony: ceremony)
        // Only a ceremony begun as a step-up (bound) verifies a session: a response to this user's ordinary sign-in was
        // made for another purpose.
        guard signIn.ceremony.boundToUser else { throw RelyingPartyError.ceremonyUserMismatch }
        // A step-up verifies the session that asked for it: one begun by session X and finished with session Y would
        // let whoever holds Y borrow X's user's gesture.
        guard signIn.ceremony.sessionHash == session else { throw RelyingPartyError.ceremonySessionMismatch }
        guard signIn.countsAsVerification else {
            throw RelyingPartyError(
                .badRequest,
                "The authenticator did not verify the user (UV flag not set), and this passkey has verified its user before; a step-up needs it to again.",
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

    /// The gate on a sensitive action (removing a passkey, ending other sessions, deleting the account, new recovery
    /// codes, the app's own payments): `signedIn`'s session verified with a passkey within the reverification window
    /// (403 `reverificationRequired`), and is not a recovery session, which may only add a passkey (403
    /// `recoverySessionRestricted`). Adding a passkey has its own gate in the ceremony endpoints, which lets a recovery
    /// session through.
    public func requireStepUp(_ signedIn: SignedInUser<some PasskeyUser>) throws(RelyingPartyError) {
        guard !signedIn.isRecoverySession else { throw RelyingPartyError.recoverySessionRestricted }
        try requireRecentVerification(signedIn.verifiedAt)
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

    /// 400 `ceremonySessionMismatch`: a step-up was finished with another session than the one that began it.
    public static var ceremonySessionMismatch: RelyingPartyError {
        RelyingPartyError(
            .badRequest, "This step-up was begun by another session; begin it again with the session you are finishing it with.",
            code: "ceremonySessionMismatch")
    }
}
