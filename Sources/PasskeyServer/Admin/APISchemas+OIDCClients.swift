import OpenAPIKit

/// The schemas of the operator API's OpenID Connect clients (`/admin/oidc-clients`), spelling ``OIDCClients``'s rules
/// as far as JSON Schema can.
enum OIDCClientSchemas {
    /// Not blank once trimmed of white space (general category Zs), no control characters (Cc): ``OIDCClients``'s name
    /// rule, as `\xNN`/`\uNNNN` ranges that ECMA-262 and Python's `re` (schemathesis) both read.
    static let namePattern =
        #"^[^\x00-\x1F\x7F-\x9F]*[^\x00-\x20\x7F-\xA0\u1680\u2000-\u200A\u202F\u205F\u3000][^\x00-\x1F\x7F-\x9F]*$"#
    /// https with a host (no user info), or http on a loopback IP literal; no fragment, space or control character.
    /// Necessary, not sufficient: the server also parses the URI (RFC 3986), which no pattern generators honour can say.
    static let uriPattern =
        #"^(?:https://[^/?#@\x00-\x20\x7F]+|http://(?:127\.0\.0\.1|\[::1\])(?::[0-9]*)?)(?:[/?][^#\x00-\x20\x7F]*)?$"#

    static func uris(_ description: String, required: Bool, minItems: Int) -> JSONSchema {
        .array(
            required: required, description: description, minItems: minItems, maxItems: OIDCClients.maximumURIs, uniqueItems: true,
            items: .string(maxLength: OIDCClients.maximumURILength, pattern: uriPattern))
    }

    static func name(required: Bool) -> JSONSchema {
        .string(
            required: required, description: "What the client is (the app's name); trimmed.", minLength: 1, maxLength: OIDCClients.maximumNameLength,
            pattern: namePattern)
    }

    static func algorithm(required: Bool) -> JSONSchema {
        APISchemas.strings(["RS256", "ES256"], required: required, description: "How its ID tokens are signed (default RS256).")
    }

    static func pkce(required: Bool) -> JSONSchema {
        APISchemas.strings(
            ["required", "optional"], required: required,
            description:
                "Whether authorization requests must carry a PKCE challenge (S256); optional only for a confidential client, which may rely on nonce (RFC 9700 §2.1.1). Default required."
        )
    }

    static let redirectDescription =
        "Redirect URIs, compared exactly (the port of an http loopback IP literal aside, RFC 8252 §7.3): https, or http://127.0.0.1… and http://[::1]…; no fragment."
    static let postLogoutDescription = "Where RP-initiated logout may return to, compared exactly; the same rules."

    static func client(withSecret: Bool) -> JSONSchema {
        var properties: OrderedDictionary<String, JSONSchema> = [
            "clientId": .string(description: "client_id"), "name": .string, "public": .boolean(description: "No secret: PKCE alone"),
            "redirectUris": .array(items: .string), "postLogoutRedirectUris": .array(items: .string), "idTokenAlg": algorithm(required: true),
            "pkce": pkce(required: true), "createdAt": .string(format: .dateTime),
        ]
        if withSecret {
            properties["clientSecret"] = .string(
                required: false, description: "The client secret (pcs_…), in this answer only: only its SHA-256 is kept.")
        }
        return .object(properties: properties)
    }

    static let all: OrderedDictionary<OpenAPI.ComponentKey, JSONSchema> = [
        "OIDCClient": client(withSecret: false),
        "OIDCClientWithSecret": client(withSecret: true),
        "OIDCClientCreate": .object(
            properties: [
                "name": name(required: true), "redirectUris": uris(redirectDescription, required: true, minItems: 1),
                "postLogoutRedirectUris": uris(postLogoutDescription, required: false, minItems: 0),
                "public": .boolean(required: false, description: "A public client (cannot keep a secret); default false."),
                "idTokenAlg": algorithm(required: false), "pkce": pkce(required: false),
            ], additionalProperties: .init(false)),
        "OIDCClientUpdate": .object(
            properties: [
                "name": name(required: false), "redirectUris": uris(redirectDescription + " Replaces the list.", required: false, minItems: 1),
                "postLogoutRedirectUris": uris(postLogoutDescription + " Replaces the list.", required: false, minItems: 0),
                "idTokenAlg": algorithm(required: false),
                "newSecret": .boolean(required: false, description: "true: replace a confidential client's secret and answer the new one."),
                "pkce": pkce(required: false),
            ], additionalProperties: .init(false)),
    ]
}
