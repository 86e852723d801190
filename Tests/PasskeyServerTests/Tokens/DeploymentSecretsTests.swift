import Foundation
import GRDB
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The stand-in and recovery-code keys, kept in a plain table by earlier releases, are sealed secrets like the others.
@Suite struct DeploymentSecretsTests {
    static let kek = try! KeyEncryptionKey(bytes: Array(repeating: 5, count: 32))

    @Test("an earlier release's plain secrets keep their values, and a server with a key-encryption key seals them at start")
    func upgradeSeals() async throws {
        let file = TemporarySQLiteFile("passkeys-deployment-secrets")
        defer { file.remove() }
        let before = try #require(Schema.migrations.firstIndex { $0 == Schema.sealedDeploymentSecrets })
        let (standIn, recovery) = (SecureRandom.bytes(32), SecureRandom.bytes(32))
        let earlier = try DatabaseQueue(path: file.path)
        try await earlier.write { db in
            try SQLiteStore.migrate(db, through: before)
            for (name, value) in [(SealedSecret.standInCredentials, standIn), (SealedSecret.recoveryCodes, recovery)] {
                try db.execute(sql: "INSERT INTO secrets (name, value) VALUES (?, ?)", arguments: [name, Base64URL.encode(value)])
            }
        }
        try earlier.close()

        var configuration = TestServer.configuration(.sqliteFile(file.path))
        configuration.tokens.keyEncryptionKey = Self.kek
        try await TestServer.withServer(configuration) { _ in }

        let logger = Logger(label: "test")
        let store = try await SQLiteStore.open(path: file.path, logger: logger, health: StoreHealth(logger: logger))
        defer { Task { try? await store.shutdown() } }
        let sealer = SecretSealer(key: Self.kek)
        for (name, value) in [(SealedSecret.standInCredentials, standIn), (SealedSecret.recoveryCodes, recovery)] {
            let stored = try await store.sealedSecret(named: name) { "unused" }
            #expect(stored.hasPrefix("kek1:\(Self.kek.fingerprint):"), "\(name) sealed at rest")
            #expect(try sealer.open(stored, context: SealedSecret.context(name)) == value, "\(name) keeps its value")
        }
        let tables = try await store.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tables.contains("secrets"), "no plain copy is left behind")
    }

    @Test("a key-encryption key that does not open the recovery-code key stops the start")
    func wrongKeyStops() async throws {
        let file = TemporarySQLiteFile("passkeys-deployment-secrets-wrong")
        defer { file.remove() }
        var configuration = TestServer.configuration(.sqliteFile(file.path))
        configuration.tokens.keyEncryptionKey = Self.kek
        try await TestServer.withServer(configuration) { _ in }
        // Every other sealed value is opened by the new key: only the recovery-code key is the old one's.
        let logger = Logger(label: "test")
        let store = try await SQLiteStore.open(path: file.path, logger: logger, health: StoreHealth(logger: logger))
        let other = try KeyEncryptionKey(bytes: Array(repeating: 6, count: 32))
        _ = try await SealedValues.reseal(store: store, sealer: SecretSealer(key: other, previous: Self.kek))
        let foreign = try SecretSealer(key: Self.kek).seal(SecureRandom.bytes(32), context: SealedSecret.context(SealedSecret.recoveryCodes))
        let current = try await store.sealedSecret(named: SealedSecret.recoveryCodes) { "unused" }
        try await store.resealSecret(named: SealedSecret.recoveryCodes, value: foreign, replacing: current)
        try await store.shutdown()

        configuration.tokens.keyEncryptionKey = other
        await #expect(throws: SealedSecretUnreadable.self) { try await TestServer.withServer(configuration) { _ in } }
    }
}
