import Foundation

/// The credentials of a request's `Authorization` header, read in one place for every route (RFC 9110 §11.6.2:
/// `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`).
///
/// The scheme is case-insensitive (RFC 9110 §11.1), so `Bearer`, `bearer` and `BEARER` are one scheme everywhere; the
/// rest is kept as sent, less the whitespace around it. What the value means (a session token, an API key, a client's
/// id and secret) is for the route to decide.
enum AuthorizationCredentials: Sendable, Equatable {
    /// `Bearer <token>` (RFC 6750 §2.1): a session token, an access token or an API key.
    case bearer(String)
    /// `Basic <base64>` (RFC 7617 §2), still encoded: an OAuth client's id and secret (RFC 6749 §2.3.1).
    case basic(String)
    /// Any other scheme, or a scheme with nothing after it; the scheme lowercased.
    case other(scheme: String)

    /// The credentials in a header value; nil for no value.
    init?(_ value: String?) {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let scheme = trimmed.prefix { $0 != " " && $0 != "\t" }
        // What follows the scheme as sent: lowercasing may change a text's length, so the cut is made before it.
        let rest = trimmed.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        switch scheme.lowercased() {
        case "bearer" where !rest.isEmpty: self = .bearer(rest)
        case "basic" where !rest.isEmpty: self = .basic(rest)
        default: self = .other(scheme: scheme.lowercased())
        }
    }

    /// The token of a `Bearer` header, nil for none or another scheme.
    var bearerToken: String? {
        guard case .bearer(let token) = self else { return nil }
        return token
    }
}
