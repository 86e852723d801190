/// The common shape of `AuthenticationResponseJSON` (WebAuthn L3 §5.1), read straight from the request bytes.
///
/// A sign-in's response is one small object of base64url strings. Decoding it through a ``JSONValue`` tree (an
/// object per level, a `String` per member, then the bytes) was about a third of what an ES256 verification spent
/// beyond the signature check itself. This scanner finds each member's bytes where they lie and decodes
/// the base64url from there.
///
/// It is a recognizer, not a second parser. It accepts a document only when every rule of ``JSONParser`` and of
/// `AuthenticationResponse.init(json:strictness:)` visibly holds for it:
/// - one object, with RFC 8259 whitespace around its tokens and nothing after it;
/// - only the members it knows, each at most once: `id`, `rawId`, `type` and `authenticatorAttachment` (strings; the
///   last may be `null`), `response` (an object of `clientDataJSON`, `authenticatorData`, `signature` and
///   `userHandle`, the last a string or `null`) and `clientExtensionResults` (an empty object);
/// - every string ASCII from space to DEL (0x20–0x7F) without escapes, so it is valid UTF-8 with no control
///   characters;
/// - the required members present, `type` exactly `public-key`, every base64url member valid under the strictness
///   given, and `rawId` naming the same bytes as `id`.
///
/// On anything else it returns nil, and the general path decodes the document or refuses it with its own error. So
/// it can only make a valid response cheaper: what is accepted, and how a refusal reads, stay the general path's.
/// `AuthenticationResponseScannerTests` holds the two paths to that over real responses and mutations of them.
package enum AuthenticationResponseScanner {
    /// The response, when `bytes` has the common shape; nil to use the general path.
    package static func scan(_ bytes: [UInt8], strictness: Base64URL.Strictness) -> AuthenticationResponse? {
        // The general path refuses larger documents (`inputTooLarge`).
        guard bytes.count <= PublicKeyCredentialJSON.maximumLength else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer)
            guard let members = cursor.topLevel(), cursor.atEnd() else { return nil }
            return members.response(in: buffer, strictness: strictness)
        }
    }

    /// Where each member's string lies in the document (the range inside its quotes).
    private struct Members {
        var id: Range<Int>?
        var rawID: Range<Int>?
        var type: Range<Int>?
        /// Nil when absent or `null`: the general path reads both as no attachment.
        var attachment: Range<Int>?
        var clientDataJSON: Range<Int>?
        var authenticatorData: Range<Int>?
        var signature: Range<Int>?
        /// Nil when absent or `null`: the general path reads both as no user handle.
        var userHandle: Range<Int>?

        /// The decoded response; nil when a member the general path requires is missing or does not decode as it
        /// wants, so that the general path says why.
        func response(in bytes: UnsafeBufferPointer<UInt8>, strictness: Base64URL.Strictness) -> AuthenticationResponse? {
            // `clientDataJSON` and the others are set only inside `response`, so their presence says it was there.
            guard let id, let type, let clientDataJSON, let authenticatorData, let signature else { return nil }
            guard Cursor.equal(bytes, type, "public-key") else { return nil }
            func decode(_ range: Range<Int>) -> [UInt8]? {
                try? Base64URL.decode(utf8: UnsafeBufferPointer(rebasing: bytes[range]), field: { "" }, strictness: strictness)
            }
            guard let idBytes = decode(id) else { return nil }
            // rawId is usually the very same text as id; a different spelling must name the same bytes.
            if let rawID, !bytes[rawID].elementsEqual(bytes[id]) {
                guard decode(rawID) == idBytes else { return nil }
            }
            guard let clientData = decode(clientDataJSON), let authData = decode(authenticatorData), let signatureBytes = decode(signature) else {
                return nil
            }
            var handle: [UInt8]?
            if let range = userHandle {
                guard let decoded = decode(range) else { return nil }
                // An empty user handle is no user handle, as in the general path.
                handle = decoded.isEmpty ? nil : decoded
            }
            var attachmentText: String?
            if let range = attachment {
                attachmentText = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return AuthenticationResponse(
                id: String(decoding: UnsafeBufferPointer(rebasing: bytes[id]), as: UTF8.self), rawID: idBytes, clientDataJSON: clientData,
                authenticatorData: authData, signature: signatureBytes, userHandle: handle, authenticatorAttachment: attachmentText)
        }
    }

    /// A position in the document, moved only forward; every method returns nil (or false) where the common shape
    /// ends, and the scan gives up.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The top-level object's members.
        mutating func topLevel() -> Members? {
            var members = Members()
            var seen = Seen()
            let closed = object { cursor, key in
                if cursor.named(key, "id") { return seen.first(0) && cursor.string(into: &members.id) }
                if cursor.named(key, "rawId") { return seen.first(1) && cursor.string(into: &members.rawID) }
                if cursor.named(key, "type") { return seen.first(2) && cursor.string(into: &members.type) }
                if cursor.named(key, "authenticatorAttachment") {
                    return seen.first(3) && cursor.stringOrNull(into: &members.attachment)
                }
                if cursor.named(key, "response") { return seen.first(4) && cursor.response(into: &members) }
                // No extension outputs at all; anything in them is the general path's to read.
                if cursor.named(key, "clientExtensionResults") { return seen.first(5) && cursor.object { _, _ in false } }
                return false
            }
            return closed ? members : nil
        }

        /// The `response` object's members, into `members`.
        mutating func response(into members: inout Members) -> Bool {
            var seen = Seen()
            return object { cursor, key in
                if cursor.named(key, "clientDataJSON") { return seen.first(0) && cursor.string(into: &members.clientDataJSON) }
                if cursor.named(key, "authenticatorData") { return seen.first(1) && cursor.string(into: &members.authenticatorData) }
                if cursor.named(key, "signature") { return seen.first(2) && cursor.string(into: &members.signature) }
                if cursor.named(key, "userHandle") { return seen.first(3) && cursor.stringOrNull(into: &members.userHandle) }
                return false
            }
        }

        /// The members of one object met so far, by number.
        struct Seen {
            private var bits: UInt8 = 0

            /// Records member `number`; false when it was met before (the general parser refuses a repeated name).
            mutating func first(_ number: Int) -> Bool {
                let bit: UInt8 = 1 << number
                defer { bits |= bit }
                return bits & bit == 0
            }
        }

        /// An object at the cursor: `member` reads each value (the cursor is on its first byte) and says whether the
        /// scan goes on. True when the object closed.
        mutating func object(_ member: (inout Cursor, Range<Int>) -> Bool) -> Bool {
            skipWhitespace()
            guard take(UInt8(ascii: "{")) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return true }
            while true {
                skipWhitespace()
                guard let key = string() else { return false }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                guard member(&self, key) else { return false }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}"))
            }
        }

        /// A string of ASCII from space to DEL (0x20–0x7F) without escapes: the range of its contents.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while true {
                index = JSONParser.endOfPlainWords(in: bytes, from: index)
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return start..<(index - 1)
                }
                // An escape, a control character or a byte of a multi-byte character: the general path's.
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
        }

        /// A string into `slot`; false for anything else.
        mutating func string(into slot: inout Range<Int>?) -> Bool {
            guard let range = string() else { return false }
            slot = range
            return true
        }

        /// A string into `slot`, or `null`, which leaves it nil; false for anything else.
        mutating func stringOrNull(into slot: inout Range<Int>?) -> Bool {
            if index + 4 <= bytes.count, Self.equal(bytes, index..<(index + 4), "null") {
                index += 4
                return true
            }
            return string(into: &slot)
        }

        /// Whether only whitespace is left.
        mutating func atEnd() -> Bool {
            skipWhitespace()
            return index == bytes.count
        }

        /// RFC 8259 §2's whitespace, as ``JSONParser`` skips it.
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        func named(_ key: Range<Int>, _ name: StaticString) -> Bool { Self.equal(bytes, key, name) }

        static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
            guard range.count == text.utf8CodeUnitCount else { return false }
            return text.withUTF8Buffer { bytes[range].elementsEqual($0) }
        }
    }
}
