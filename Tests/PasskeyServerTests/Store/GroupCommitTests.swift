import Foundation
import Logging
import PasskeyServer
import Testing

/// The SQLite store commits concurrent requests' writes together; each write still stands or falls alone.
@Suite("SQLite group commit")
struct GroupCommitTests {
    static func open() async throws -> (any DatabaseStore, String) {
        try await open(at: FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-group-\(UUID().uuidString).sqlite").path)
    }

    static func open(at path: String) async throws -> (any DatabaseStore, String) {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        return (try await DatabaseLocation.sqliteFile(path).openStore(logger: logger), path)
    }

    static func registration(_ username: String, credential: UInt8, token: String) -> (UserRecord, CredentialRecord, SessionRecord) {
        let handle = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let user = UserRecord(handle: handle, username: username, displayName: username, createdAt: 1)
        let record = CredentialRecord(
            id: [credential, 7, 7], userHandle: handle, publicKey: [1, 2, 3], signCount: 0, transports: ["internal"],
            aaguid: "00000000-0000-0000-0000-000000000000",
            format: "none", attestationType: "none", backupEligible: true, backupState: false, name: "Passkey", createdAt: 1, lastUsedAt: nil)
        return (user, record, SessionRecord(tokenHash: token, userHandle: handle, credentialID: record.id, expiresAt: 1_000_000))
    }

    /// The registrations kept, once checked against the refusals: registration `i` used name `i % 16` and credential
    /// `i % 24`, so no name or credential may be kept twice and every refusal must name a conflict with one kept.
    static func expectConsistent(_ outcomes: [Int: RegistrationOutcome]) -> [Int] {
        let registered = outcomes.filter { $0.value == .registered }.map(\.key)
        #expect(Set(registered.map { $0 % 16 }).count == registered.count, "no name twice")
        #expect(Set(registered.map { $0 % 24 }).count == registered.count, "no credential ID twice")
        for (index, outcome) in outcomes where outcome != .registered {
            switch outcome {
            case .usernameTaken: #expect(registered.contains { $0 % 16 == index % 16 }, "\(index): name taken by whom?")
            case .credentialExists: #expect(registered.contains { $0 % 24 == index % 24 }, "\(index): credential taken by whom?")
            default: Issue.record("\(index): unexpected \(outcome)")
            }
        }
        return registered
    }

    @Test("many concurrent registrations: each duplicate username or credential is refused alone, every other one is stored")
    func concurrentOutcomes() async throws {
        let (store, path) = try await Self.open()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 48 registrations: names repeat every 16 and credential IDs every 24, so some lose on the name, some on the
        // credential, and the winners must all be there afterwards.
        let outcomes = try await withThrowingTaskGroup(of: (Int, RegistrationOutcome).self) { group in
            for index in 0..<48 {
                group.addTask {
                    let (user, credential, session) = Self.registration("name-\(index % 16)", credential: UInt8(index % 24), token: "token-\(index)")
                    return (
                        index,
                        try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
                    )
                }
            }
            return try await group.reduce(into: [Int: RegistrationOutcome]()) { $0[$1.0] = $1.1 }
        }
        let registered = Self.expectConsistent(outcomes)
        #expect(registered.count >= 12, "\(outcomes)")
        for index in registered {
            let user = try #require(try await store.user(username: "name-\(index % 16)"))
            #expect(try await store.credentials(userHandle: user.handle).map(\.id) == [[UInt8(index % 24), 7, 7]])
            #expect(
                try await store.session(tokenHash: "token-\(index)", now: 2)?.userHandle == user.handle,
                "the session of a refused registration is rolled back with it")
        }
        for index in outcomes.keys where !registered.contains(index) {
            #expect(try await store.session(tokenHash: "token-\(index)", now: 2) == nil, "a refused registration leaves no session")
        }
        try await store.shutdown()
    }

    @Test("a write that fails on a constraint fails alone; writes committed with it are durable after reopening")
    func failureIsolatedAndDurable() async throws {
        let (store, path) = try await Self.open()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (user, credential, session) = Self.registration("first", credential: 1, token: "shared-token")
        #expect(
            try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1) == .registered)
        // Concurrent sign-ins: the ones reusing the session token hash violate its primary key and must throw; the
        // ones with fresh tokens must land, whatever batches the writer formed.
        let results = await withTaskGroup(of: (Int, Bool?).self) { group in
            for index in 1...20 {
                group.addTask {
                    let token = index.isMultiple(of: 4) ? "shared-token" : "fresh-\(index)"
                    let next = SessionRecord(tokenHash: token, userHandle: user.handle, credentialID: credential.id, expiresAt: 1_000_000)
                    return (
                        index,
                        try? await store.recordSignIn(
                            credentialID: credential.id, signCount: UInt32(index), backupState: false, uvInitialized: true, at: 5, session: next)
                    )
                }
            }
            return await group.reduce(into: [Int: Bool?]()) { $0[$1.0] = $1.1 }
        }
        for (index, result) in results where index.isMultiple(of: 4) {
            // It fails on the key, or (when a sign-in with a higher counter landed first) is refused as a stale
            // counter before its insert: either way it does not land.
            #expect(result != true, "sign-in \(index) reused a token hash: it must fail")
        }
        let kept = results.filter { !$0.key.isMultiple(of: 4) && $0.value == true }.map(\.key)
        #expect(!kept.isEmpty)
        try await store.shutdown()

        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let reopened = try await DatabaseLocation.sqliteFile(path).openStore(logger: logger)
        for index in kept { #expect(try await reopened.session(tokenHash: "fresh-\(index)", now: 6) != nil) }
        let stored = try #require(try await reopened.credential(id: credential.id))
        #expect(stored.signCount == UInt32(kept.max() ?? 0), "the counter is the highest one that landed")
        try await reopened.shutdown()
    }
}
