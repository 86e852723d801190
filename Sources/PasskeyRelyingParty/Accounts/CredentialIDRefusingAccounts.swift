/// ``PasskeyAccounts`` whose own write of a new credential refuses an ID that is stored already, for any account:
/// a unique key on the credential ID, checked by the statement or transaction that stores the credential.
///
/// WebAuthn L3 §7.1 step 26 asks a relying party to refuse a credential ID registered before. ``Passkeys`` does it
/// by asking ``PasskeyAccounts/credential(id:)`` before it returns a registration, which protects an app that upserts
/// credentials by ID; the app's transaction must refuse the ID again anyway, since another registration may store it
/// between that read and the app's write. Accounts that conform promise that the write alone refuses it, and
/// ``Passkeys`` then skips the read: one database round trip fewer per registration, and no window
/// between a check and a write at all.
///
/// Conform only when every path that stores a credential refuses a stored ID (a primary key or unique index on the
/// ID, never an upsert); otherwise an authenticator that reuses another user's public credential ID could take over
/// that user's passkey.
public protocol CredentialIDRefusingAccounts: PasskeyAccounts {}
