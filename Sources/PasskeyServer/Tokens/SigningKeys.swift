import Crypto
import Foundation
import JWTKit
import PasskeyCore
import Synchronization

/// A token signing algorithm and how its keys are made, stored and published. ES256 signs session tokens; issue #46's
/// ID tokens add RS256 as a second case with its own rotation, over the same table and ring.
enum SigningAlgorithm: String, Sendable {
    case es256 = "ES256"

    /// A new private key, its raw bytes (to be sealed) and its public JWK members.
    func generate() -> (raw: [UInt8], publicJWK: [String: String]) {
        let key = P256.Signing.PrivateKey()
        return (Array(key.rawRepresentation), Self.jwkMembers(key.publicKey))
    }

    /// The public JWK members (RFC 7518 §6.2.1) of a P-256 key: x and y from its uncompressed point (SEC 1 §2.3.3).
    static func jwkMembers(_ key: P256.Signing.PublicKey) -> [String: String] {
        let point = Array(key.x963Representation)
        return ["kty": "EC", "crv": "P-256", "x": Base64URL.encode(point[1..<33]), "y": Base64URL.encode(point[33..<65])]
    }

    /// The JWK thumbprint (RFC 7638 §3): SHA-256 of the required members in lexicographic order without whitespace,
    /// base64url. A `kid` any verifier can recompute from the key, and the same on every instance.
    static func thumbprint(_ members: [String: String]) -> String {
        let required = ["crv", "kty", "x", "y"].map { name in "\"\(name)\":\"\(members[name] ?? "")\"" }
        return Base64URL.encode(Array(SHA256.hash(data: Array("{\(required.joined(separator: ","))}".utf8))))
    }

    /// The published JWK: the public members, `kid`, `alg` and `use` (RFC 7517 §4), as JSON text with sorted keys.
    static func publishedJWK(_ members: [String: String], kid: String, algorithm: SigningAlgorithm) -> String {
        var all = members
        all["kid"] = kid
        all["alg"] = algorithm.rawValue
        all["use"] = "sig"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(all)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// When keys sign and how long they stay published (docs/backend.md, "Key rotation").
///
/// Every key is published from the moment it is stored. Key *n* signs for one rotation period; key *n+1* is stored as
/// soon as key *n* signs, with its signing starting where key *n*'s ends, so it is in the JWKS a whole period before
/// its first token (verifiers caching the JWKS for ``JWKSDocument/maxAge`` have it long before). A key stops being
/// published ``retention`` after its last signature: the longest lifetime a token can have (1 day, the most
/// `--token-lifetime` allows, whatever an instance is configured with) plus five minutes of clock leeway. The
/// schedule is stored with each key, so instances configured differently still agree on every existing key.
public struct SigningKeySchedule: Sendable {
    /// Milliseconds each key signs.
    public let rotation: Int64
    /// Milliseconds a key stays published after it stops signing.
    public static let retention: Int64 = SessionTokenConfiguration.lifetimeRange.upperBound * 1000 + 300_000

    public init(rotationSeconds: Int64) { rotation = rotationSeconds * 1000 }
}

/// The keys in use at one moment, built from the stored rows: the signer for each instant, the verification keys,
/// and the JWKS as served (bytes made once, answered from memory).
struct SigningKeySet: Sendable {
    struct Key: Sendable {
        let kid: String
        let generation: Int64
        let signsFrom: Int64
        let signsUntil: Int64
    }
    let keys: [Key]
    /// Every published key by `kid`, private, so one collection signs and verifies.
    let collection: JWTKeyCollection
    /// `{"keys":[…]}`, the published JWKs in generation order.
    let jwks: [UInt8]

    /// The key that signs at `now`: of the keys whose signing window holds `now`, the latest generation.
    func signer(at now: Int64) -> Key? {
        keys.last { $0.signsFrom <= now && now < $0.signsUntil }
    }

    static let empty = SigningKeySet(keys: [], collection: JWTKeyCollection(), jwks: Array(#"{"keys":[]}"#.utf8))

    /// The set for `records`, opening each private key with `sealer`.
    static func make(_ records: [SigningKeyRecord], sealer: SecretSealer, serializer: some JWTSerializer) async throws -> SigningKeySet {
        let collection = JWTKeyCollection()
        var keys: [Key] = []
        var published: [String] = []
        for record in records.sorted(by: { $0.generation < $1.generation }) {
            let raw = try sealer.open(record.privateKey, context: SigningKeyRing.context(record.kid))
            let privateKey = try P256.Signing.PrivateKey(rawRepresentation: raw)
            // A row whose public JWK is not its private key's would publish one key and sign with another.
            let members = SigningAlgorithm.jwkMembers(privateKey.publicKey)
            guard SigningAlgorithm.thumbprint(members) == record.kid else {
                throw SealedSecretUnreadable(context: SigningKeyRing.context(record.kid), reason: "its private key does not match its kid")
            }
            await collection.add(
                ecdsa: try ES256PrivateKey(backing: privateKey), kid: JWKIdentifier(string: record.kid), parser: SessionTokenCoding.parser,
                serializer: serializer)
            keys.append(Key(kid: record.kid, generation: record.generation, signsFrom: record.signsFrom, signsUntil: record.signsUntil))
            published.append(record.publicJWK)
        }
        return SigningKeySet(keys: keys, collection: collection, jwks: Array("{\"keys\":[\(published.joined(separator: ","))]}".utf8))
    }
}

/// The signing keys of this deployment: kept in the database (sealed), shared by every instance, rotated on a
/// schedule all instances read from the rows (``SigningKeySchedule``), and held in memory between refreshes.
///
/// Instances need no coordination beyond the database: each key is one row keyed by (algorithm, generation); two
/// instances making the same successor at once collide on that key, the second insert does nothing, and both read the
/// row that won. ``refresh()`` runs at start and then every minute (``SigningKeyRotationService``).
public final class SigningKeyRing: Sendable {
    let store: any TokenStore
    let sealer: SecretSealer
    let schedule: SigningKeySchedule
    let clock: @Sendable () -> Int64
    let algorithm = SigningAlgorithm.es256
    private let current = Mutex(SigningKeySet.empty)

    public init(store: any TokenStore, sealer: SecretSealer, schedule: SigningKeySchedule, clock: @escaping @Sendable () -> Int64) {
        self.store = store
        self.sealer = sealer
        self.schedule = schedule
        self.clock = clock
    }

    /// The associated data a key's private part is sealed with: a sealed key copied to another row does not open.
    static func context(_ kid: String) -> String { "signing_keys/\(kid)" }

    var keySet: SigningKeySet { current.withLock { $0 } }

    /// The JWKS as served: every published key.
    public var jwks: [UInt8] { keySet.jwks }

    /// Makes sure a key signs now and its successor is published, seals plain keys once a key-encryption key is
    /// configured, drops keys past their publication, and loads the result into memory. Throws when a stored key
    /// cannot be opened (``SealedSecretUnreadable``) or the database fails; the keys in memory stay as they were.
    public func refresh() async throws {
        let now = clock()
        var rows = try await store.signingKeys(algorithm: algorithm.rawValue)
        let live = { (rows: [SigningKeyRecord]) in rows.filter { $0.publishedUntil >= now } }
        // A key signing now: none on a new database, or after a stop longer than a rotation period. It signs at once:
        // no token of this issuer can be valid then, so no verifier depends on a cached JWKS.
        if !live(rows).contains(where: { $0.signsFrom <= now && now < $0.signsUntil }) {
            let generation = (rows.map(\.generation).max() ?? 0) + 1
            _ = try await store.insertSigningKey(try makeKey(generation: generation, signsFrom: now, createdAt: now))
            rows = try await store.signingKeys(algorithm: algorithm.rawValue)
        }
        // Its successor, published a whole rotation period before it signs.
        if let signing = live(rows).last(where: { $0.signsFrom <= now && now < $0.signsUntil }),
            !rows.contains(where: { $0.generation > signing.generation })
        {
            _ = try await store.insertSigningKey(try makeKey(generation: signing.generation + 1, signsFrom: signing.signsUntil, createdAt: now))
            rows = try await store.signingKeys(algorithm: algorithm.rawValue)
        }
        for row in rows where sealer.needsResealing(row.privateKey) {
            let raw = try sealer.open(row.privateKey, context: Self.context(row.kid))
            try await store.resealSigningKey(
                kid: row.kid, privateKey: try sealer.seal(raw, context: Self.context(row.kid)), replacing: row.privateKey)
        }
        if rows.contains(where: { $0.publishedUntil < now }) {
            try await store.deleteSigningKeys(publishedBefore: now)
        }
        let published = live(try await store.signingKeys(algorithm: algorithm.rawValue))
        let set = try await SigningKeySet.make(published, sealer: sealer, serializer: SessionTokenCoding.serializer)
        current.withLock { $0 = set }
    }

    private func makeKey(generation: Int64, signsFrom: Int64, createdAt: Int64) throws -> SigningKeyRecord {
        let (raw, members) = algorithm.generate()
        let kid = SigningAlgorithm.thumbprint(members)
        let signsUntil = signsFrom + schedule.rotation
        return SigningKeyRecord(
            kid: kid, algorithm: algorithm.rawValue, generation: generation, privateKey: try sealer.seal(raw, context: Self.context(kid)),
            publicJWK: SigningAlgorithm.publishedJWK(members, kid: kid, algorithm: algorithm), createdAt: createdAt, signsFrom: signsFrom,
            signsUntil: signsUntil, publishedUntil: signsUntil + SigningKeySchedule.retention)
    }
}
