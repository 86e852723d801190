import Crypto
import Foundation
import JWTKit
import PasskeyCore
import Synchronization
import _CryptoExtras

/// A token signing algorithm and how its keys are made, stored and published: ES256 signs session tokens, access
/// tokens and (for clients created so) ID tokens; RS256 signs ID tokens, as OpenID Connect Core 1.0 §15.1 requires
/// every provider to support. Both share the table, the schedule and the ring.
enum SigningAlgorithm: String, Sendable, CaseIterable {
    case es256 = "ES256"
    case rs256 = "RS256"

    /// A new private key, its stored bytes (to be sealed: the raw scalar for P-256, PKCS #1 DER for RSA) and its
    /// public JWK members.
    func generate() throws -> (raw: [UInt8], publicJWK: [String: String]) {
        switch self {
        case .es256:
            let key = P256.Signing.PrivateKey()
            return (Array(key.rawRepresentation), Self.jwkMembers(key.publicKey))
        case .rs256:
            // 2048 bits: the size RFC 7518 §3.3 requires at least, and what every OIDC client library verifies.
            let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            return (Array(key.derRepresentation), try Self.jwkMembers(key.publicKey))
        }
    }

    /// The public JWK members (RFC 7518 §6.2.1) of a P-256 key: x and y from its uncompressed point (SEC 1 §2.3.3).
    static func jwkMembers(_ key: P256.Signing.PublicKey) -> [String: String] {
        let point = Array(key.x963Representation)
        return ["kty": "EC", "crv": "P-256", "x": Base64URL.encode(point[1..<33]), "y": Base64URL.encode(point[33..<65])]
    }

    /// The public JWK members (RFC 7518 §6.3.1) of an RSA key: n and e as unsigned big-endian integers without leading
    /// zero octets (§6.3.1.1, §6.3.1.2).
    static func jwkMembers(_ key: _RSA.Signing.PublicKey) throws -> [String: String] {
        let primitives = try key.getKeyPrimitives()
        func integer(_ data: Data) -> String { Base64URL.encode(Array(Array(data).drop { $0 == 0 })) }
        return ["kty": "RSA", "n": integer(primitives.modulus), "e": integer(primitives.publicExponent)]
    }

    /// The JWK thumbprint (RFC 7638 §3): SHA-256 of the required members (§3.2: crv, kty, x, y for EC; e, kty, n for
    /// RSA) in lexicographic order without whitespace, base64url. A `kid` any verifier can recompute from the key, and
    /// the same on every instance.
    static func thumbprint(_ members: [String: String]) -> String {
        let names = members["kty"] == "RSA" ? ["e", "kty", "n"] : ["crv", "kty", "x", "y"]
        let required = names.map { name in "\"\(name)\":\"\(members[name] ?? "")\"" }
        return Base64URL.encode(Array(SHA256.hash(data: Array("{\(required.joined(separator: ","))}".utf8))))
    }

    /// The public members of a stored private key, checked against its `kid` (a row whose public JWK is not its
    /// private key's would publish one key and sign with another), and the key added to `collection` under `kid`.
    func load(_ raw: [UInt8], kid: String, into collection: JWTKeyCollection, serializer: some JWTSerializer) async throws {
        let members: [String: String]
        switch self {
        case .es256:
            let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
            members = Self.jwkMembers(key.publicKey)
            guard Self.thumbprint(members) == kid else { throw Self.mismatch(kid) }
            await collection.add(
                ecdsa: try ES256PrivateKey(backing: key), kid: JWKIdentifier(string: kid), parser: SessionTokenCoding.parser, serializer: serializer)
        case .rs256:
            let key = try _RSA.Signing.PrivateKey(derRepresentation: raw)
            members = try Self.jwkMembers(key.publicKey)
            guard Self.thumbprint(members) == kid else { throw Self.mismatch(kid) }
            // RS256 is RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3); jwt-kit files RSA under `Insecure` for its age.
            await collection.add(
                rsa: try Insecure.RSA.PrivateKey(backing: key), digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid),
                parser: SessionTokenCoding.parser, serializer: serializer)
        }
    }

    private static func mismatch(_ kid: String) -> SealedSecretUnreadable {
        SealedSecretUnreadable(context: SigningKeyRing.context(kid), reason: "its private key does not match its kid")
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
package struct SigningKeySchedule: Sendable {
    /// Milliseconds each key signs.
    package let rotation: Int64
    /// Milliseconds a key stays published after it stops signing.
    package static let retention: Int64 = SessionTokenConfiguration.lifetimeRange.upperBound * 1000 + 300_000

    package init(rotationSeconds: Int64) { rotation = rotationSeconds * 1000 }
}

/// The keys in use at one moment, built from the stored rows: the signer for each instant, the verification keys,
/// and the JWKS as served (bytes made once, answered from memory).
struct SigningKeySet: Sendable {
    struct Key: Sendable {
        let kid: String
        let algorithm: SigningAlgorithm
        let generation: Int64
        let signsFrom: Int64
        let signsUntil: Int64
    }
    let keys: [Key]
    /// Every published key by `kid`, private, so one collection signs and verifies.
    let collection: JWTKeyCollection
    /// `{"keys":[…]}`, the published JWKs in generation order.
    let jwks: [UInt8]

    /// The key of `algorithm` that signs at `now`: of its keys whose signing window holds `now`, the latest generation.
    func signer(at now: Int64, algorithm: SigningAlgorithm = .es256) -> Key? {
        keys.last { $0.algorithm == algorithm && $0.signsFrom <= now && now < $0.signsUntil }
    }

    static let empty = SigningKeySet(keys: [], collection: JWTKeyCollection(), jwks: Array(#"{"keys":[]}"#.utf8))

    /// The set for `records`, opening each private key with `sealer`.
    static func make(_ records: [SigningKeyRecord], sealer: SecretSealer, serializer: some JWTSerializer) async throws -> SigningKeySet {
        let collection = JWTKeyCollection()
        var keys: [Key] = []
        var published: [String] = []
        // Grouped by algorithm (ES256 first), then by generation.
        let order = SigningAlgorithm.allCases.map(\.rawValue)
        for record in records.sorted(by: {
            ($0.algorithm == $1.algorithm)
                ? $0.generation < $1.generation : (order.firstIndex(of: $0.algorithm) ?? 9) < (order.firstIndex(of: $1.algorithm) ?? 9)
        }) {
            guard let algorithm = SigningAlgorithm(rawValue: record.algorithm) else { continue }
            let raw = try sealer.open(record.privateKey, context: SigningKeyRing.context(record.kid))
            try await algorithm.load(raw, kid: record.kid, into: collection, serializer: serializer)
            keys.append(
                Key(kid: record.kid, algorithm: algorithm, generation: record.generation, signsFrom: record.signsFrom, signsUntil: record.signsUntil))
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
/// row that won. ``refresh()`` runs at start and then every 10 seconds (``SigningKeyRotationService``).
package final class SigningKeyRing: Sendable {
    let store: any TokenStore
    let sealer: SecretSealer
    let schedule: SigningKeySchedule
    let clock: @Sendable () -> Int64
    /// The algorithms this ring keeps a signing key of, each on the same schedule: those it was made with, and each
    /// of `onDemand` once it is needed (``require(_:)``) or a key of it is found stored.
    private let algorithms: Mutex<[SigningAlgorithm]>
    /// Algorithms whose keys are made only when first needed: RS256 keys sign only the OpenID Provider's ID tokens,
    /// and a 2048-bit RSA key pair costs a start tens of milliseconds (most of a second in a debug build), which a
    /// server that is no client's provider, and every test server, would pay for nothing.
    let onDemand: [SigningAlgorithm]
    /// When an on-demand algorithm is wanted before its first use (``makeKeys(of:when:)``), asked at each refresh.
    private let wanted = Mutex<[(algorithm: SigningAlgorithm, condition: @Sendable () async throws -> Bool)]>([])
    private let current = Mutex(SigningKeySet.empty)

    /// A ring of ES256 keys (session tokens); ``SessionTokens`` adds RS256 for ID tokens, made when first needed.
    package convenience init(store: any TokenStore, sealer: SecretSealer, schedule: SigningKeySchedule, clock: @escaping @Sendable () -> Int64) {
        self.init(store: store, sealer: sealer, schedule: schedule, clock: clock, algorithms: [.es256])
    }

    init(
        store: any TokenStore, sealer: SecretSealer, schedule: SigningKeySchedule, clock: @escaping @Sendable () -> Int64,
        algorithms: [SigningAlgorithm], onDemand: [SigningAlgorithm] = []
    ) {
        self.store = store
        self.sealer = sealer
        self.schedule = schedule
        self.clock = clock
        self.algorithms = Mutex(algorithms)
        self.onDemand = onDemand
    }

    /// The associated data a key's private part is sealed with: a sealed key copied to another row does not open.
    static func context(_ kid: String) -> String { "signing_keys/\(kid)" }

    var keySet: SigningKeySet { current.withLock { $0 } }

    /// The JWKS as served: every published key.
    package var jwks: [UInt8] { keySet.jwks }

    /// Makes sure a key signs now and its successor is published, seals plain keys once a key-encryption key is
    /// configured, drops keys past their publication, and loads the result into memory. Throws when a stored key
    /// cannot be opened (``SealedSecretUnreadable``) or the database fails; the keys in memory stay as they were.
    package func refresh() async throws {
        let now = clock()
        // An on-demand algorithm with stored keys (made by another instance, or before a restart) is kept from then on,
        // so its keys stay published and rotate on every instance.
        for algorithm in onDemand where !algorithms.withLock({ $0.contains(algorithm) }) {
            if try await !store.signingKeys(algorithm: algorithm.rawValue).isEmpty {
                activate(algorithm)
                continue
            }
            for condition in wanted.withLock({ $0.filter { $0.algorithm == algorithm }.map(\.condition) }) where try await condition() {
                activate(algorithm)
                break
            }
        }
        var published: [SigningKeyRecord] = []
        for algorithm in algorithms.withLock({ $0 }) {
            published += try await refresh(algorithm, now: now)
        }
        let set = try await SigningKeySet.make(published, sealer: sealer, serializer: SessionTokenCoding.serializer)
        current.withLock { $0 = set }
    }

    /// The keys in use, with one of `algorithm` signing now: made (with its successor) the first time an algorithm
    /// of ``onDemand`` is needed, as a refresh makes any missing key. Two instances needing it at once both make one;
    /// the database keeps the first of each generation and both use it.
    func require(_ algorithm: SigningAlgorithm) async throws -> SigningKeySet {
        let set = keySet
        if set.signer(at: clock(), algorithm: algorithm) != nil { return set }
        activate(algorithm)
        try await refresh()
        return keySet
    }

    /// Makes `algorithm`'s keys at the first refresh (at start, then every 10 seconds) at which `condition` holds, so they
    /// are published before their first use: the OpenID Provider asks for RS256 once a client is registered, and a
    /// relying party that fetched the JWKS then finds the key its first ID token names.
    func makeKeys(of algorithm: SigningAlgorithm, when condition: @escaping @Sendable () async throws -> Bool) {
        wanted.withLock { $0.append((algorithm, condition)) }
    }

    private func activate(_ algorithm: SigningAlgorithm) {
        algorithms.withLock { if !$0.contains(algorithm) { $0.append(algorithm) } }
    }

    /// One algorithm's part of ``refresh()``: its published keys afterwards.
    private func refresh(_ algorithm: SigningAlgorithm, now: Int64) async throws -> [SigningKeyRecord] {
        var rows = try await store.signingKeys(algorithm: algorithm.rawValue)
        let live = { (rows: [SigningKeyRecord]) in rows.filter { $0.publishedUntil >= now } }
        // A key signing now: none on a new database, or after a stop longer than a rotation period. It signs at once:
        // no token of this issuer can be valid then, so no verifier depends on a cached JWKS.
        if !live(rows).contains(where: { $0.signsFrom <= now && now < $0.signsUntil }) {
            let generation = (rows.map(\.generation).max() ?? 0) + 1
            _ = try await store.insertSigningKey(try makeKey(algorithm, generation: generation, signsFrom: now, createdAt: now))
            rows = try await store.signingKeys(algorithm: algorithm.rawValue)
        }
        // Its successor, published a whole rotation period before it signs.
        if let signing = live(rows).last(where: { $0.signsFrom <= now && now < $0.signsUntil }),
            !rows.contains(where: { $0.generation > signing.generation })
        {
            _ = try await store.insertSigningKey(
                try makeKey(algorithm, generation: signing.generation + 1, signsFrom: signing.signsUntil, createdAt: now))
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
        return live(try await store.signingKeys(algorithm: algorithm.rawValue))
    }

    private func makeKey(_ algorithm: SigningAlgorithm, generation: Int64, signsFrom: Int64, createdAt: Int64) throws -> SigningKeyRecord {
        let (raw, members) = try algorithm.generate()
        let kid = SigningAlgorithm.thumbprint(members)
        let signsUntil = signsFrom + schedule.rotation
        return SigningKeyRecord(
            kid: kid, algorithm: algorithm.rawValue, generation: generation, privateKey: try sealer.seal(raw, context: Self.context(kid)),
            publicJWK: SigningAlgorithm.publishedJWK(members, kid: kid, algorithm: algorithm), createdAt: createdAt, signsFrom: signsFrom,
            signsUntil: signsUntil, publishedUntil: signsUntil + SigningKeySchedule.retention)
    }
}
