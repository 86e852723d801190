/// A verified registration for the app to store: what the passkey routes of PasskeyHummingbird (`PasskeyHooks`) and
/// PasskeyVapor (`PasskeyVaporHooks`) hand to the app's `storeRegistration` hook.
///
/// WebAuthn L3 §7.1 steps 1–25 have passed. Before handing it over, the routes have checked that the credential ID is
/// not stored yet (step 26; not asked of accounts that are ``CredentialIDRefusingAccounts``) and, for a new account,
/// that the name is still free; the app's transaction must still refuse both (with `RelyingPartyError.credentialAlreadyRegistered` and `RelyingPartyError.usernameTaken`),
/// because another request may have stored either in the meantime.
public struct PasskeyRegistration: Sendable {
    /// Whose passkey it is.
    public enum Account: Sendable, Equatable {
        /// Store this account and the credential together, in one transaction.
        case new(NewPasskeyUser)
        /// Add the credential to the account of the session that began the registration, only if that session is
        /// still live and belongs to the account ``PasskeyRegistration/credential``'s `userHandle` names: check it in
        /// the same transaction that inserts the credential, and throw `RelyingPartyError.sessionEnded` otherwise.
        case signedIn(sessionID: String)
    }

    /// Whose passkey it is.
    public let account: Account
    /// Everything the verification established, including the ceremony it finished.
    public let passkey: RegisteredPasskey
    /// The session that began the registration is a recovery session (``SignedInUser/isRecoverySession``), which may
    /// add one passkey: end it in the same transaction that stores the credential, and throw
    /// `RelyingPartyError.sessionEnded` when it has ended already, so registrations finished at once on one recovery
    /// session add exactly one passkey. False for every other registration.
    public let endsSession: Bool

    /// The credential record to store (§7.1 step 27), for the account whose user handle it carries.
    public var credential: CredentialRecord { passkey.credential }

    /// Throws ``HookMismatch/registeredUser`` unless `user` is the account the credential was registered for (its
    /// user handle): call it in the transaction that stores the registration, before committing.
    public func requireAccount(_ user: some PasskeyUser) throws(HookMismatch) {
        guard user.passkeyUserHandle == credential.userHandle else { throw HookMismatch.registeredUser }
    }

    /// A registration of `passkey` for `account`; the routes make these, an app's tests may too.
    public init(account: Account, passkey: RegisteredPasskey, endsSession: Bool = false) {
        self.account = account
        self.passkey = passkey
        self.endsSession = endsSession
    }
}
