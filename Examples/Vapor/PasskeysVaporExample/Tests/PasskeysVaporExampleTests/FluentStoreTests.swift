import Fluent
import FluentPostgresDriver
import Foundation
import PasskeyVapor
import Testing
import Vapor

@testable import PasskeysVaporExample

/// `PasskeyCredentialModel`'s storing rules and `FluentPasskeyAccounts`, against the example's real database: a
/// SQLite file, and PostgreSQL when PASSKEYS_TEST_POSTGRES_URL is set.
@Suite("PasskeyVapor's Fluent storage")
struct FluentStoreTests {
    static func record(id: [UInt8], handle: [UInt8], signCount: UInt32) -> CredentialRecord {
        CredentialRecord(
            id: id, userHandle: handle, publicKey: [0xA5, 0x01, 0x02], signCount: signCount, transports: ["internal", "hybrid"],
            aaguid: "00000000-0000-0000-0000-000000000000", format: "none", attestationType: "None", backupEligible: true, backupState: false,
            name: "Passkey", createdAt: 1_700_000_000_000, lastUsedAt: nil)
    }

    @Test("a credential ID is stored once, for any account: a second store is credentialAlreadyRegistered", arguments: Backend.available)
    func duplicateCredential(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            let database = client.app.db
            let id = Array(repeating: UInt8(7), count: 16)
            try await PasskeyCredentialModel.store(Self.record(id: id, handle: [1], signCount: 0), on: database)
            await #expect(throws: RelyingPartyError.credentialAlreadyRegistered) {
                try await PasskeyCredentialModel.store(Self.record(id: id, handle: [2], signCount: 0), on: database)
            }
            // The unique index holds on its own too: a row inserted without the check is refused by the database.
            await #expect(throws: (any Error).self) {
                try await PasskeyCredentialModel(Self.record(id: id, handle: [3], signCount: 0)).create(on: database)
            }
            let stored = try await FluentPasskeyAccounts<User>(database: database).credentials(userHandle: [1])
            #expect(stored.count == 1 && stored.first?.id == id && stored.first?.transports == ["internal", "hybrid"])
        }
    }

    @Test("the signature counter only moves up: an equal or lower counter, or an unknown credential, is signInConflict", arguments: Backend.available)
    func counterOnlyMovesUp(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            let database = client.app.db
            let id = Array(repeating: UInt8(9), count: 16)
            try await PasskeyCredentialModel.store(Self.record(id: id, handle: [1], signCount: 5), on: database)
            var signIn = Self.record(id: id, handle: [1], signCount: 6)
            signIn.lastUsedAt = 1_700_000_100_000
            signIn.backupState = true
            try await PasskeyCredentialModel.recordSignIn(signIn, on: database)
            // A clone replaying counter 6, or an older 4, loses (WebAuthn L3 §6.1.1).
            for stale: UInt32 in [6, 4, 0] {
                await #expect(throws: RelyingPartyError.signInConflict, "counter \(stale)") {
                    try await PasskeyCredentialModel.recordSignIn(Self.record(id: id, handle: [1], signCount: stale), on: database)
                }
            }
            await #expect(throws: RelyingPartyError.signInConflict) {
                try await PasskeyCredentialModel.recordSignIn(Self.record(id: [1, 2, 3], handle: [1], signCount: 9), on: database)
            }
            let stored = try #require(try await FluentPasskeyAccounts<User>(database: database).credentials(userHandle: [1]).first)
            #expect(stored.signCount == 6 && stored.backupState && stored.lastUsedAt == 1_700_000_100_000)

            // An authenticator without a counter (always 0) signs in again and again.
            let counterless = Array(repeating: UInt8(4), count: 16)
            try await PasskeyCredentialModel.store(Self.record(id: counterless, handle: [1], signCount: 0), on: database)
            for _ in 0..<2 { try await PasskeyCredentialModel.recordSignIn(Self.record(id: counterless, handle: [1], signCount: 0), on: database) }
        }
    }
}

/// An outage of the database is 503 with `Retry-After` (`StoreUnavailable`), as in `passkeys serve`, not a 500.
@Suite("PasskeyVapor's Fluent storage: outages")
struct FluentOutageTests {
    @Test("a database that refuses connections is StoreUnavailable for every read and write of the Fluent storage")
    func unreachableDatabase() async throws {
        let app = try await Application.make(.testing)
        // Nothing listens on port 1; a short connect timeout keeps the test quick.
        var configuration = SQLPostgresConfiguration(
            hostname: "127.0.0.1", port: 1, username: "nobody", password: "none", database: "none", tls: .disable)
        configuration.coreConfiguration.options.connectTimeout = .milliseconds(500)
        app.databases.use(.postgres(configuration: configuration, connectionPoolTimeout: .seconds(2)), as: .psql)
        let accounts = FluentPasskeyAccounts<User>(database: app.db)
        await #expect(throws: StoreUnavailable.self) { _ = try await accounts.user(named: "ada") }
        await #expect(throws: StoreUnavailable.self) { _ = try await accounts.credentials(userHandle: [1]) }
        await #expect(throws: StoreUnavailable.self) { _ = try await accounts.credential(id: [1]) }
        await #expect(throws: StoreUnavailable.self) {
            try await PasskeyCredentialModel.store(FluentStoreTests.record(id: [1], handle: [1], signCount: 0), on: app.db)
        }
        await #expect(throws: StoreUnavailable.self) {
            try await PasskeyCredentialModel.recordSignIn(FluentStoreTests.record(id: [1], handle: [1], signCount: 1), on: app.db)
        }
        try await app.asyncShutdown()
    }
}
