/// Which account a registration is for, as the app decides it at `POST attestation/options`
/// (the `registrationTarget` hook of PasskeyHummingbird's `PasskeyHooks` and PasskeyVapor's `PasskeyVaporHooks`).
///
/// There is deliberately no case that names an arbitrary existing user: an existing account gets a passkey only
/// through its own session (``signedInUser``), and a new account only under a name no account has (the routes check
/// `PasskeyAccounts.user(named:)` and refuse a taken name with 403 without revealing anything about its owner).
/// To refuse a registration altogether, throw a `RelyingPartyError` (its status and code are the answer).
public enum RegistrationTarget: Sendable, Equatable {
    /// A new account with this name, and a fresh random user handle (WebAuthn L3 §14.6.1). Refused with 403
    /// `usernameTaken` when an account already has the name.
    case newAccount(name: String, displayName: String)
    /// The signed-in user adds a passkey; the ceremony is bound to their session (``SignedInUser/sessionID``), and
    /// their existing passkeys are listed in `excludeCredentials`. Refused with 401 when nobody is signed in.
    case signedInUser
}
