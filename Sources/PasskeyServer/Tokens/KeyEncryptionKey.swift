import Crypto
import Foundation
import PasskeyCore

/// The key that encrypts private keys and other secrets at rest in the database (`--key-encryption-key-file`):
/// AES-256-GCM from swift-crypto. A database copy (a backup, a replica, a leaked dump) then yields no signing key
/// without this file, which lives outside the database (a secrets manager, a mounted file).
///
/// The value is 32 random bytes written as base64 (standard or url alphabet) or 64 hex digits on one line, e.g.
/// `openssl rand -base64 32`. Every instance on one database needs the same file.
public struct KeyEncryptionKey: Sendable {
    let key: SymmetricKey
    /// A short public name of the key (the first 8 bytes of SHA-256 over "passkeys-kek" and the key, hex), written
    /// beside each value it seals so a wrong file is named as such rather than as damaged data.
    package let fingerprint: String

    /// A key from its 32 bytes; `option` names the setting it came from in errors.
    public init(bytes: [UInt8], option: String = "--key-encryption-key-file") throws(ConfigurationError) {
        guard bytes.count == 32 else {
            throw ConfigurationError("\(option): expected 32 bytes (256 bits), found \(bytes.count)")
        }
        key = SymmetricKey(data: bytes)
        fingerprint = Hex.encode(Array(SHA256.hash(data: Array("passkeys-kek".utf8) + bytes).prefix(8)))
    }

    /// Reads the key from `path`: one line of base64 or hex (surrounding whitespace ignored).
    public init(contentsOfFile path: String, option: String = "--key-encryption-key-file") throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError("\(option): cannot read '\(path)'")
        }
        try self.init(text: text, option: option)
    }

    /// Parses the file's text: 64 hex digits, or base64 / base64url (padding optional) of 32 bytes.
    public init(text: String, option: String = "--key-encryption-key-file") throws(ConfigurationError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, let bytes = Hex.decode(trimmed) {
            try self.init(bytes: bytes, option: option)
            return
        }
        var base64 = trimmed.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard trimmed.count <= 64, let data = Data(base64Encoded: base64) else {
            throw ConfigurationError(
                "\(option): expected 32 random bytes as base64 or 64 hex digits on one line (e.g. `openssl rand -base64 32`), found \(trimmed.count) characters that are neither"
            )
        }
        try self.init(bytes: Array(data), option: option)
    }
}

/// Seals secrets for storage: with a ``KeyEncryptionKey`` each value is AES-256-GCM encrypted and bound to where it
/// is stored (the `context`, as associated data, so a sealed value copied to another row does not open there);
/// without one it is stored as plain base64url, marked so, and sealed as soon as a key is configured
/// (``needsResealing(_:)``).
///
/// Stored forms: `kek1:<fingerprint>:<base64url(nonce ‖ ciphertext ‖ tag)>` and `plain:<base64url>`.
///
/// During a rotation of the key-encryption key a second key, `previous`, opens what it sealed and seals nothing, so
/// every instance reads values sealed with either key while they are resealed (`passkeys keys reseal`).
package struct SecretSealer: Sendable {
    package let key: KeyEncryptionKey?
    package let previous: KeyEncryptionKey?

    package init(key: KeyEncryptionKey?, previous: KeyEncryptionKey? = nil) {
        self.key = key
        self.previous = previous
    }

    static let sealedPrefix = "kek1:"
    static let plainPrefix = "plain:"

    /// The stored form of `secret` at `context` (a table and row name, e.g. `signing_keys/<kid>`).
    package func seal(_ secret: [UInt8], context: String) throws -> String {
        guard let key else { return Self.plainPrefix + Base64URL.encode(secret) }
        let box = try AES.GCM.seal(secret, using: key.key, authenticating: Array(context.utf8))
        guard let combined = box.combined else { throw SealedSecretUnreadable(context: context, reason: "AES-GCM gave no combined form") }
        return Self.sealedPrefix + key.fingerprint + ":" + Base64URL.encode(Array(combined))
    }

    /// The secret in `stored`, sealed at `context`.
    package func open(_ stored: String, context: String) throws(SealedSecretUnreadable) -> [UInt8] {
        if stored.hasPrefix(Self.plainPrefix) {
            guard let bytes = try? Base64URL.decode(String(stored.dropFirst(Self.plainPrefix.count))) else {
                throw SealedSecretUnreadable(context: context, reason: "the stored value is not base64url")
            }
            return bytes
        }
        guard stored.hasPrefix(Self.sealedPrefix) else {
            throw SealedSecretUnreadable(context: context, reason: "the stored value is neither 'plain:' nor 'kek1:'")
        }
        let parts = stored.dropFirst(Self.sealedPrefix.count).split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { throw SealedSecretUnreadable(context: context, reason: "the sealed value has no fingerprint") }
        guard let key else {
            throw SealedSecretUnreadable(
                context: context, reason: "it is encrypted with the key-encryption key \(parts[0]), and no --key-encryption-key-file is configured")
        }
        guard let opener = [key, previous].compactMap({ $0 }).first(where: { $0.fingerprint == parts[0] }) else {
            let configured = previous.map { "\(key.fingerprint) and the previous \($0.fingerprint)" } ?? "\(key.fingerprint)"
            throw SealedSecretUnreadable(
                context: context,
                reason:
                    "it is encrypted with the key-encryption key \(parts[0]), but the configured keys are \(configured) (to rotate, name the other key with --previous-key-encryption-key-file)"
            )
        }
        do {
            let box = try AES.GCM.SealedBox(combined: try Base64URL.decode(String(parts[1])))
            return Array(try AES.GCM.open(box, using: opener.key, authenticating: Array(context.utf8)))
        } catch {
            throw SealedSecretUnreadable(context: context, reason: "it does not decrypt: it was changed, or copied from another row")
        }
    }

    /// Whether a stored value should be sealed again when it is read: it is plain and a key is now configured. A value
    /// sealed with the previous key is not: during the first phase of a rotation the previous key is the new one, and
    /// instances resealing on read would undo each other; `passkeys keys reseal` reseals those once every instance
    /// has both keys.
    package func needsResealing(_ stored: String) -> Bool { key != nil && stored.hasPrefix(Self.plainPrefix) }

    /// Whether `stored` is in the form this sealer writes: sealed with the current key, or plain when there is none.
    package func isCurrent(_ stored: String) -> Bool {
        guard let key else { return stored.hasPrefix(Self.plainPrefix) }
        return stored.hasPrefix(Self.sealedPrefix + key.fingerprint + ":")
    }
}

/// A sealed secret that cannot be opened: the wrong key-encryption key, none, or damaged data. The server stops at
/// start with this message rather than sign with keys it cannot read.
public struct SealedSecretUnreadable: Error, CustomStringConvertible, Sendable {
    public let context: String
    public let reason: String
    public var description: String { "The secret \(context) in the database cannot be read: \(reason)." }
}

extension SessionTokenConfiguration {
    /// Reads the key-encryption key and, during a rotation, the previous one: each from its option's file, else from
    /// the file its environment variable names (`PASSKEYS_KEY_ENCRYPTION_KEY_FILE`,
    /// `PASSKEYS_PREVIOUS_KEY_ENCRYPTION_KEY_FILE`). `passkeys serve` and `passkeys keys` read them this one way.
    package mutating func readKeyEncryptionKeys(file: String?, previousFile: String?, environment: [String: String]) throws(ConfigurationError) {
        if let path = file ?? environment["PASSKEYS_KEY_ENCRYPTION_KEY_FILE"] {
            keyEncryptionKey = try KeyEncryptionKey(contentsOfFile: path)
        }
        if let path = previousFile ?? environment["PASSKEYS_PREVIOUS_KEY_ENCRYPTION_KEY_FILE"] {
            previousKeyEncryptionKey = try KeyEncryptionKey(contentsOfFile: path, option: "--previous-key-encryption-key-file")
        }
    }
}
