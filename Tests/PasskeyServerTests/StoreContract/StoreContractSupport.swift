import Foundation
import GRDB
import Logging
import PasskeyCore
import SQLKit
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// What the store contract suites share: a store on a database of its own, shut down afterwards, and the rows they
/// build. Nothing here checks anything; each suite states the contract it tests.
///
/// Each suite runs its tests one at a time (`.serialized`): every test opens stores of its own, and with the rest of
/// the suite running beside them, all at once they took more PostgreSQL connections than the test server allows.
enum Contract {
    /// Later than any clock the tests give: rows that must not expire during a test.
    static let far: Int64 = 4_102_444_800_000
    /// The relying party's clock in the tests: before every expiry they set.
    static let now: Int64 = 1_000_000

    static func logger() -> Logger {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        return logger
    }

    /// Runs `body` with a store on a database no other test uses (``Backend/ownLocation()``), shut down afterwards also
    /// when `body` throws. `body` is given the location too, to open a second instance on the same database.
    static func withStore(_ backend: Backend, _ body: (any DatabaseStore, DatabaseLocation) async throws -> Void) async throws {
        try await withDatabase(backend) { (location) async throws in
            try await withInstance(location) { store in try await body(store, location) }
        }
    }

    /// Runs `body` with a database no other test uses; an SQLite file is removed afterwards.
    static func withDatabase(_ backend: Backend, _ body: (DatabaseLocation) async throws -> Void) async throws {
        let location = try await backend.ownLocation()
        defer {
            if case .sqliteFile(let path) = location {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }
        try await body(location)
    }

    /// Runs `body` with another instance on `location`, shut down afterwards.
    static func withInstance(_ location: DatabaseLocation, _ body: (any DatabaseStore) async throws -> Void) async throws {
        let store = try await location.openStore(logger: logger())
        do { try await body(store) } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    /// Runs one SQL statement on the store's database, for the states no store step makes (a schema from a newer build).
    static func execute(_ sql: String, on store: any DatabaseStore) async throws {
        if let sqlite = store as? SQLiteStore {
            try await sqlite.write { db in try db.execute(sql: sql) }
        } else {
            let postgres = try #require(store as? PostgresStore)
            try await postgres.connections.with { db in try await db.raw("\(unsafeRaw: sql)").run() }
        }
    }

    static func unique(_ prefix: String) -> String { prefix + "-" + UUID().uuidString.prefix(8).lowercased() }

    static func handle() -> [UInt8] { SecureRandom.bytes(32) }

    static func credential(
        _ id: [UInt8] = SecureRandom.bytes(16), for handle: [UInt8], signCount: UInt32 = 0, name: String = "Passkey"
    )
        -> CredentialRecord
    {
        CredentialRecord(
            id: id, userHandle: handle, publicKey: [1, 2, 3], signCount: signCount, transports: ["internal", "hybrid"],
            aaguid: "00000000-0000-0000-0000-000000000000", format: "none", attestationType: "None", backupEligible: true, backupState: false,
            name: name, createdAt: 1, lastUsedAt: nil, uvInitialized: false)
    }

    static func session(for handle: [UInt8], credential: [UInt8]?, expiresAt: Int64 = far, isRecovery: Bool = false) -> SessionRecord {
        SessionRecord(
            tokenHash: unique("token"), userHandle: handle, credentialID: credential, expiresAt: expiresAt, verifiedAt: nil, isRecovery: isRecovery,
            startedAt: now, authenticationMethods: isRecovery ? [] : ["hwk", "user"])
    }

    /// A registered account: its user, first passkey and the session that registration started.
    struct Account {
        let user: UserRecord
        let credential: CredentialRecord
        let session: SessionRecord
        var handle: [UInt8] { user.handle }
    }

    /// Registers a new account, with `recoveryCodes` (keyed hashes) when given.
    static func register(_ store: any Store, name: String = unique("user"), recoveryCodes: [String] = []) async throws -> Account {
        let handle = handle()
        let user = UserRecord(handle: handle, username: name, displayName: "User \(name)", createdAt: 1)
        let credential = credential(for: handle, signCount: 1)
        let session = session(for: handle, credential: credential.id)
        let outcome = try await store.finishRegistration(
            newUser: user, credential: credential, session: session, requiredSession: nil, endsRequiredSession: false,
            recoveryCodeHashes: recoveryCodes, now: now)
        try #require(outcome == .registered)
        return Account(user: user, credential: credential, session: session)
    }

    /// Adds a passkey to `account` through its session; returns the passkey and the session its registration started.
    static func addPasskey(_ store: any Store, to account: Account) async throws -> (CredentialRecord, SessionRecord) {
        let credential = credential(for: account.handle, signCount: 1, name: "Second")
        let session = session(for: account.handle, credential: credential.id)
        let outcome = try await store.finishRegistration(
            newUser: nil, credential: credential, session: session, requiredSession: account.session.tokenHash, now: now)
        try #require(outcome == .registered)
        return (credential, session)
    }

    /// Events that record, in their body, the token hashes of the sessions a step ended (sorted, comma-separated),
    /// for ``endedSessions(_:endpoint:)`` to read back from the outbox.
    static func recordingEndedSessions(_ endpoint: String) -> ChangeRecord {
        ChangeRecord(endpoints: [endpoint]) { ended in
            [
                OutboxEvent(
                    id: "evt_" + Base64URL.encode(SecureRandom.bytes(16)), type: .sessionRevoked, userKey: "",
                    payload: ended.sorted().joined(separator: ","))
            ]
        }
    }

    /// What the events of ``recordingEndedSessions(_:)`` reported, one entry per step that wrote them.
    static func endedSessions(_ store: any DatabaseStore, endpoint: String) async throws -> [[String]] {
        var reports: [[String]] = []
        while let head = try await store.deliverableEvents(endpoint: endpoint, now: far, limit: 1).first {
            reports.append(head.payload.split(separator: ",").map(String.init))
            try await store.recordDelivered(head, endpoint: endpoint)
        }
        return reports
    }

    static func ceremony(
        _ challenge: String = unique("challenge"), kind: PendingCeremony.Kind = .authentication, user: [UInt8]? = nil, expiresAt: Int64 = far
    ) -> PendingCeremony {
        PendingCeremony(
            challenge: challenge, kind: kind, userHandle: user, username: user == nil ? nil : "someone", displayName: nil,
            userVerification: .preferred, expiresAt: expiresAt, sessionHash: nil, boundToUser: false, conditional: false)
    }

    /// Runs `count` calls of `body` at once and returns their results in call order.
    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count { group.addTask { (index, try await body(index)) } }
            var results: [Int: T] = [:]
            for try await (index, result) in group { results[index] = result }
            return try (0..<count).map { try #require(results[$0]) }
        }
    }
}
