import PasskeyCore

/// A client's `Authorization: Basic` credentials at the token and revocation endpoints (RFC 6749 §2.3.1, RFC 7617 §2):
/// base64 of `client_id:client_secret`, each form-encoded first (RFC 6749 Appendix B).
///
/// The base64 is read strictly but takes it with or without padding: several client libraries omit the `=`s, and
/// RFC 7617 leaves the encoding to RFC 4648 §4, which allows that where the length is known. Anything else that is not
/// the one canonical spelling of its bytes (the url alphabet, padding in the middle or of the wrong length, stray bits
/// after the last byte) is refused, so one pair of credentials has at most two spellings. The text is split at the
/// first `:` (a client_id cannot contain one unencoded; a secret may), and each part is form-decoded (`%XX`, `+` as a
/// space).
enum BasicCredentials {
    /// The client id and secret in a `Basic` header's value; nil for anything that is not such a value.
    static func parse(_ value: String) -> (id: String, secret: String)? {
        var text = Substring(value)
        // At most two `=` and only at the end, making the length a multiple of 4 (RFC 4648 §4).
        let padding = text.reversed().prefix { $0 == "=" }.count
        if padding > 0 {
            guard padding <= 2, text.count % 4 == 0 else { return nil }
            text = text.dropLast(padding)
        }
        guard text.utf8.count % 4 != 1, padding == 0 || padding == (4 - text.utf8.count % 4) % 4,
            text.utf8.allSatisfy({ $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "=") })
        else { return nil }
        // The standard alphabet's two symbols as base64url's, so the project's strict decoder (which refuses stray
        // bits and any other byte) reads it.
        let url = String(
            decoding: text.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 },
            as: UTF8.self)
        guard let bytes = try? Base64URL.decode(url), let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            let id = FormBody.decode(bytes[..<colon]), let secret = FormBody.decode(bytes[(colon + 1)...])
        else { return nil }
        return (id, secret)
    }
}
