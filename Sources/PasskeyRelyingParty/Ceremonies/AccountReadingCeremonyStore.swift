/// A ``CeremonyStore`` in the same database as the app's accounts, which can read the account a sign-in names and
/// store the sign-in's ceremony in one step: one round trip to the database instead of two.
///
/// ``Passkeys/beginAuthentication(username:userVerification:extensions:hints:)`` uses it on its own when its
/// `ceremonies` conform with the accounts' user type; otherwise it asks ``PasskeyAccounts/userWithCredentials(named:)``
/// and then stores the ceremony. Either way the options are the same. Through this store a name with an account and
/// one without also cost the same round trips: one, which stores the ceremony in both cases, with the account's user
/// handle or with the stand-in's. (The default ``PasskeyAccounts/userWithCredentials(named:)`` asks
/// ``PasskeyAccounts/user(named:)`` and then, only for a name with an account, its credentials: one query more for
/// names that exist. Implement it as one query, or conform a store to this protocol, when that matters.)
///
/// Conform only a store whose accounts are the ones ``PasskeyAccounts/userWithCredentials(named:)`` reads, found the
/// same way (the account whose stored name is exactly `name`, else the one whose ``UsernameKey`` is `key`).
public protocol AccountReadingCeremonyStore<User>: CeremonyStore {
    /// The app's user type, the same as its ``PasskeyAccounts/User``.
    associatedtype User: PasskeyUser

    /// Reads the account named `name` (exactly, else by `key`) with its credentials, oldest first, and stores
    /// `ceremony` (a sign-in begun by name) in the same step: with the account's user handle when the account has a
    /// credential, else with `ceremony.userHandle` as given (the name's stand-in). Returns the account and its
    /// credentials (empty when it has none), or nil when no account has the name; the ceremony is stored either way.
    func insertAuthentication(
        _ ceremony: PendingCeremony, readingAccountNamed name: String, key: UsernameKey, now: Int64
    ) async throws
        -> (user: User, credentials: [CredentialRecord])?
}
