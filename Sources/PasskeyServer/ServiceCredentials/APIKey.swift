import Crypto
import Foundation
import PasskeyCore

/// Service credentials: the keys backends and operators' tools send as `Authorization: Bearer psk_…` to service routes
/// (`POST /introspect`, the operator's API under `/admin/`), each limited to its scopes (``APIKeyScope``). A key is `psk_` and 32 random bytes in base64url (256 bits: guessing is hopeless, so a
/// plain SHA-256 is the right stored form and the lookup is one index read); the prefix lets secret scanners and people
/// recognise one in a log or a commit. The server keeps only the hash, the last four characters (to tell keys apart)
/// and a short random id.
package enum APIKey {
    package static let prefix = "psk_"
    /// `psk_` and 43 base64url characters.
    package static let length = prefix.count + 43

    /// SHA-256 of the whole key, hex: what is stored and looked up.
    package static func hash(_ key: String) -> String { OpaqueSecret.digest(key) }

    /// Whether `text` has the shape of a key (cheap, before any database read).
    package static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length && text.hasPrefix(prefix)
            && text.utf8.dropFirst(prefix.count).allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
            }
    }
}

/// Creating, listing and revoking service credentials (`passkeys api-key`, `/admin/keys`), over any ``TokenStore``.
/// Each change is audited in its own transaction, with the actor of `origin`.
public struct APIKeys: Sendable {
    let store: any TokenStore
    let clock: @Sendable () -> Int64
    let origin: ChangeOrigin

    /// Keys in `store`, changed by `origin`'s actor; `clock` gives the time in milliseconds since 1970.
    public init(store: any TokenStore, clock: @escaping @Sendable () -> Int64, origin: ChangeOrigin) {
        self.store = store
        self.clock = clock
        self.origin = origin
    }

    /// The audit entry of a change to a key.
    func entry(_ action: AuditAction, _ detail: JSONObject) -> AuditEntry {
        AuditEntry(
            time: clock(), userID: nil, action: action.rawValue, actor: origin.actor(for: nil), clientAddress: origin.clientAddress,
            outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
    }

    /// The longest name a key may have.
    package static let maximumNameLength = 128

    /// Makes a key named `name` that may do what `scopes` grant (at least one): the key itself (shown once, never
    /// stored) and its record.
    public func create(name: String, scopes: Set<APIKeyScope>) async throws -> (key: String, record: APIKeyRecord) {
        guard !scopes.isEmpty else {
            throw ConfigurationError("--scope: expected at least one of \(APIKeyScope.allCases.map(\.rawValue).joined(separator: ", ")), found none")
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= Self.maximumNameLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ConfigurationError("--name: expected 1 to \(Self.maximumNameLength) characters without control characters, found '\(name)'")
        }
        let key = OpaqueSecret.make(prefix: APIKey.prefix)
        let record = APIKeyRecord(
            id: Hex.encode(SecureRandom.bytes(6)), name: trimmed, keyHash: APIKey.hash(key), hint: String(key.suffix(4)), createdAt: clock(),
            revokedAt: nil, scopes: scopes)
        let detail = JSONObject([
            "key": .string(record.id), "name": .string(record.name), "scopes": .array(scopes.sorted().map { .string($0.rawValue) }),
        ])
        try await store.insertAPIKey(record, audit: entry(.apiKeyCreated, detail))
        return (key, record)
    }

    public func list() async throws -> [APIKeyRecord] { try await store.apiKeys() }

    /// Revokes the key whose id is `id`; false when there is none (or it was revoked already).
    public func revoke(id: String) async throws -> Bool {
        try await store.revokeAPIKey(id: id, at: clock(), audit: entry(.apiKeyRevoked, JSONObject(["key": .string(id)])))
    }
}

extension APIKeyRecord {
    /// The key as `GET /admin/keys` and `passkeys api-key list` show it: never the key nor its hash.
    package var listing: JSONValue {
        .object(
            JSONObject([
                "id": .string(id), "name": .string(name), "hint": .string("…" + hint),
                "scopes": .array(scopes.sorted().map { .string($0.rawValue) }), "legacy": .bool(isLegacy),
                "createdAt": .string(RFC3339.string(millisecondsSince1970: createdAt)),
                "revokedAt": revokedAt.map { .string(RFC3339.string(millisecondsSince1970: $0)) } ?? .null,
            ]))
    }
}
