import HTTPTypes

/// An OAuth 2.0 / OpenID Connect error: the `error` code the specs name (RFC 6749 §4.1.2.1 and §5.2, OpenID Connect
/// Core 1.0 §3.1.2.6, RFC 6750 §3.1) and a description in plain words saying what was expected and what was found.
/// `/authorize` sends it to the client's redirect URI; `/token` and `/userinfo` answer it as JSON.
package struct OAuthError: Error, Sendable, Equatable {
    /// The error code (`invalid_request`, `invalid_grant`, `login_required`, …).
    package let error: String
    /// What was expected and what was found (`error_description`).
    package let description: String
    /// The status `/token` and `/userinfo` answer it with (RFC 6749 §5.2: 400, or 401 for `invalid_client`).
    let status: HTTPResponse.Status

    init(_ error: String, _ description: String, status: HTTPResponse.Status = .badRequest) {
        self.error = error
        self.description = description
        self.status = status
    }

    static func invalidRequest(_ description: String) -> OAuthError { OAuthError("invalid_request", description) }
    static func invalidGrant(_ description: String) -> OAuthError { OAuthError("invalid_grant", description) }
    static func invalidClient(_ description: String) -> OAuthError { OAuthError("invalid_client", description, status: .unauthorized) }
}
