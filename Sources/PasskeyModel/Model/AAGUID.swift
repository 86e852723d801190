/// The 16-byte Authenticator Attestation GUID (WebAuthn L3 §6.5.1), shown in the usual 8-4-4-4-12 form.
public struct AAGUID: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

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

    public var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    public var description: String {
        let hex = Hex.encode(bytes)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20]) + "-" + String(c[20..<32])
    }
}
