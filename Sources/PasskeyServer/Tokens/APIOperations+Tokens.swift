import OpenAPIKit
import PasskeyCore

/// The OpenAPI description of the session-token routes (Routes+Tokens.swift).
extension APIOperations {
    /// Service routes: an API key (`passkeys api-key create`), never a session.
    static let serviceCredential: [OpenAPI.SecurityRequirement] = [[.component(named: "serviceKey"): []]]

    /// 403 of a service route: a valid key without the route's scope (with `WWW-Authenticate` naming the scope it
    /// needs), or, for a route that takes a body, a request from another site.
    static func insufficientScope(crossSite: Bool) -> A.Answer {
        A.failure(
            crossSite
                ? "The key lacks the route's scope (WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"…\"), or the request comes from another site"
                : "The key lacks the route's scope (WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"…\")",
            codes: crossSite ? ["insufficientScope", "originNotAllowed", "crossSiteRequest"] : ["insufficientScope"])
    }

    static let noServiceCredential = A.failure(
        "No API key, another scheme, or a key that is unknown or revoked; WWW-Authenticate carries the RFC 6750 challenge",
        codes: ["invalidServiceCredential"],
        headers: [
            "WWW-Authenticate": .header(
                .init(schema: .header(.string), description: "Bearer realm=\"passkeys\", with error=\"invalid_token\" for a bad key.", required: true)
            )
        ])

    /// An RFC 7519 NumericDate: whole seconds since 1970.
    static func numericDate() -> JSONSchema { .integer(required: false, minimum: (0, exclusive: false)) }

    static let sessionToken = OpenAPI.Operation(
        summary: "A signed token for the app's own backend",
        description:
            "A short-lived JWT for the signed-in session (RFC 9068: header typ at+jwt, alg ES256, kid of a key in /.well-known/jwks.json) that any backend verifies locally. Claims: iss, sub (the user id as GET /session gives it), aud, iat, nbf, exp, jti, client_id, sid (names the session without being its secret), auth_time and amr (RFC 8176: hwk or swk, plus user and mfa when the user was verified) of the sign-in that started the session, and verified_at (the session's last passkey verification, for APIs that demand a recent step-up). Ending the session stops new tokens; /introspect tells whether a token's session still lives. The body may be empty, but is sent as application/json (the cross-site defence), so it is documented as required. Rate limited per client like the options endpoints.",
        requestBody: json("Empty"),
        responses: merged(
            [
                200: .response(
                    OpenAPI.Response(
                        description: "The token",
                        content: [
                            .json: .content(
                                .init(
                                    schema: APISchemas.withStatus([
                                        "token": .string(
                                            description: "The JWT (compact serialization)",
                                            pattern: #"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$"#),
                                        "expiresIn": .integer(description: "Seconds until exp", minimum: (1, exclusive: false)),
                                    ])))
                        ]))
            ], A.bodyRefusals([], "The body is not a JSON object"),
            [401: A.noSession, 403: notForRecovery, 429: A.rateLimited, 503: A.storeUnavailable]),
        security: signedIn)

    static let jwks = OpenAPI.Operation(
        summary: "The keys session tokens and ID tokens are signed with (RFC 7517 JWK Set)",
        description:
            "Every published key, ES256 (session and access tokens, and ID tokens of ES256 clients) and RS256 (ID tokens): the one signing now, its successor (published a whole rotation period before it signs) and retired keys until every token they signed has expired. Cache-Control allows caching for 15 minutes.",
        responses: [
            200: .response(
                OpenAPI.Response(
                    description: "The JWK Set",
                    content: [
                        .json: .content(
                            .init(
                                schema: .object(properties: [
                                    "keys": .array(
                                        // EC keys (ES256: crv, x, y) and RSA keys (RS256, ID tokens: n, e).
                                        items: .object(properties: [
                                            "kty": .string(allowedValues: "EC", "RSA"), "crv": .string(required: false),
                                            "x": .string(required: false), "y": .string(required: false), "n": .string(required: false),
                                            "e": .string(required: false), "kid": .string, "alg": .string(allowedValues: "ES256", "RS256"),
                                            "use": .string,
                                        ]))
                                ])))
                    ]))
        ])

    static let discovery = OpenAPI.Operation(
        summary: "Discovery (OpenID Connect Discovery 1.0, RFC 8414)",
        description:
            "The issuer, the JWKS, introspection and the OpenID Provider's endpoints (authorization, token, userinfo, end session) with the values they support: exactly what this server serves.",
        responses: [
            200: .response(
                OpenAPI.Response(
                    description: "The discovery document",
                    content: [
                        .json: .content(
                            .init(
                                schema: .object(properties: [
                                    "issuer": .string, "jwks_uri": .string, "introspection_endpoint": .string,
                                    "authorization_endpoint": .string(required: false), "token_endpoint": .string(required: false),
                                    "userinfo_endpoint": .string(required: false), "end_session_endpoint": .string(required: false),
                                    "revocation_endpoint": .string(required: false),
                                ])))
                    ]))
        ])

    static let introspect = OpenAPI.Operation(
        summary: "Token introspection for backends (RFC 7662)",
        description:
            "A form (application/x-www-form-urlencoded, RFC 7662 §2.1: the one request body that is not JSON) with token. Needs an API key with the scope introspect (Authorization: Bearer psk_…; another key is 403 insufficientScope, not RFC 7662's 401, as on every service route); a user's session is never accepted. Answers active true only for a token whose aud names one of the server's --token-audience values (an OpenID client's access token is for /userinfo and is active false here), with the token's claims while the token verifies and its session lives, else active false alone, whatever the reason. Failed attempts are limited per client.",
        requestBody: OpenAPI.Request(
            content: [
                .init(rawValue: "application/x-www-form-urlencoded")!: .content(
                    .init(
                        schema: .object(properties: [
                            "token": .string(description: "A token from POST /session/token", minLength: 1),
                            "token_type_hint": .string(required: false),
                        ])))
            ], required: true),
        responses: [
            200: .response(
                OpenAPI.Response(
                    description: "The introspection answer (RFC 7662 §2.2); no status member",
                    content: [
                        .json: .content(
                            .init(
                                schema: .object(
                                    properties: [
                                        "active": .boolean, "iss": .string(required: false), "sub": .string(required: false),
                                        "aud": .one(of: .string, .array(items: .string), required: false), "iat": numericDate(),
                                        "nbf": numericDate(), "exp": numericDate(), "jti": .string(required: false),
                                        "client_id": .string(required: false), "sid": .string(required: false),
                                        "auth_time": numericDate(), "amr": .array(required: false, items: .string),
                                        "verified_at": numericDate(), "token_type": .string(required: false),
                                    ])))
                    ])),
            400: A.failure(
                "The form has no token, gives a parameter twice, or is not valid percent-encoded UTF-8", codes: ["invalidRequest", "unreadableBody"]),
            401: noServiceCredential, 403: insufficientScope(crossSite: true), 408: A.timeout, 413: A.tooLarge,
            415: A.failure("The body is not application/x-www-form-urlencoded", codes: ["unsupportedMediaType"]), 429: A.rateLimited,
            503: A.storeUnavailable,
        ],
        security: serviceCredential)
}
