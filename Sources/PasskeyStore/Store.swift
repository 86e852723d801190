/// Persistence for the relying party: ``SQLiteStore`` (one file, one process) and ``PostgresStore`` (shared by
/// several instances); ``DatabaseLocation/openStore(logger:health:)`` opens the right one.
///
/// Every method is one atomic step (one statement or one transaction): the relying party never holds a transaction
/// across calls. Each step that changes something writes the events it raises (``ChangeRecord``, the outbox for
/// webhooks) in its own transaction; the overloads without `events` write none. The steps that decide who owns what — finishing a registration, recording a sign-in, removing a
/// passkey or an account — are each a single transaction, so no interleaving of requests can leave a passkey-less
/// account behind, a counter lowered, or a session alive for a passkey that is gone.
public protocol Store: Sendable {
    func user(handle: [UInt8]) async throws -> UserRecord?
    func user(username: String) async throws -> UserRecord?

    func credential(id: [UInt8]) async throws -> CredentialRecord?
    func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord]
    /// Renames a credential of `userHandle`; false when there is no such credential.
    func renameCredential(id: [UInt8], userHandle: [UInt8], name: String, events: ChangeRecord) async throws -> Bool

    /// A finished registration in one transaction: the account (when `newUser` is given; its username must be free),
    /// the credential (its ID must be new, WebAuthn L3 §7.1 step 26) and the session it starts. Without `newUser`
    /// the credential joins the existing account `credential.userHandle`, which must still exist, and so must its
    /// session `requiredSession` (the one that began the ceremony) at `now`; with `endsRequiredSession` (a recovery
    /// session, which adds one passkey) that session is deleted in the same transaction, so of several registrations
    /// finished at once on it only one is stored. `recoveryCodeHashes` (a new account's recovery codes, keyed hashes)
    /// are stored in the same transaction, in one statement.
    func finishRegistration(
        newUser: UserRecord?, credential: CredentialRecord, session: SessionRecord, requiredSession: String?, endsRequiredSession: Bool,
        recoveryCodeHashes: [String], now: Int64, events: ChangeRecord
    ) async throws -> RegistrationOutcome

    /// Removes a credential of `userHandle` and ends the sessions it started, except `keepingSession` (the session
    /// that asked). Refuses to remove an account's last credential: the account would be left without a way in.
    /// `events` is given the token hashes of the sessions that ended.
    func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?, events: ChangeRecord) async throws -> CredentialDeletion
    /// Removes an account with all its credentials, sessions and pending ceremonies; false when there is none.
    func deleteAccount(userHandle: [UInt8], events: ChangeRecord) async throws -> Bool

    /// Where begun ceremonies wait for their result.
    var ceremonies: any CeremonyStore { get }

    /// A user and their credentials in one step (the options endpoints need both).
    func userWithCredentials(username: String) async throws -> (UserRecord, [CredentialRecord])?
    /// A credential and the account that owns it, in one step.
    func credentialWithOwner(id: [UInt8]) async throws -> (CredentialRecord, UserRecord)?
    /// A successful sign-in (§7.2 steps 22 and 24), in one transaction: the credential's counter moves only upward (a
    /// counter of zero may stay zero), its backup state and last use are updated, `uv_initialized` turns true when
    /// `uvInitialized` is (never back), and the session is stored. False
    /// when the update lost: another sign-in stored this counter or a higher one first, or the credential was removed
    /// meanwhile; then no session is stored.
    func recordSignIn(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at: Int64, session: SessionRecord, events: ChangeRecord
    ) async throws -> Bool

    func session(tokenHash: String, now: Int64) async throws -> SessionRecord?
    /// Ends the session; `events` is given its token hash when it was there to end.
    func deleteSession(tokenHash: String, events: ChangeRecord) async throws
    /// Ends every session of the account except `tokenHash` ("sign out everywhere else"); `events` is given the token
    /// hashes of those that ended.
    func deleteSessions(userHandle: [UInt8], except tokenHash: String, events: ChangeRecord) async throws
    /// A step-up (re-verification), in one transaction: the credential's counter, backup state and last use as in
    /// ``recordSignIn(credentialID:signCount:backupState:uvInitialized:at:session:)``, and the session `tokenHash` marked verified
    /// at `at` (and verified with user verification at `at` when `userVerified`). False, with nothing changed, when the
    /// counter update lost or the session has ended.
    func recordReverification(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, userVerified: Bool, at: Int64, tokenHash: String,
        events: ChangeRecord
    ) async throws -> Bool

    /// Replaces the account's recovery codes with `hashes` (keyed hashes, never the codes), in one transaction.
    func replaceRecoveryCodes(userHandle: [UInt8], hashes: [String], events: ChangeRecord) async throws
    /// How many unused recovery codes the account has.
    func recoveryCodeCount(userHandle: [UInt8]) async throws -> Int
    /// The account named `username` when one of its unused recovery codes has the keyed hash `codeHash`; nil
    /// otherwise. One statement, and the same one for every name (with an account or without): a recovery's work
    /// must not tell which names have accounts.
    func recoveryCodeOwner(username: String, codeHash: String) async throws -> UserRecord?
    /// Uses a recovery code, in one transaction: removes it (false, and nothing else done, when it is gone: a
    /// concurrent request used it first), ends every session of the account and stores the recovery `session`;
    /// `events` is given the token hashes of the sessions that ended.
    func useRecoveryCode(userHandle: [UInt8], hash: String, session: SessionRecord, events: ChangeRecord) async throws -> Bool

    /// Removes expired sessions and ceremonies.
    func purgeExpired(now: Int64) async throws

    /// Returns when the database answers and its schema is the one this build expects; throws
    /// ``StoreUnavailable`` otherwise.
    func checkReadiness() async throws

    /// Raises the highest FIDO metadata serial recorded for `publisher` to `serial` when it is lower, and returns the
    /// highest recorded (``MetadataSerialFloor``), in one statement.
    func raiseMetadataSerial(publisher: String, to serial: Int64) async throws -> Int64
}

extension Store {
    /// A finished registration that stores no recovery codes and ends no session.
    public func finishRegistration(
        newUser: UserRecord?, credential: CredentialRecord, session: SessionRecord, requiredSession: String?, now: Int64
    ) async throws -> RegistrationOutcome {
        try await finishRegistration(
            newUser: newUser, credential: credential, session: session, requiredSession: requiredSession, endsRequiredSession: false,
            recoveryCodeHashes: [], now: now, events: .none)
    }
}

/// A ``Store`` on a database the server opened: its health for `/metrics` and `/readyz`, its event outbox, its signing keys
/// and API keys, what the operator's API reads (``AdminStore``), the OpenID Provider's clients, codes and refresh
/// tokens (``OpenIDStore``), and a way to close it.
public protocol DatabaseStore: Store, EventOutboxStore, TokenStore, AdminStore, OpenIDStore {
    /// Whether the database has been answering (for logs, `/metrics` and `/readyz`).
    var health: StoreHealth { get }
    /// SQL statements run since the store was opened (`passkeys_sql_statements_total`).
    var statementsExecuted: Int { get }
    /// Writes a consistent copy of the database to the new file `path` while it is in use. Only SQLite; PostgreSQL
    /// has `pg_dump` (docs/deploy.md).
    func backup(to path: String) async throws
    func shutdown() async throws
}

/// What ``Store/finishRegistration(newUser:credential:session:requiredSession:endsRequiredSession:recoveryCodeHashes:now:)`` did.
public enum RegistrationOutcome: Sendable, Equatable {
    case registered
    /// Another registration took the username first.
    case usernameTaken
    /// The credential ID is registered already (§7.1 step 26).
    case credentialExists
    /// The account this passkey was to join was deleted while the ceremony ran.
    case accountGone
    /// The session that began the ceremony ended (signed out, expired, or its passkey was removed).
    case sessionEnded
}

/// What ``Store/deleteCredential(id:userHandle:keepingSession:)`` did.
public enum CredentialDeletion: Sendable, Equatable {
    case deleted
    /// No such credential belongs to the account.
    case notFound
    /// It is the account's last credential; only deleting the account removes it.
    case lastCredential
}
