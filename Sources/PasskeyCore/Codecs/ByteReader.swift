/// Reads big-endian fixed-width integers and length-prefixed fields from bytes, checking every length against
/// what remains before slicing, so a crafted size can never read past the end.
///
/// Errors name the structure and field being read; the caller chooses the error code.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0
    private let fail: (String) -> WebAuthnError

    init(_ bytes: [UInt8], fail: @escaping (String) -> WebAuthnError) {
        self.bytes = bytes
        self.fail = fail
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func read(_ count: Int, _ field: String) throws(WebAuthnError) -> [UInt8] {
        guard count >= 0, count <= remaining else {
            throw fail("expected \(count) bytes of \(field) at offset \(offset), found \(remaining)")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func uint16(_ field: String) throws(WebAuthnError) -> UInt16 {
        let b = try read(2, field)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    mutating func uint32(_ field: String) throws(WebAuthnError) -> UInt32 {
        let b = try read(4, field)
        return b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64(_ field: String) throws(WebAuthnError) -> UInt64 {
        let b = try read(8, field)
        return b.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A TPM2B-style field: a 16-bit big-endian size followed by that many bytes.
    mutating func sized16(_ field: String) throws(WebAuthnError) -> [UInt8] {
        let size = try uint16("\(field).size")
        return try read(Int(size), field)
    }

    /// Fails unless every byte was consumed.
    func requireEnd(_ structure: String) throws(WebAuthnError) {
        guard isAtEnd else { throw fail("expected \(structure) to end at offset \(offset), found \(remaining) trailing bytes") }
    }
}
