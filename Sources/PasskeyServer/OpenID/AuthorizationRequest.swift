import Crypto
import Foundation
import PasskeyCore

/// An authorization request (OpenID Connect Core 1.0 §3.1.2.1, RFC 6749 §4.1.1, RFC 7636 §4.3) once its client and
/// redirect URI are known: the only point after which an error may be sent back to the client (§3.1.2.6; RFC 6749
/// §4.1.2.1: never to an unverified redirect URI).
struct AuthorizationRequest: Sendable {
    let client: OIDCClientRecord
    let redirectURI: String
    let state: String?
    let nonce: String?
    /// The granted scopes: the requested ones this provider knows (`openid`, `profile`), in request order.
    let scope: [String]
    /// Whether the answer goes back as a form the browser posts (OAuth 2.0 Form Post Response Mode) rather than in the
    /// redirect's query.
    var formPost: Bool { parameters["response_mode"] == "form_post" }
    /// The PKCE challenge (RFC 7636 §4.2), empty for a request without one (a client registered with PKCE optional).
    let codeChallenge: String
    let prompt: Set<String>
    /// Seconds (§3.1.2.1 `max_age`).
    let maxAge: Int64?
    /// ``LoginTicket``, when the page sent the request back after a sign-in it asked for.
    let ticket: String?
    /// Every parameter read, to send the request back to itself after a sign-in.
    let parameters: [String: String]

    /// The parameters `/authorize` reads; every other one is ignored (RFC 6749 §3.1).
    static let names: Set<String> = [
        "client_id", "redirect_uri", "response_type", "scope", "state", "nonce", "code_challenge", "code_challenge_method", "prompt",
        "max_age", "request", "request_uri", "registration", "response_mode", LoginTicket.parameter,
    ]
    static let supportedScopes = ["openid", "profile"]
    static let maximumValueLength = 1_024

    /// Step one: the client and the redirect URI; nil with a message to show on the page when either is missing or
    /// unknown, so nothing is redirected to an address the operator did not register.
    static func client(_ parameters: [String: String], store: any OpenIDStore) async throws -> Result<(OIDCClientRecord, String), PageRefusal> {
        guard let clientID = parameters["client_id"], !clientID.isEmpty, clientID.count <= 64 else {
            return .failure(PageRefusal("The sign-in request names no client (client_id is missing)."))
        }
        guard let client = try await store.oidcClient(id: clientID) else {
            return .failure(PageRefusal("The sign-in request names a client this server does not know."))
        }
        guard let redirectURI = parameters["redirect_uri"], !redirectURI.isEmpty else {
            // OpenID Connect Core §3.1.2.1: redirect_uri is required.
            return .failure(PageRefusal("The sign-in request for \(client.name) has no redirect_uri."))
        }
        guard client.redirectURIs.contains(where: { RedirectURI.matches(redirectURI, registered: $0) }) else {
            return .failure(PageRefusal("The sign-in request for \(client.name) asks to return to an address that is not registered for it."))
        }
        return .success((client, redirectURI))
    }

    /// Step two: the rest of the request, or the error to send to the redirect URI.
    static func parse(_ parameters: [String: String], client: OIDCClientRecord, redirectURI: String) -> Result<AuthorizationRequest, OAuthError> {
        for (name, value) in parameters where value.count > maximumValueLength {
            return .failure(.invalidRequest("The parameter \(name) is longer than \(maximumValueLength) characters."))
        }
        // OpenID Connect Core §6: request objects are not supported, and say so with their own codes.
        if parameters["request"] != nil { return .failure(OAuthError("request_not_supported", "Request objects (request) are not supported.")) }
        if parameters["request_uri"] != nil {
            return .failure(OAuthError("request_uri_not_supported", "Request objects by reference (request_uri) are not supported."))
        }
        if parameters["registration"] != nil {
            return .failure(OAuthError("registration_not_supported", "Dynamic registration (registration) is not supported."))
        }
        guard parameters["response_type"] == "code" else {
            return .failure(
                OAuthError(
                    "unsupported_response_type",
                    "Expected response_type code (the authorization code flow), found \(parameters["response_type"].map { "'\($0)'" } ?? "none")."))
        }
        if let mode = parameters["response_mode"], mode != "query", mode != "form_post" {
            return .failure(.invalidRequest("Expected response_mode query or form_post (or none), found '\(mode.prefix(64))'."))
        }
        let requested = (parameters["scope"] ?? "").split(separator: " ").map(String.init)
        guard requested.contains("openid") else {
            return .failure(OAuthError("invalid_scope", "Expected a scope containing openid (OpenID Connect Core §3.1.2.1)."))
        }
        // RFC 7636 with S256 only (plain would send the verifier itself). Required of public clients (RFC 9700 §2.1.1)
        // and, unless registered with PKCE optional, of confidential ones; a challenge sent is enforced either way.
        let challenge: String
        switch (parameters["code_challenge_method"], parameters["code_challenge"]) {
        case (nil, nil):
            guard client.isConfidential && !client.pkceRequired else {
                let who = client.isConfidential ? "this client (registered with PKCE required)" : "public clients (RFC 9700 §2.1.1)"
                return .failure(.invalidRequest("PKCE is required of \(who): expected code_challenge and code_challenge_method S256 (RFC 7636)."))
            }
            challenge = ""
        case (let method?, let value?):
            guard method == "S256" else {
                return .failure(.invalidRequest("Expected code_challenge_method S256, found '\(method)': plain is not accepted (RFC 9700 §2.1.1)."))
            }
            guard value.utf8.count == 43, (try? Base64URL.decode(value))?.count == 32 else {
                return .failure(.invalidRequest("Expected code_challenge to be base64url(SHA-256(code_verifier)): 43 characters (RFC 7636 §4.2)."))
            }
            challenge = value
        case (nil, _?):
            // RFC 7636 §4.3 would default the method to plain, which is refused: the method must be named.
            return .failure(.invalidRequest("Expected code_challenge_method S256 with code_challenge, found none (plain is not accepted)."))
        case (_?, nil):
            return .failure(.invalidRequest("Expected code_challenge with code_challenge_method, found none (RFC 7636 §4.3)."))
        }
        let prompt = Set((parameters["prompt"] ?? "").split(separator: " ").map(String.init))
        if prompt.contains("none") && prompt.count > 1 {
            return .failure(.invalidRequest("prompt none may not be combined with other values (OpenID Connect Core §3.1.2.1)."))
        }
        var maxAge: Int64?
        if let text = parameters["max_age"] {
            guard let value = Int64(text), value >= 0, text.utf8.count <= 10 else {
                return .failure(.invalidRequest("Expected max_age to be a whole number of seconds, found '\(text)'."))
            }
            maxAge = value
        }
        var kept = parameters
        kept[LoginTicket.parameter] = nil
        return .success(
            AuthorizationRequest(
                client: client, redirectURI: redirectURI, state: parameters["state"], nonce: parameters["nonce"],
                scope: supportedScopes.filter(requested.contains), codeChallenge: challenge, prompt: prompt, maxAge: maxAge,
                ticket: parameters[LoginTicket.parameter], parameters: kept))
    }

    /// The request as a path on this server, to come back to after the page's sign-in, with `ticket` added.
    func continuation(ticket: String) -> String {
        var pairs = parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        pairs.append((LoginTicket.parameter, ticket))
        return "/authorize?" + FormEncoding.encode(pairs)
    }

    /// What binds a ticket to this request: every parameter that decides what the code will grant or where it goes, so a
    /// ticket won for one request opens no other (a wider scope, `prompt` dropped, another PKCE challenge). The scope and
    /// `prompt` are sets (OpenID Connect Core §3.1.2.1: space-delimited, order carries no meaning), so they are sorted;
    /// each value is written with its length and an absent one apart from an empty one, so no value can pass for two.
    var ticketBinding: String {
        func set(_ name: String) -> String? {
            parameters[name].map { Set($0.split(separator: " ").map(String.init)).sorted().joined(separator: " ") }
        }
        let fields: [(String, String?)] = [
            ("client_id", client.id), ("redirect_uri", redirectURI), ("response_type", parameters["response_type"]),
            ("response_mode", parameters["response_mode"]), ("scope", set("scope")), ("state", state), ("nonce", nonce),
            ("code_challenge", parameters["code_challenge"]), ("code_challenge_method", parameters["code_challenge_method"]),
            ("prompt", set("prompt")),
            ("max_age", parameters["max_age"]),
        ]
        return fields.map { name, value in value.map { "\(name) \($0.utf8.count):\($0)" } ?? "\(name) -" }.joined(separator: "\n")
    }
}

/// A refusal shown on the page rather than redirected (an unknown client or redirect URI).
struct PageRefusal: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// `application/x-www-form-urlencoded` writing: every byte but the unreserved characters (RFC 3986 §2.3) percent-encoded,
/// so a value never ends a parameter or the query early.
enum FormEncoding {
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + Hex.encode([byte]).uppercased()
            }
        }
        return out
    }
}
