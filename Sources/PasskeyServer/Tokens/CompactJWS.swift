import PasskeyCore

/// The one spelling of a token this server signed: JWS Compact Serialization (RFC 7515 §7.1) with every part unpadded
/// base64url (§2, "Base64url Encoding": "with all trailing '=' characters omitted") whose last character leaves no
/// stray bits (RFC 4648 §3.5).
///
/// jwt-kit decodes leniently, so `…sig==` or a last character with stray bits would verify as the same token. A deny
/// list, a cache or a log keyed on the token's text would then see two tokens where there is one, so every token is
/// checked here, before any signature is.
enum CompactJWS {
    /// Whether `token` is three canonical base64url parts joined by `.`; linear in its length.
    static func isCanonical(_ token: String) -> Bool {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && (try? Base64URL.decode(String(decoding: part, as: UTF8.self))) != nil }
    }
}
