/// A token signing key as stored (``Schema/sessionTokens``): the private key sealed by ``SecretSealer``, the public
/// key as the JWK it is published as, and its schedule (milliseconds since 1970).
public struct SigningKeyRecord: Sendable, Equatable {
    /// The JWK thumbprint (RFC 7638) of the public key: the `kid` of the tokens it signs.
    public let kid: String
    /// The JWS algorithm (`ES256`, or `RS256` for the OpenID Provider's ID tokens).
    public let algorithm: String
    /// 1 for an algorithm's first key, one more for each successor: two instances creating the same successor at once
    /// collide on (algorithm, generation) and both keep the one stored first.
    public let generation: Int64
    /// ``SecretSealer``'s stored form of the private key.
    public let privateKey: String
    /// The public JWK as published in the JWKS, JSON text.
    public let publicJWK: String
    /// Published from then on.
    public let createdAt: Int64
    /// Signs in [signsFrom, signsUntil).
    public let signsFrom: Int64
    public let signsUntil: Int64
    /// Published until then: past the expiry of the last token it can have signed.
    public let publishedUntil: Int64

    public init(
        kid: String, algorithm: String, generation: Int64, privateKey: String, publicJWK: String, createdAt: Int64, signsFrom: Int64,
        signsUntil: Int64, publishedUntil: Int64
    ) {
        self.kid = kid
        self.algorithm = algorithm
        self.generation = generation
        self.privateKey = privateKey
        self.publicJWK = publicJWK
        self.createdAt = createdAt
        self.signsFrom = signsFrom
        self.signsUntil = signsUntil
        self.publishedUntil = publishedUntil
    }
}

/// A later version of a sealed secret, made by a rotation (`passkeys keys rotate`): version 1 is the secret's row of
/// `sealed_secrets`; version *n* takes over from `activeFrom` on (milliseconds since 1970), later than it was made so
/// every instance has read it first.
public struct SecretVersionRecord: Sendable, Equatable {
    public let name: String
    /// 2 for the first rotation, one more for each after.
    public let version: Int64
    /// ``SecretSealer``'s stored form.
    public let value: String
    public let activeFrom: Int64

    public init(name: String, version: Int64, value: String, activeFrom: Int64) {
        self.name = name
        self.version = version
        self.value = value
        self.activeFrom = activeFrom
    }
}

/// A service credential as stored: only the key's SHA-256 (``APIKey``).
public struct APIKeyRecord: Sendable, Equatable {
    /// A short public identifier, for `api-key list` and `api-key revoke`.
    public let id: String
    /// What the operator called it (the backend that uses it).
    public let name: String
    /// SHA-256 of the whole key, hex.
    public let keyHash: String
    /// The key's last four characters, so an operator can tell which key a leaked value is.
    public let hint: String
    public let createdAt: Int64
    /// When it was revoked; nil while it is valid.
    public let revokedAt: Int64?
    /// What it may do.
    public let scopes: Set<APIKeyScope>
    /// Made before keys had scopes: it holds every scope, so no backend broke when scopes came, and operators are
    /// told to replace it with keys of the scopes each backend needs.
    public let isLegacy: Bool

    /// A key of `scopes`; nil for a key made before scopes, which holds them all.
    public init(id: String, name: String, keyHash: String, hint: String, createdAt: Int64, revokedAt: Int64?, scopes: Set<APIKeyScope>?) {
        self.id = id
        self.name = name
        self.keyHash = keyHash
        self.hint = hint
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.scopes = scopes ?? Set(APIKeyScope.allCases)
        self.isLegacy = scopes == nil
    }

    /// The `scopes` column: NULL for a legacy key.
    var scopesColumn: String? { isLegacy ? nil : APIKeyScope.column(scopes) }

    /// The record of a row whose `scopes` column is `scopes` (NULL for a legacy key).
    static func read(
        id: String, name: String, keyHash: String, hint: String, createdAt: Int64, revokedAt: Int64?, scopes: String?
    ) -> APIKeyRecord {
        APIKeyRecord(
            id: id, name: name, keyHash: keyHash, hint: hint, createdAt: createdAt, revokedAt: revokedAt,
            scopes: scopes.map(APIKeyScope.scopes(column:)))
    }
}

/// What session tokens, their keys and service credentials keep in the database; both stores implement it, so every
/// instance on one database signs with the same keys and accepts the same service credentials.
public protocol TokenStore: Sendable {
    /// Every stored key of `algorithm`, oldest generation first.
    func signingKeys(algorithm: String) async throws -> [SigningKeyRecord]
    /// Stores `key` unless a key of its algorithm and generation exists already (another instance made it first);
    /// false then, with nothing written.
    func insertSigningKey(_ key: SigningKeyRecord) async throws -> Bool
    /// Replaces a key's sealed private key, if it is still `old` (a plain one sealed once a key-encryption key is set).
    func resealSigningKey(kid: String, privateKey: String, replacing old: String) async throws
    /// Removes keys whose publication ended before `time`.
    func deleteSigningKeys(publishedBefore time: Int64) async throws
    /// Withdraws the key `kid` at `time` (it leaked, or may have), with the audit entry `audit` makes of what was done
    /// in the same transaction. The row is removed: no instance signs with the key or publishes it after its next
    /// refresh, and ``signingKeyExists(kid:)`` is false at once. When the key was signing at `time`, the next
    /// generation of its algorithm (published since it was made) signs from `time` instead of from its scheduled
    /// start. Nil when there is no such key, and then nothing is written.
    func retireSigningKey(
        kid: String, at time: Int64, audit: @escaping @Sendable (SigningKeyRetirement) -> AuditEntry?
    ) async throws
        -> SigningKeyRetirement?
    /// Whether the key `kid` is stored: published, and not retired.
    func signingKeyExists(kid: String) async throws -> Bool

    /// The sealed secret `name`, stored from `generate` the first time; every instance reads the same value.
    func sealedSecret(named name: String, generate: @Sendable () throws -> String) async throws -> String
    /// Every sealed secret as stored, by name.
    func sealedSecrets() async throws -> [String: String]
    /// Replaces a sealed secret, if it is still `old`.
    func resealSecret(named name: String, value: String, replacing old: String) async throws
    /// The versions of the sealed secret `name` after its first, oldest first; none until it is rotated.
    func secretVersions(named name: String) async throws -> [SecretVersionRecord]
    /// Stores `version` with `audit` in one transaction, unless that version of its secret exists already (another
    /// rotation made it first): false then, with nothing written.
    func insertSecretVersion(_ version: SecretVersionRecord, audit: AuditEntry?) async throws -> Bool
    /// Replaces a version's sealed value, if it is still `old`.
    func resealSecretVersion(named name: String, version: Int64, value: String, replacing old: String) async throws

    /// Stores a new key, with `audit` (its `api-key.created` entry) in the same transaction.
    func insertAPIKey(_ key: APIKeyRecord, audit: AuditEntry?) async throws
    /// The key whose hash is `keyHash`, revoked or not; nil when there is none.
    func apiKey(hash keyHash: String) async throws -> APIKeyRecord?
    /// Every key, oldest first.
    func apiKeys() async throws -> [APIKeyRecord]
    /// Revokes the key `id`, with `audit` in the same transaction; false when there is no such key or it was revoked
    /// already, and then nothing is written.
    func revokeAPIKey(id: String, at time: Int64, audit: AuditEntry?) async throws -> Bool
}

/// What ``TokenStore/retireSigningKey(kid:at:audit:)`` did.
public struct SigningKeyRetirement: Sendable, Equatable {
    /// The key withdrawn, as it was stored.
    public let retired: SigningKeyRecord
    /// The key that signs in its place from the retirement on; nil when the retired key was not signing, or had no
    /// successor (the next refresh then makes one that signs at once).
    public let promoted: String?

    public init(retired: SigningKeyRecord, promoted: String?) {
        self.retired = retired
        self.promoted = promoted
    }
}

/// The columns of a signing-key row, in the order both stores read and write them.
enum TokenColumns {
    static let signingKey = "kid, algorithm, generation, private_key, public_jwk, created_at, signs_from, signs_until, published_until"
    static let apiKey = "id, name, key_hash, hint, created_at, revoked_at, scopes"
}
