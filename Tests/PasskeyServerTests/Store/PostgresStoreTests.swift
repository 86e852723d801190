import Foundation
import Logging
import PasskeyCore
import PasskeyRelyingParty
import SQLKit
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// A PostgreSQL registration writes its account, credential and session in one statement, and every
/// PostgreSQL operation runs on its connection's event loop under a limit that a timer on that loop enforces.
@Suite(
    "PostgreSQL store: one-statement registration, bounded operations",
    .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set"))
struct PostgresStoreTests {
    static func logger() -> Logger {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        return logger
    }

    /// Runs `body` with a store on the test database, shut down afterwards also when `body` throws (async-kit's
    /// pool must be shut down before it is released).
    static func withStore(_ body: (any DatabaseStore) async throws -> Void) async throws {
        let store = try await DatabaseLocation.postgres(try #require(Backend.postgresURL)).openStore(logger: logger())
        do { try await body(store) } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    /// Sessions outlive the test: the database is shared with suites whose servers purge expired sessions by the
    /// real clock.
    static let farFuture: Int64 = 4_102_444_800_000

    /// A registration whose names and IDs no other run of the suite on the same database uses.
    static func registration(_ username: String, credential: [UInt8], token: String) -> (UserRecord, CredentialRecord, SessionRecord) {
        let (user, record, _) = GroupCommitTests.registration(username, credential: 0, token: token)
        let credentialRecord = CredentialRecord(
            id: credential, userHandle: record.userHandle, publicKey: record.publicKey, signCount: 0, transports: record.transports,
            aaguid: record.aaguid, format: record.format, attestationType: record.attestationType, backupEligible: true,
            backupState: false, name: "Passkey", createdAt: 1, lastUsedAt: nil)
        return (user, credentialRecord, SessionRecord(tokenHash: token, userHandle: user.handle, credentialID: credential, expiresAt: farFuture))
    }

    static func unique() -> String { UUID().uuidString }

    @Test("a credential ID stored already refuses the new account whole: no user, no session (WebAuthn L3 §7.1 step 26)")
    func credentialTakenWritesNothing() async throws {
        try await Self.withStore { (store: any DatabaseStore) async throws in
            let run = Self.unique()
            let credential = Array("cred-\(run)".utf8)
            let (first, firstCredential, firstSession) = Self.registration("first-\(run)", credential: credential, token: "t1-\(run)")
            #expect(
                try await store.finishRegistration(newUser: first, credential: firstCredential, session: firstSession, requiredSession: nil, now: 1)
                    == .registered)
            let (second, secondCredential, secondSession) = Self.registration("second-\(run)", credential: credential, token: "t2-\(run)")
            #expect(
                try await store.finishRegistration(
                    newUser: second, credential: secondCredential, session: secondSession, requiredSession: nil, now: 1) == .credentialExists)
            #expect(try await store.user(username: "second-\(run)") == nil, "the refused registration's account is not kept")
            #expect(try await store.session(tokenHash: "t2-\(run)", now: 2) == nil)
            #expect(try await store.credentialWithOwner(id: credential)?.1.username == "first-\(run)", "the first owner keeps the passkey")
        }
    }

    @Test("a new account's ceremony is stored only while its name is free: not for the exact name, nor for a look-alike of it")
    func ceremonyOnlyForFreeNames() async throws {
        try await Self.withStore { (store: any DatabaseStore) async throws in
            let run = Self.unique().prefix(8).lowercased()
            let ceremonies = try #require(store.ceremonies as? any NameCheckingCeremonyStore)
            let (user, credential, session) = Self.registration("ada-\(run)", credential: Array("c-\(run)".utf8), token: "t-\(run)")
            #expect(
                try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
                    == .registered)
            func ceremony(_ name: String) -> PendingCeremony {
                PendingCeremony(
                    challenge: "ch-\(name)-\(UUID().uuidString)", kind: .registration, userHandle: SecureRandom.bytes(32), username: name,
                    displayName: name, userVerification: .preferred, expiresAt: Self.farFuture)
            }
            for taken in ["ada-\(run)", "ADA-\(run.uppercased())", "\u{0430}da-\(run)"] {
                let begun = ceremony(taken)
                #expect(try await ceremonies.insertIfNameFree(begun, name: taken, key: UsernameKey(taken), now: 1) == false, "\(taken)")
                #expect(try await ceremonies.take(challenge: begun.challenge, kind: .registration, now: 1) == nil, "nothing stored for \(taken)")
            }
            let free = ceremony("grace-\(run)")
            #expect(try await ceremonies.insertIfNameFree(free, name: "grace-\(run)", key: UsernameKey("grace-\(run)"), now: 1))
            #expect(try await ceremonies.take(challenge: free.challenge, kind: .registration, now: 1)?.username == "grace-\(run)")
        }
    }

    @Test(
        "a sign-in begun by name reads its account and stores its ceremony in one statement: the account's handle when it has a passkey, the stand-in's otherwise"
    )
    func signInReadsItsAccount() async throws {
        try await Self.withStore { (store: any DatabaseStore) async throws in
            let run = Self.unique().prefix(8).lowercased()
            let ceremonies = try #require(store.ceremonies as? any AccountReadingCeremonyStore<UserRecord>)
            let (user, credential, session) = Self.registration("ada-\(run)", credential: Array("c-\(run)".utf8), token: "t-\(run)")
            #expect(
                try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
                    == .registered)
            let (bare, bareCredential, bareSession) = Self.registration("bob-\(run)", credential: Array("d-\(run)".utf8), token: "u-\(run)")
            #expect(
                try await store.finishRegistration(newUser: bare, credential: bareCredential, session: bareSession, requiredSession: nil, now: 1)
                    == .registered)
            // An account without a passkey (the store refuses to remove the last one; an app's own accounts may have
            // none, as a password account before its first passkey does).
            let postgres = try #require(store as? PostgresStore)
            try await postgres.connections.with { db in
                try await db.raw("DELETE FROM credentials WHERE id = \(bind: Base64URL.encode(bareCredential.id))").run()
            }
            let standIn = Array("stand-in-\(run)".utf8)

            /// Begins a sign-in for `name` and claims its ceremony back: what was read, and the handle stored.
            func begin(_ name: String) async throws -> (read: (user: UserRecord, credentials: [CredentialRecord])?, stored: [UInt8]?) {
                let ceremony = PendingCeremony(
                    challenge: "si-\(name)-\(UUID().uuidString)", kind: .authentication, userHandle: standIn, username: name, displayName: nil,
                    userVerification: .preferred, expiresAt: Self.farFuture)
                let read = try await ceremonies.insertAuthentication(ceremony, readingAccountNamed: name, key: UsernameKey(name), now: 1)
                let claimed = try await ceremonies.take(challenge: ceremony.challenge, kind: .authentication, now: 1)
                #expect(claimed?.username == name, "the ceremony for \(name) is stored")
                return (read, claimed?.userHandle)
            }

            for name in ["ada-\(run)", "ADA-\(run.uppercased())"] {
                let (read, stored) = try await begin(name)
                #expect(read?.user.handle == user.handle && read?.credentials.map(\.id) == [credential.id], "\(name) reads Ada's account")
                #expect(stored == user.handle, "\(name): the ceremony names Ada's account")
            }
            let (bareRead, bareStored) = try await begin("bob-\(run)")
            #expect(bareRead?.user.handle == bare.handle && bareRead?.credentials.isEmpty == true)
            #expect(bareStored == standIn, "an account without a passkey gets the stand-in")
            let (noneRead, noneStored) = try await begin("nobody-\(run)")
            #expect(noneRead == nil)
            #expect(noneStored == standIn, "a name without an account gets the stand-in, and its ceremony is stored all the same")

            // An account stored before keys existed under a look-alike of Ada's name keeps a key no name has
            // (``Schema/usernameKeys(for:)``): every lookup finds it by its exact name first, and Ada by any other.
            let legacyName = "Ada-\(run)"
            let (legacy, legacyCredential, legacySession) = Self.registration("legacy-\(run)", credential: Array("e-\(run)".utf8), token: "v-\(run)")
            #expect(
                try await store.finishRegistration(
                    newUser: legacy, credential: legacyCredential, session: legacySession, requiredSession: nil, now: 1) == .registered)
            try await postgres.connections.with { db in
                try await db.raw(
                    """
                    UPDATE users SET username = \(bind: legacyName), username_key = \(bind: "\u{1}shared:" + Base64URL.encode(legacy.handle))
                    WHERE handle = \(bind: Base64URL.encode(legacy.handle))
                    """
                ).run()
            }
            let (legacyRead, legacyStored) = try await begin(legacyName)
            #expect(legacyRead?.user.handle == legacy.handle && legacyStored == legacy.handle, "the exact name is the legacy account's")
            let (otherRead, otherStored) = try await begin("aDA-\(run)")
            #expect(otherRead?.user.handle == user.handle && otherStored == user.handle, "any other spelling is Ada's")
            #expect(try await store.user(username: legacyName)?.handle == legacy.handle)
            #expect(try await store.userWithCredentials(username: legacyName)?.0.handle == legacy.handle)
            try await store.replaceRecoveryCodes(userHandle: legacy.handle, hashes: ["legacy-code-\(run)"])
            try await store.replaceRecoveryCodes(userHandle: user.handle, hashes: ["ada-code-\(run)"])
            #expect(try await store.recoveryCodeOwner(username: legacyName, codeHash: "legacy-code-\(run)")?.handle == legacy.handle)
            #expect(try await store.recoveryCodeOwner(username: "aDA-\(run)", codeHash: "ada-code-\(run)")?.handle == user.handle)
            #expect(try await store.recoveryCodeOwner(username: "aDA-\(run)", codeHash: "legacy-code-\(run)") == nil)
        }
    }

    @Test("a username taken refuses the registration whole: no credential, no session")
    func usernameTakenWritesNothing() async throws {
        try await Self.withStore { (store: any DatabaseStore) async throws in
            let run = Self.unique()
            let (first, firstCredential, firstSession) = Self.registration("name-\(run)", credential: Array("a-\(run)".utf8), token: "t1-\(run)")
            #expect(
                try await store.finishRegistration(newUser: first, credential: firstCredential, session: firstSession, requiredSession: nil, now: 1)
                    == .registered)
            let (second, secondCredential, secondSession) = Self.registration("name-\(run)", credential: Array("b-\(run)".utf8), token: "t2-\(run)")
            #expect(
                try await store.finishRegistration(
                    newUser: second, credential: secondCredential, session: secondSession, requiredSession: nil, now: 1) == .usernameTaken)
            #expect(try await store.credentialWithOwner(id: Array("b-\(run)".utf8)) == nil)
            #expect(try await store.session(tokenHash: "t2-\(run)", now: 2) == nil)
            let kept = try #require(try await store.userWithCredentials(username: "name-\(run)"))
            #expect(kept.0.handle == first.handle && kept.1.map(\.id) == [firstCredential.id])
            #expect(try await store.session(tokenHash: "t1-\(run)", now: 2)?.credentialID == firstCredential.id)
        }
    }

    @Test("many concurrent registrations: each duplicate username or credential is refused alone, every other one is stored")
    func concurrentOutcomes() async throws {
        try await Self.withStore { (store: any DatabaseStore) async throws in
            let run = Self.unique()
            let outcomes = try await withThrowingTaskGroup(of: (Int, RegistrationOutcome).self) { group in
                for index in 0..<48 {
                    group.addTask {
                        let (user, credential, session) = Self.registration(
                            "n\(index % 16)-\(run)", credential: Array("c\(index % 24)-\(run)".utf8), token: "t\(index)-\(run)")
                        return (
                            index,
                            try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
                        )
                    }
                }
                return try await group.reduce(into: [Int: RegistrationOutcome]()) { $0[$1.0] = $1.1 }
            }
            let registered = GroupCommitTests.expectConsistent(outcomes)
            for index in registered {
                let (user, credentials) = try #require(try await store.userWithCredentials(username: "n\(index % 16)-\(run)"))
                #expect(credentials.map(\.id) == [Array("c\(index % 24)-\(run)".utf8)])
                #expect(try await store.session(tokenHash: "t\(index)-\(run)", now: 2)?.userHandle == user.handle)
            }
            for index in outcomes.keys where !registered.contains(index) {
                #expect(try await store.session(tokenHash: "t\(index)-\(run)", now: 2) == nil, "a refused registration leaves no session")
            }
        }
    }

    @Test(
        "pending ceremonies are an unlogged table (no WAL flush to begin or claim one); accounts, credentials, sessions and recovery codes are logged"
    )
    func unloggedCeremonies() async throws {
        let connections = try PostgresConnections.open(
            url: try #require(Backend.postgresURL), logger: Self.logger(), health: StoreHealth(logger: Self.logger()))
        try await Self.withStore { _ in
            let rows = try await connections.with { db in
                try await db.raw(
                    """
                    SELECT relname, relpersistence::text AS persistence FROM pg_class
                    WHERE relkind = 'r' AND relname IN ('ceremonies', 'users', 'credentials', 'sessions', 'recovery_codes', 'sealed_secrets')
                    AND relnamespace = 'public'::regnamespace
                    """
                ).all()
            }
            let persistence = Dictionary(
                uniqueKeysWithValues: try rows.map {
                    (try $0.decode(column: "relname", as: String.self), try $0.decode(column: "persistence", as: String.self))
                })
            #expect(persistence["ceremonies"] == "u")
            for table in ["users", "credentials", "sessions", "recovery_codes", "sealed_secrets"] {
                #expect(persistence[table] == "p", "\(table) is durable")
            }
        }
        try await connections.shutdown()
    }

    @Test("the username key has its own unique index on PostgreSQL, which a lookup by key uses")
    func usernameKeyIndex() async throws {
        let connections = try PostgresConnections.open(
            url: try #require(Backend.postgresURL), logger: Self.logger(), health: StoreHealth(logger: Self.logger()))
        try await Self.withStore { _ in
            try await connections.with { db in
                let indexes = try await db.raw(
                    "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'users'"
                ).all().map { try $0.decode(column: "indexdef", as: String.self) }
                #expect(indexes.contains { $0.contains("UNIQUE INDEX") && $0.hasSuffix("(username_key)") }, "\(indexes)")
                // The plan of the lookup by key can use the index (before, there was none to use). Sequential scans
                // are ruled out for the question: on a table of a few rows the planner rightly prefers one, and the
                // table's size depends on the tests that ran first.
                try await db.raw("SET enable_seqscan = off").run()
                let plan = try await db.raw("EXPLAIN SELECT handle FROM users WHERE username_key = 'no such key'").all()
                    .map { try $0.decode(column: "QUERY PLAN", as: String.self) }.joined(separator: "\n")
                try await db.raw("RESET enable_seqscan").run()
                #expect(plan.contains("users_username_key_unique"), "\(plan)")
            }
        }
        try await connections.shutdown()
    }

    @Test("the migration leaves the oldest of accounts that came to share a username key with it; the others get keys of their own")
    func usernameKeyMigrationSettlesSharedKeys() async throws {
        let connections = try PostgresConnections.open(
            url: try #require(Backend.postgresURL), logger: Self.logger(), health: StoreHealth(logger: Self.logger()))
        let settle = try #require(
            Schema.migrations.joined().compactMap { step -> String? in
                if case .postgres(let sql) = step, sql.hasPrefix("UPDATE users SET username_key") { return sql }
                return nil
            }.last)
        try await Self.withStore { _ in
            try await connections.with { db in
                // A temporary table named users comes first on the session's search path: the step's own SQL runs
                // against rows the test controls, beside the suite's real accounts.
                try await db.raw("CREATE TEMP TABLE users (LIKE public.users)").run()
                try await db.raw(
                    """
                    INSERT INTO users (handle, username, username_key, confusable_key, display_name, created_at) VALUES
                    ('h-new', 'ADA', 'ada', 'c1', 'Ada', 20), ('h-old', 'Ada', 'ada', 'c2', 'Ada', 10),
                    ('h-bob', 'bob', 'bob', 'c3', 'Bob', 15), ('h-legacy', 'x', NULL, NULL, 'X', 5)
                    """
                ).run()
                try await db.raw("\(unsafeRaw: settle)").run()
                let keys = Dictionary(
                    uniqueKeysWithValues: try await db.raw("SELECT handle, username_key FROM users").all().map {
                        (try $0.decode(column: "handle", as: String.self), try $0.decode(column: "username_key", as: String?.self))
                    })
                try await db.raw("DROP TABLE pg_temp.users").run()
                #expect(keys["h-old"] == "ada")
                #expect(keys["h-new"] == "\u{1}shared:h-new")
                #expect(keys["h-bob"] == "bob")
                #expect(keys["h-legacy"] == .some(nil))
            }
        }
        try await connections.shutdown()
    }

    @Test("a statement sent after the limit closed its connection fails at once as unavailable instead of waiting for good")
    func statementAfterTheLimit() async throws {
        let health = StoreHealth(logger: Self.logger())
        let connections = try PostgresConnections.open(url: try #require(Backend.postgresURL), logger: Self.logger(), health: health)
        // Connections first, so the refusal below is the closed connection's, not a slow connect's.
        for _ in 0..<4 { _ = try await connections.with { db in try await db.raw("SELECT 1 AS one").all() } }
        let started = ContinuousClock.now
        // The operation's first statement outlives the limit's watchdog; its second is sent on the connection the
        // watchdog closed meanwhile. Given up on after 30 s here, so a statement left waiting fails this test
        // instead of hanging it.
        await #expect(throws: StoreUnavailable.self) {
            try await answerByDeadline(.seconds(30)) {
                try await connections.with(limit: .milliseconds(200)) { db in
                    try await Task.sleep(for: .milliseconds(800))
                    try await db.raw("SELECT 1 AS one").run()
                }
            }
        }
        #expect(ContinuousClock.now - started < .seconds(20), "answered after \(ContinuousClock.now - started)")
        let rows = try await connections.with { db in try await db.raw("SELECT 1 AS one").all() }
        #expect(rows.count == 1, "the pool goes on with a new connection")
        try await connections.shutdown()
    }

    @Test("an operation past its limit ends on time as unavailable, and the pool goes on with a new connection")
    func operationLimit() async throws {
        let health = StoreHealth(logger: Self.logger())
        let connections = try PostgresConnections.open(url: try #require(Backend.postgresURL), logger: Self.logger(), health: health)
        // Connections first, so the wait measured below is the statement's. The statement sleeps far past the
        // limit and past the bound checked, so only the limit can end the wait in time, however loaded the machine.
        for _ in 0..<4 { _ = try await connections.with { db in try await db.raw("SELECT 1 AS one").all() } }
        let started = ContinuousClock.now
        await #expect(throws: StoreUnavailable.self) {
            try await connections.with(limit: .milliseconds(300)) { db in try await db.raw("SELECT pg_sleep(30)").run() }
        }
        #expect(ContinuousClock.now - started < .seconds(15), "answered at the limit, not when the statement ended")
        // Every connection of the pool still answers (the closed one is replaced).
        do {
            for _ in 0..<10 {
                let rows = try await connections.with { db in try await db.raw("SELECT 1 AS one").all() }
                #expect(rows.count == 1)
            }
        } catch {
            try? await connections.shutdown()
            throw error
        }
        try await connections.shutdown()
    }
}
