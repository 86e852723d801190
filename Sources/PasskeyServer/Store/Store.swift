/// Persistence for the relying party. One implementation, ``SQLStore``, serves SQLite and PostgreSQL.
///
/// Every method is one atomic step; the relying party never needs a transaction spanning calls, because the only
/// contended step (finishing a ceremony) is a single `DELETE … RETURNING`.
public protocol Store: Sendable {
    func user(handle: [UInt8]) async throws -> UserRecord?
    func user(username: String) async throws -> UserRecord?
    /// Inserts a user; false when the username is already taken.
    func insertUser(_ user: UserRecord) async throws -> Bool

    func credential(id: [UInt8]) async throws -> CredentialRecord?
    func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord]
    /// Inserts a credential; false when its ID is already registered (WebAuthn L3 §7.1 step 26).
    func insertCredential(_ credential: CredentialRecord) async throws -> Bool
    /// Renames a credential of `userHandle`; false when there is no such credential.
    func renameCredential(id: [UInt8], userHandle: [UInt8], name: String) async throws -> Bool
    /// Deletes a credential of `userHandle`; false when there is no such credential.
    func deleteCredential(id: [UInt8], userHandle: [UInt8]) async throws -> Bool

    func insertCeremony(_ ceremony: PendingCeremony) async throws
    /// Removes and returns the ceremony with this challenge and kind, if it has not expired. Atomic: of any number of
    /// concurrent calls for one challenge, exactly one gets it.
    func takeCeremony(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony?

    /// A user and their credentials in one step (the options endpoints need both).
    func userWithCredentials(username: String) async throws -> (UserRecord, [CredentialRecord])?
    /// A credential and the account that owns it, in one step.
    func credentialWithOwner(id: [UInt8]) async throws -> (CredentialRecord, UserRecord)?
    /// A successful sign-in: the credential's counter, backup state and last use (§7.2 step 26), and the new session.
    func recordSignIn(credentialID: [UInt8], signCount: UInt32, backupState: Bool, at: Int64, session: SessionRecord) async throws

    func insertSession(_ session: SessionRecord) async throws
    func session(tokenHash: String, now: Int64) async throws -> SessionRecord?
    func deleteSession(tokenHash: String) async throws
    /// Removes expired ceremonies and sessions.
    func purgeExpired(now: Int64) async throws
}
