/// Refusals every relying party that stores accounts makes, in one wording: `passkeys serve`, ``Passkeys``'s HTTP
/// front ends and an app's own storage code throw these, so clients see one code and message per cause.
extension RelyingPartyError {
    /// 403 `usernameTaken`: a new account was asked for under a name an account already has. Says nothing about that
    /// account (not its user handle, not whether it has passkeys).
    public static func usernameTaken(_ name: String) -> RelyingPartyError {
        RelyingPartyError(
            .forbidden, "The username '\(name)' is taken. If it is yours, sign in and add the passkey from your account.", code: "usernameTaken")
    }

    /// 400 `usernameMixesScripts`: a new account's name mixes letters of several scripts (Latin with Cyrillic, say),
    /// the way look-alike names are made (``UsernameScripts``). Names the scripts found, which are the asker's own input.
    public static func usernameMixesScripts(_ name: String) -> RelyingPartyError {
        RelyingPartyError(
            .badRequest,
            "The username '\(name)' mixes letters of several scripts; expected the letters of one script (or Latin with Han, Kana or Hangul), so the name cannot pass for another.",
            code: "usernameMixesScripts")
    }

    /// 400 `credentialAlreadyRegistered`: the credential ID is stored already (WebAuthn L3 §7.1 step 26).
    public static var credentialAlreadyRegistered: RelyingPartyError {
        RelyingPartyError(.badRequest, "This passkey is already registered.", code: "credentialAlreadyRegistered")
    }

    /// 403 `sessionEnded`: the session that began a registration for its account has ended (signed out, expired,
    /// revoked) before the registration was finished.
    public static var sessionEnded: RelyingPartyError {
        RelyingPartyError(
            .forbidden,
            "The session that began this registration has ended (signed out, expired, or its passkey was removed); sign in and begin again.",
            code: "sessionEnded")
    }

    /// 409 `signInConflict`: the sign-in's counter was overtaken by another sign-in with the same passkey, or the
    /// passkey was removed, while it was being verified; no session is started.
    public static var signInConflict: RelyingPartyError {
        RelyingPartyError(
            .conflict,
            "This sign-in was overtaken: the passkey signed in again with the same or a higher counter, or it was removed, at the same moment. No session was started; sign in again.",
            code: "signInConflict")
    }

    /// 401 `notSignedIn`: adding a passkey to an existing account needs that account's session.
    public static var notSignedIn: RelyingPartyError {
        RelyingPartyError(.unauthorized, "Sign in first: adding a passkey to an account needs that account's session.", code: "notSignedIn")
    }

    /// 403 `usernameTaken`: the name was free when the registration began and an account took it before it finished.
    public static func usernameTakenMeanwhile(_ name: String) -> RelyingPartyError {
        RelyingPartyError(.forbidden, "The username '\(name)' was taken while this registration was in progress.", code: "usernameTaken")
    }

    /// 400 `ceremonySealingKeyMissing`: a ceremony was to be kept by the caller, or one kept by the caller was passed
    /// back, and this relying party has no ``CeremonySealingKey`` to seal or open it with. A ceremony kept unsealed
    /// could be edited (another user's handle, user verification off, a later expiry) and replayed, so none is
    /// accepted: configure a sealing key, or a ``CeremonyStore`` and pass no ceremony.
    public static var ceremonySealingKeyMissing: RelyingPartyError {
        RelyingPartyError(
            .badRequest,
            "This relying party has no ceremony sealing key, so it neither hands out nor accepts ceremonies kept by the caller: configure a sealing key, or a ceremony store and pass no ceremony.",
            code: "ceremonySealingKeyMissing")
    }

    /// 400 `ceremonyUserMismatch`: a sign-in was finished where it was not begun: a finish bound to one account got
    /// a response to a sign-in begun for another account or discoverably, or the plain finish got a response to a
    /// sign-in begun `for:` an account (a confirmation, which starts no session).
    public static var ceremonyUserMismatch: RelyingPartyError {
        RelyingPartyError(
            .badRequest, "This sign-in was begun for another purpose or another account than the one finishing it; begin again here.",
            code: "ceremonyUserMismatch")
    }

    /// 403 `accountDeleted`: the account a passkey was being added to was deleted before the registration finished.
    public static var accountDeleted: RelyingPartyError {
        RelyingPartyError(.forbidden, "The account this passkey was for was deleted while the registration was in progress.", code: "accountDeleted")
    }

    /// 403 `recoverySessionRestricted`: a recovery session (started with a recovery code) may only register one new
    /// passkey for its account; everything else needs a session that a passkey started.
    public static var recoverySessionRestricted: RelyingPartyError {
        RelyingPartyError(
            .forbidden, "This is a recovery session: it can only register a new passkey for this account. Register one, then sign in with it.",
            code: "recoverySessionRestricted")
    }
}
