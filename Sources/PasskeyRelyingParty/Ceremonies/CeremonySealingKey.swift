import Crypto
import Foundation
import PasskeyCore

/// The key under which ``Passkeys`` seals the ceremonies an app keeps itself (in a cookie, a session row), so that
/// what comes back is what ``Passkeys`` issued: authenticated encryption (ChaCha20-Poly1305) with the ceremony's kind
/// and challenge as associated data. An edited, forged or swapped ceremony fails to open and is refused as
/// `unknownCeremony`.
///
/// Keep it secret and the same on every instance that may finish a ceremony another began; changing it ends every
/// ceremony in flight (their users begin again, as after an expiry).
public struct CeremonySealingKey: Sendable {
    let key: SymmetricKey

    /// A key from 32 secret bytes (from a secrets manager or a file only the app reads).
    /// - Throws: `RelyingPartyError` `invalidSealingKey` when `bytes` is not 32 bytes long.
    public init(bytes: [UInt8]) throws(RelyingPartyError) {
        guard bytes.count == 32 else {
            throw RelyingPartyError(.badRequest, "ceremony sealing key: expected 32 bytes, found \(bytes.count)", code: "invalidSealingKey")
        }
        key = SymmetricKey(data: bytes)
    }

    /// A fresh random key, for one process (its sealed ceremonies do not open after a restart or on another instance).
    public static func random() -> CeremonySealingKey {
        CeremonySealingKey(key: SymmetricKey(size: .bits256))
    }

    private init(key: SymmetricKey) {
        self.key = key
    }

    /// `ceremony`, sealed: its members (``PendingCeremony``'s `Codable` form) encrypted and authenticated, its kind and
    /// challenge bound as associated data.
    func seal(_ ceremony: PendingCeremony) throws -> SealedCeremony {
        let plaintext = try JSONEncoder().encode(ceremony)
        let box = try ChaChaPoly.seal(plaintext, using: key, authenticating: Self.associatedData(ceremony.kind, ceremony.challenge))
        return SealedCeremony(Base64URL.encode(Array(box.combined)))
    }

    /// The ceremony `sealed` holds when it was sealed under this key for `kind` and `challenge`; nil for anything else
    /// (another key, another kind or challenge, a changed byte, not a sealed ceremony at all). Costs time linear in
    /// the text's length, which is bounded before it is decoded.
    func open(_ sealed: SealedCeremony, kind: PendingCeremony.Kind, challenge: String) -> PendingCeremony? {
        guard sealed.text.utf8.count <= SealedCeremony.maximumLength,
            let combined = try? Base64URL.decode(sealed.text, field: "ceremony"),
            let box = try? ChaChaPoly.SealedBox(combined: combined),
            let plaintext = try? ChaChaPoly.open(box, using: key, authenticating: Self.associatedData(kind, challenge)),
            let ceremony = try? JSONDecoder().decode(PendingCeremony.self, from: plaintext)
        else { return nil }
        // Bound by the associated data already; compared again so the ceremony is the one its binding says.
        guard ceremony.kind == kind, ceremony.challenge == challenge else { return nil }
        return ceremony
    }

    /// What a sealed ceremony is bound to: a label with a version (so a later format cannot be confused with this
    /// one), the kind and the challenge.
    private static func associatedData(_ kind: PendingCeremony.Kind, _ challenge: String) -> [UInt8] {
        Array("passkeys.ceremony.v1\u{0}\(kind.rawValue)\u{0}\(challenge)".utf8)
    }
}

/// A ``PendingCeremony`` sealed under the app's ``CeremonySealingKey``: opaque text (base64url) for the app to keep
/// wherever it likes and pass back to finish the ceremony, once. Nothing in it can be read or changed without the key.
public struct SealedCeremony: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sealed ceremony as text: safe in a cookie value, a URL or JSON.
    public let text: String

    /// Sealed ceremonies are a few hundred bytes; longer text is refused before it is decoded.
    static let maximumLength = 4096

    /// The text the app kept, as it was handed out in ``RegistrationStart/sealedCeremony`` or
    /// ``AuthenticationStart/sealedCeremony``. Anything else is refused when finishing.
    public init(_ text: String) {
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The text.
    public var description: String { text }
}
