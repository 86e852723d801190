/// The app's accounts and credentials, as the ceremonies read them. The app implements it over its own database;
/// ``Passkeys`` only reads through it. Storing what a ceremony produced (the new credential, the new counter) is
/// the app's next step after `Passkeys.finishRegistration(_:ceremony:)` and
/// `Passkeys.finishAuthentication(_:ceremony:)`, in its own transaction.
public protocol PasskeyAccounts: Sendable {
    /// The app's user type.
    associatedtype User: PasskeyUser

    /// The account with this user name, for a sign-in begun with a username and to refuse a taken name at sign-up;
    /// nil when there is none.
    ///
    /// Compare names by ``UsernameKey``, not as typed: keep `UsernameKey(name).rawValue` in a unique column and look
    /// the name up by it, so `Ada`, `ADA` and a Cyrillic look-alike `аda` find the account `ada` (and cannot become
    /// accounts of their own). An exact match of the stored name may be tried first.
    func user(named name: String) async throws -> User?

    /// Every credential registered to the account with this user handle (for `excludeCredentials` and
    /// `allowCredentials`); empty when there are none or there is no such account.
    func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord]

    /// The account named `name` and its credentials. The default asks ``user(named:)`` then
    /// ``credentials(userHandle:)``; implement it to fetch both in one query.
    func userWithCredentials(named name: String) async throws -> (user: User, credentials: [CredentialRecord])?

    /// The credential with this ID and the account that owns it, to finish a sign-in, and to refuse a registration
    /// of an ID that is stored already (WebAuthn L3 §7.1 step 26); nil when it is not stored, for any account.
    func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: User)?
}

extension PasskeyAccounts {
    public func userWithCredentials(named name: String) async throws -> (user: User, credentials: [CredentialRecord])? {
        guard let user = try await user(named: name) else { return nil }
        return (user, try await credentials(userHandle: user.passkeyUserHandle))
    }
}
