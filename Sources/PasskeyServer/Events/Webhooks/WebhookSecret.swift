import Crypto
import Foundation

/// An endpoint's signing secret as Standard Webhooks serializes it: `whsec_` and the base64 of 24 to 64 random bytes
/// (the specification's range for HMAC-SHA256 secrets). The standard alphabet only: a receiver's library decodes it
/// with a plain base64 decoder, and Python's, for one, skips characters outside the alphabet instead of refusing them,
/// so a URL-safe spelling would give the two sides different keys.
public struct WebhookSecret: Sendable {
    public static let prefix = "whsec_"
    /// The HMAC key: the decoded bytes.
    let key: SymmetricKey

    /// Parses one secret; `source` names where it came from in the error (a file, never the secret itself).
    public init(parsing text: String, source: String) throws(ConfigurationError) {
        guard text.hasPrefix(Self.prefix) else {
            throw ConfigurationError("\(source): expected a Standard Webhooks secret 'whsec_' followed by base64, found no 'whsec_' prefix")
        }
        var encoded = String(text.dropFirst(Self.prefix.count))
        // Padding is optional in the wild (the reference libraries accept both); an unpadded length is completed here.
        if encoded.count % 4 != 0 { encoded += String(repeating: "=", count: 4 - encoded.count % 4) }
        guard let bytes = Data(base64Encoded: encoded) else {
            throw ConfigurationError("\(source): expected standard base64 (A-Z, a-z, 0-9, '+', '/') after 'whsec_', found other characters")
        }
        guard (24...64).contains(bytes.count) else {
            throw ConfigurationError("\(source): expected a secret of 24 to 64 bytes (Standard Webhooks), found \(bytes.count)")
        }
        key = SymmetricKey(data: bytes)
    }

    /// A new random secret of 32 bytes, serialized (`passkeys events secret`).
    public static func generate() -> String { prefix + Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64EncodedString() }

    /// `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` (Standard Webhooks, "Signature scheme").
    func signature(id: String, timestamp: Int64, body: String) -> String {
        let content = Array("\(id).\(timestamp).".utf8) + Array(body.utf8)
        return "v1," + Data(HMAC<SHA256>.authenticationCode(for: content, using: key)).base64EncodedString()
    }
}
