/// The 16-byte Authenticator Attestation GUID (WebAuthn L3 §6.5.1), shown in the usual 8-4-4-4-12 form.
public struct AAGUID: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes, as they appear in attested credential data and in FIDO metadata.
    public let bytes: [UInt8]

    /// All zeroes: what U2F keys always send, and what an authenticator (or a client anonymizing attestation) sends
    /// when the model is not disclosed. It identifies nothing.
    public static let zero = AAGUID(unchecked: [UInt8](repeating: 0, count: 16))

    init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// nil unless exactly 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the 8-4-4-4-12 hexadecimal form (either case).
    public init?(string: String) {
        // Read byte by byte: credentials store their AAGUID as text, and a passkey list reads one per row.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8? = nil
        var position = 0
        for character in string.utf8 {
            guard position < 36 else { return nil }
            defer { position += 1 }
            if Self.dashPositions.contains(position) {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = Hex.nibble(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard position == 36, bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Where the 8-4-4-4-12 form has its dashes.
    private static let dashPositions: Set<Int> = [8, 13, 18, 23]

    /// Whether this is ``zero``: a relying party cannot look such an authenticator up in metadata.
    public var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    /// The 8-4-4-4-12 lower-case hexadecimal form, as FIDO metadata writes AAGUIDs.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            Hex.append(byte, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
