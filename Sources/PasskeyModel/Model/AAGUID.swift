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
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12], let bytes = Hex.decode(parts.joined()) else { return nil }
        self.bytes = bytes
    }

    /// Whether this is ``zero``: a relying party cannot look such an authenticator up in metadata.
    public var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    /// The 8-4-4-4-12 lower-case hexadecimal form, as FIDO metadata writes AAGUIDs.
    public var description: String {
        let hex = Hex.encode(bytes)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20]) + "-" + String(c[20..<32])
    }
}
