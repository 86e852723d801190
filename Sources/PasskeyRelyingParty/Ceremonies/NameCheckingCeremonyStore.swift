/// A ``CeremonyStore`` in the same database as the app's accounts, which can store a new account's registration
/// ceremony only while no account has its name: the name's check and the ceremony's insert in one statement, one
/// round trip instead of two.
///
/// ``Passkeys/beginRegistration(forNewAccount:authenticatorSelection:attestation:extensions:hints:conditional:)`` uses
/// it on its own when its `ceremonies` conform; otherwise it asks ``PasskeyAccounts/user(named:)`` first. Either way
/// the answer is the same, and the name is checked again when the account is stored (another sign-up may take it
/// meanwhile).
///
/// Conform only a store whose accounts are the ones ``PasskeyAccounts/user(named:)`` reads, compared the same way
/// (by ``UsernameKey``, an exact match of the stored name first).
public protocol NameCheckingCeremonyStore: CeremonyStore {
    /// Stores `ceremony` (a registration for a new account named `ceremony.username`) unless an account's name is
    /// `name` or its ``UsernameKey`` is `key`; true when stored, false when the name is taken and nothing was stored.
    func insertIfNameFree(_ ceremony: PendingCeremony, name: String, key: UsernameKey, now: Int64) async throws -> Bool
}
