import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `TokenStore` (Sources/PasskeyStore/TokenStore.swift): signing keys of which one per (algorithm, generation) is kept,
/// secrets made once, replacements only of the value expected, and API keys revoked once.
@Suite("Store contract: TokenStore", .serialized)
struct TokenStoreContractTests {
    static let requirements = [
        "signingKeys(algorithm:)", "insertSigningKey(_:)", "resealSigningKey(kid:privateKey:replacing:)", "deleteSigningKeys(publishedBefore:)",
        "sealedSecret(named:generate:)", "resealSecret(named:value:replacing:)", "insertAPIKey(_:audit:)", "apiKey(hash:)", "apiKeys()",
        "revokeAPIKey(id:at:audit:)", "retireSigningKey(kid:at:audit:)", "signingKeyExists(kid:)", "sealedSecrets()",
        "secretVersions(named:)", "insertSecretVersion(_:audit:)", "resealSecretVersion(named:version:value:replacing:)",
    ]

    static func key(
        _ algorithm: String, generation: Int64, publishedUntil: Int64 = Contract.far, privateKey: String = "sealed"
    )
        -> SigningKeyRecord
    {
        SigningKeyRecord(
            kid: Contract.unique("kid"), algorithm: algorithm, generation: generation, privateKey: privateKey, publicJWK: #"{"kty":"EC"}"#,
            createdAt: generation, signsFrom: generation * 10, signsUntil: generation * 10 + 10, publishedUntil: publishedUntil)
    }

    static func apiKey(createdAt: Int64, scopes: Set<APIKeyScope>? = [.introspect]) -> APIKeyRecord {
        APIKeyRecord(
            id: Contract.unique("key"), name: "backend", keyHash: Contract.unique("hash"), hint: "abcd", createdAt: createdAt, revokedAt: nil,
            scopes: scopes)
    }

    /// An entry of `action` no other test writes (its detail names `marker`).
    static func entry(_ action: AuditAction, marker: String) -> AuditEntry {
        AuditEntry(
            time: 7, userID: nil, action: action.rawValue, actor: AuditActor(kind: .cli, name: "ops"), clientAddress: nil, outcome: "success",
            detail: #"{"marker":"\#(marker)"}"#)
    }

    /// The entries whose detail names `marker`.
    static func entries(_ store: any DatabaseStore, marker: String) async throws -> [AuditEntry] {
        try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 1000)).filter {
            $0.detail?.contains(marker) == true
        }
    }

    @Test("signingKeys(algorithm:) lists that algorithm's keys only, oldest generation first", arguments: Backend.all)
    func signingKeys(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let keys = [Self.key("ES256", generation: 2), Self.key("ES256", generation: 1), Self.key("ES256", generation: 3)]
            for key in keys + [Self.key("RS256", generation: 1)] { #expect(try await store.insertSigningKey(key)) }
            #expect(try await store.signingKeys(algorithm: "ES256") == keys.sorted { $0.generation < $1.generation })
            #expect(try await store.signingKeys(algorithm: "EdDSA").isEmpty)
        }
    }

    @Test("insertSigningKey stores a key unless its algorithm and generation exist already: false then, the first one kept", arguments: Backend.all)
    func insertSigningKey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let first = Self.key("ES256", generation: 1)
            #expect(try await store.insertSigningKey(first))
            #expect(try await !store.insertSigningKey(Self.key("ES256", generation: 1)), "another instance made it first")
            #expect(try await store.insertSigningKey(Self.key("RS256", generation: 1)), "generations count per algorithm")
            #expect(try await store.signingKeys(algorithm: "ES256") == [first])
        }
    }

    @Test("resealSigningKey replaces the sealed private key only while it is still the one expected", arguments: Backend.all)
    func resealSigningKey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let key = Self.key("ES256", generation: 1, privateKey: "plain")
            #expect(try await store.insertSigningKey(key))
            try await store.resealSigningKey(kid: key.kid, privateKey: "sealed-by-other", replacing: "not-the-stored-one")
            #expect(try await store.signingKeys(algorithm: "ES256").first?.privateKey == "plain")
            try await store.resealSigningKey(kid: key.kid, privateKey: "sealed", replacing: "plain")
            #expect(try await store.signingKeys(algorithm: "ES256").first?.privateKey == "sealed")
        }
    }

    @Test("deleteSigningKeys removes the keys whose publication ended before the time, and keeps the rest", arguments: Backend.all)
    func deleteSigningKeys(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let ended = Self.key("ES256", generation: 1, publishedUntil: 99)
            let endsThen = Self.key("ES256", generation: 2, publishedUntil: 100)
            let live = Self.key("ES256", generation: 3, publishedUntil: 500)
            for key in [ended, endsThen, live] { #expect(try await store.insertSigningKey(key)) }
            try await store.deleteSigningKeys(publishedBefore: 100)
            #expect(try await store.signingKeys(algorithm: "ES256") == [endsThen, live])
        }
    }

    @Test("sealedSecret is stored from `generate` the first time; later calls and other instances read that value", arguments: Backend.all)
    func sealedSecret(_ backend: Backend) async throws {
        try await Contract.withDatabase(backend) { (location) async throws in
            let name = Contract.unique("sealed")
            try await Contract.withInstance(location) { (store) async throws in
                #expect(try await store.sealedSecret(named: name) { "first" } == "first")
                #expect(try await store.sealedSecret(named: name) { "second" } == "first")
            }
            try await Contract.withInstance(location) { (other) async throws in
                #expect(try await other.sealedSecret(named: name) { "third" } == "first")
            }
        }
    }

    @Test("resealSecret replaces a sealed secret only while it is still the value expected", arguments: Backend.all)
    func resealSecret(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let name = Contract.unique("sealed")
            _ = try await store.sealedSecret(named: name) { "plain" }
            try await store.resealSecret(named: name, value: "other", replacing: "stale")
            #expect(try await store.sealedSecret(named: name) { "unused" } == "plain")
            try await store.resealSecret(named: name, value: "sealed", replacing: "plain")
            #expect(try await store.sealedSecret(named: name) { "unused" } == "sealed")
        }
    }

    @Test("insertAPIKey stores a key as given, its scopes or none (a legacy key), with its audit entry", arguments: Backend.all)
    func insertAPIKey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let key = Self.apiKey(createdAt: 5, scopes: [.adminRead, .introspect])
            let marker = Contract.unique("created")
            try await store.insertAPIKey(key, audit: Self.entry(.apiKeyCreated, marker: marker))
            let legacy = Self.apiKey(createdAt: 6, scopes: nil)
            try await store.insertAPIKey(legacy, audit: nil)
            #expect(try await store.apiKeys() == [key, legacy])
            #expect(try await store.apiKey(hash: key.keyHash)?.scopes == [.adminRead, .introspect])
            let read = try await store.apiKey(hash: legacy.keyHash)
            #expect(read?.isLegacy == true && read?.scopes == Set(APIKeyScope.allCases), "a key without scopes holds them all")
            #expect(try await Self.entries(store, marker: marker).map(\.action) == ["api-key.created"])
        }
    }

    @Test("apiKey(hash:) reads the key by its hash, revoked or not; nil for an unknown hash", arguments: Backend.all)
    func apiKeyByHash(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let key = Self.apiKey(createdAt: 5)
            try await store.insertAPIKey(key, audit: nil)
            #expect(try await store.apiKey(hash: key.keyHash) == key)
            #expect(try await store.revokeAPIKey(id: key.id, at: 9, audit: nil))
            #expect(try await store.apiKey(hash: key.keyHash)?.revokedAt == 9, "a revoked key is still found, as revoked")
            #expect(try await store.apiKey(hash: Contract.unique("hash")) == nil)
        }
    }

    @Test("apiKeys lists every key, oldest first", arguments: Backend.all)
    func apiKeys(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let keys = [Self.apiKey(createdAt: 30), Self.apiKey(createdAt: 10), Self.apiKey(createdAt: 20)]
            for key in keys { try await store.insertAPIKey(key, audit: nil) }
            #expect(try await store.apiKeys() == keys.sorted { $0.createdAt < $1.createdAt })
        }
    }

    @Test(
        "revokeAPIKey revokes a key once, with its entry; false for an unknown id or a key revoked already, and no entry then",
        arguments: Backend.all)
    func revokeAPIKey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (key, other) = (Self.apiKey(createdAt: 5), Self.apiKey(createdAt: 6))
            try await store.insertAPIKey(key, audit: nil)
            try await store.insertAPIKey(other, audit: nil)
            let marker = Contract.unique("revoked")
            #expect(try await store.revokeAPIKey(id: key.id, at: 9, audit: Self.entry(.apiKeyRevoked, marker: marker)))
            #expect(try await !store.revokeAPIKey(id: key.id, at: 12, audit: Self.entry(.apiKeyRevoked, marker: marker)), "revoked already")
            #expect(try await store.apiKey(hash: key.keyHash)?.revokedAt == 9, "the first revocation's time stays")
            #expect(try await !store.revokeAPIKey(id: Contract.unique("key"), at: 9, audit: Self.entry(.apiKeyRevoked, marker: marker)))
            #expect(try await store.apiKey(hash: other.keyHash)?.revokedAt == nil)
            #expect(try await Self.entries(store, marker: marker).count == 1, "one entry: the revocation that happened")
        }
    }
}
