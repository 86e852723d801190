import Crypto
import Foundation
import PasskeyCore

/// Service credentials: the keys backends send as `Authorization: Bearer psk_…` to service routes (`POST /introspect`,
/// later the operator API). A key is `psk_` and 32 random bytes in base64url (256 bits: guessing is hopeless, so a
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

/// Creating, listing and revoking service credentials (`passkeys api-key`), over any ``TokenStore``.
public struct APIKeys: Sendable {
    let store: any TokenStore
    let clock: @Sendable () -> Int64

    public init(store: any TokenStore, clock: @escaping @Sendable () -> Int64) {
        self.store = store
        self.clock = clock
    }

    /// The longest name a key may have.
    package static let maximumNameLength = 128

    /// Makes a key named `name`: the key itself (shown once, never stored) and its record.
    public func create(name: String) async throws -> (key: String, record: APIKeyRecord) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= Self.maximumNameLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ConfigurationError("--name: expected 1 to \(Self.maximumNameLength) characters without control characters, found '\(name)'")
        }
        let key = OpaqueSecret.make(prefix: APIKey.prefix)
        let record = APIKeyRecord(
            id: Hex.encode(SecureRandom.bytes(6)), name: trimmed, keyHash: APIKey.hash(key), hint: String(key.suffix(4)), createdAt: clock(),
            revokedAt: nil)
        try await store.insertAPIKey(record)
        return (key, record)
    }

    public func list() async throws -> [APIKeyRecord] { try await store.apiKeys() }

    /// Revokes the key whose id is `id`; false when there is none (or it was revoked already).
    public func revoke(id: String) async throws -> Bool { try await store.revokeAPIKey(id: id, at: clock()) }
}
