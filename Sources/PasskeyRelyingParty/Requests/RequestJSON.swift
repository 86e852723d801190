import PasskeyCore

/// What every HTTP front end over ``Passkeys`` checks of a request body before reading it: `passkeys serve` and the
/// Hummingbird route group use this one piece, so both accept and refuse exactly the same bodies.
package enum RequestJSON {
    /// Whether the media type (before any `;` parameters, spaces and tabs around it ignored, any case) is
    /// `application/json`. Requiring it is a cross-site request defence: a browser lets any site POST a form
    /// (`text/plain`, `application/x-www-form-urlencoded`) with the visitor's cookies, but not JSON without a CORS
    /// preflight. Compared byte by byte: it runs on every state-changing request.
    package static func isJSON(_ contentType: String) -> Bool {
        var bytes = contentType.utf8[...]
        if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) { bytes = bytes[..<semicolon] }
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        while let first = bytes.first, blank(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, blank(last) { bytes = bytes.dropLast() }
        let expected = "application/json".utf8
        guard bytes.count == expected.count else { return false }
        // ASCII letters fold to lower case by setting 0x20; the other bytes of the expected text ('/') must match.
        return zip(bytes, expected).allSatisfy { found, wanted in
            found == wanted || (wanted >= 0x61 && wanted <= 0x7A && found | 0x20 == wanted)
        }
    }

    /// Refuses a body that is not declared JSON with 415, naming the type that was sent.
    package static func requireJSON(_ contentType: String?) throws(RelyingPartyError) {
        guard let contentType, isJSON(contentType) else {
            throw RelyingPartyError(
                .unsupportedMediaType,
                "The request body must be JSON: expected Content-Type application/json, found \(contentType.map { "'\($0)'" } ?? "none").",
                code: "unsupportedMediaType")
        }
    }

    /// The body as a JSON object (strict RFC 8259: no duplicate members, no trailing bytes, bounded depth); an empty
    /// body is an empty object, as the conformance API's options requests allow. A malformed body is a 400 with the
    /// parser's code and message.
    package static func object(_ bytes: [UInt8]) throws(RelyingPartyError) -> JSONObject {
        if bytes.isEmpty { return JSONObject() }
        return try RequestMembers.typed { () throws(WebAuthnError) in try JSONParser.parseObject(bytes, what: "request body") }
    }
}
