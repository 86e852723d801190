import OpenAPIKit
import PasskeyCore

/// The OpenAPI description of the OpenID Provider's routes (Routes+OpenID.swift).
extension APIOperations {
    static let form = OpenAPIKit.OpenAPI.ContentType(rawValue: "application/x-www-form-urlencoded")!

    /// An OAuth error body (RFC 6749 §5.2), whose `error` is one of `errors`.
    static func oauthFailure(_ description: String, errors: [String], headers: OpenAPI.Header.Map? = nil) -> A.Answer {
        .response(
            OpenAPI.Response(
                description: description + " (error \(errors.joined(separator: ", ")))", headers: headers,
                content: [
                    .json: .content(
                        .init(
                            schema: .object(properties: [
                                "error": .string(allowedValues: errors.map { AnyCodable($0) }), "error_description": .string,
                            ])))
                ]))
    }

    /// 413 and 429 of the OAuth endpoints, in RFC 6749 §5.2's shape (the rest of the API answers them in its own).
    static let oauthTooLarge = oauthFailure("The body is larger than \(ServerContext.maximumBodySize / 1024) KiB", errors: ["invalid_request"])
    static let oauthRateLimited = oauthFailure(
        "Too many failed attempts from this client; retry after Retry-After seconds", errors: ["invalid_request"], headers: A.retryAfter)

    static let authorizationParameters: OrderedDictionary<String, JSONSchema> = [
        "client_id": .string(description: "The client's id (passkeys oidc-client create)", minLength: 1),
        "redirect_uri": .string(description: "One of the client's registered redirect URIs, exactly", minLength: 1),
        "response_type": .string(description: "code", allowedValues: ["code"]),
        "scope": .string(description: "Must contain openid; profile adds the name claims", pattern: #"(^| )openid( |$)"#),
        "code_challenge": .string(
            required: false,
            description:
                "base64url(SHA-256(code_verifier)), 43 characters (RFC 7636 §4.2); required unless the client is confidential and registered with PKCE optional",
            pattern: "^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$"),
        "code_challenge_method": .string(required: false, description: "S256 (plain is refused), with code_challenge", allowedValues: ["S256"]),
        "response_mode": .string(
            required: false, description: "query (the default) or form_post (the answer as a form the browser posts)",
            allowedValues: ["query", "form_post"]),
        "state": .string(required: false),
        "nonce": .string(required: false), "prompt": .string(required: false, description: "none, login (consent and select_account ask nothing)"),
        "max_age": .string(
            required: false, description: "Seconds since the last passkey ceremony that are still fresh enough", pattern: "^[0-9]{1,10}$"),
    ]

    static func authorize(_ method: OpenAPI.HttpMethod) -> OpenAPI.Operation {
        let description =
            "The authorization endpoint (OpenID Connect Core 1.0 §3.1.2, the code flow with PKCE S256 required of every client but a confidential one registered with PKCE optional). A browser navigation, not a JSON call: exempt from the Origin rule. An unknown client or redirect URI is refused on an HTML page (400) and never redirected to. Otherwise the answer is a 303: to the redirect URI with code, state and iss (RFC 9207) when a session is signed in (and fresh enough for prompt=login or max_age), with error, error_description, state and iss for a bad request or prompt=none without a session (login_required), or to the page (/?authorize=…) to sign in with a passkey, after which the page comes back here. With response_mode=form_post the answer for the redirect URI is instead a 200 HTML page whose form the browser posts there (OAuth 2.0 Form Post Response Mode). Rate limited per client."
        var responses: A.Answers = [
            200: .response(
                OpenAPI.Response(
                    description: "With response_mode=form_post: an HTML page that posts the code (or the error) to the redirect URI",
                    content: [.html: .content(.init(schema: .string))])),
            303: .response(
                OpenAPI.Response(
                    description: "To the client's redirect URI (code or error), or to the page to sign in",
                    headers: ["Location": .header(.init(schema: .header(.string), required: true))])),
            400: .response(
                OpenAPI.Response(
                    description: "An unknown client or redirect URI, or a malformed request: an HTML page, no redirect",
                    content: [.html: .content(.init(schema: .string))])),
            429: A.rateLimited, 503: A.storeUnavailable,
        ]
        if method == .post {
            responses[408] = A.timeout
            responses[413] = A.tooLarge
            return OpenAPI.Operation(
                summary: "Authorization endpoint (form POST)", description: description,
                requestBody: OpenAPI.Request(content: [form: .content(.init(schema: .object(properties: authorizationParameters)))], required: true),
                responses: responses)
        }
        return OpenAPI.Operation(
            summary: "Authorization endpoint", description: description,
            parameters: authorizationParameters.map { name, schema in
                .parameter(name: name, context: .query(required: schema.required, schema: schema))
            },
            responses: responses)
    }

    static func endSession(_ method: OpenAPI.HttpMethod) -> OpenAPI.Operation {
        let parameters: OrderedDictionary<String, JSONSchema> = [
            "id_token_hint": .string(
                required: false, description: "An ID token this server issued to the signed-in user (expired is fine)",
                pattern: #"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$"#),
            // No minLength: an empty client_id names no client (RFC 6749 §3.1 reads a parameter without a value as
            // omitted), and without a post_logout_redirect_uri it needs none.
            "client_id": .string(required: false, description: "The client the sign-out is for; optional (RP-Initiated Logout 1.0 §2)"),
            "post_logout_redirect_uri": .string(required: false, description: "Registered for the client", minLength: 1),
            "state": .string(required: false),
        ]
        let description =
            "RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). With an id_token_hint of the signed-in user, ends the session (the cookie is cleared) and answers 303 to post_logout_redirect_uri (with state) when it is registered for the client, else to the page. Signed in without such a hint: 303 to the page and the session stays (a link on another site cannot sign anyone out). An unknown client, an unregistered post_logout_redirect_uri or a hint this server did not issue: 400, an HTML page, no redirect. Rate limited per client."
        var responses: A.Answers = [
            303: .response(
                OpenAPI.Response(
                    description: "To the post-logout redirect URI, or to the page",
                    headers: ["Location": .header(.init(schema: .header(.string), required: true))])),
            400: .response(OpenAPI.Response(description: "Refused: an HTML page, no redirect", content: [.html: .content(.init(schema: .string))])),
            429: A.rateLimited, 503: A.storeUnavailable,
        ]
        if method == .post {
            responses[408] = A.timeout
            responses[413] = A.tooLarge
            return OpenAPI.Operation(
                summary: "End session (form POST)", description: description,
                requestBody: OpenAPI.Request(content: [form: .content(.init(schema: .object(properties: parameters)))], required: true),
                responses: responses)
        }
        return OpenAPI.Operation(
            summary: "End session", description: description,
            parameters: parameters.map { name, schema in .parameter(name: name, context: .query(required: false, schema: schema)) },
            responses: responses)
    }

    static let token = OpenAPI.Operation(
        summary: "Token endpoint (OpenID Connect Core 1.0 §3.1.3, RFC 6749 §4.1.3 and §6)",
        description:
            "A form (application/x-www-form-urlencoded: with /introspect, the exceptions to JSON-only requests). Confidential clients authenticate with HTTP Basic (client_secret_basic) or client_id and client_secret in the form (client_secret_post), public clients send client_id only. grant_type authorization_code takes code, redirect_uri and code_verifier; refresh_token takes refresh_token, which rotates (a used one revokes its family). Answers Cache-Control: no-store. Failed attempts are limited per client.",
        requestBody: OpenAPI.Request(
            content: [
                form: .content(
                    .init(
                        schema: .object(properties: [
                            "grant_type": .string, "code": .string(required: false), "redirect_uri": .string(required: false),
                            "code_verifier": .string(required: false), "refresh_token": .string(required: false),
                            "client_id": .string(required: false), "client_secret": .string(required: false),
                        ])))
            ], required: true),
        responses: [
            200: .response(
                OpenAPI.Response(
                    description: "The tokens",
                    content: [
                        .json: .content(
                            .init(
                                schema: .object(properties: [
                                    "access_token": .string, "token_type": .string, "expires_in": .integer, "refresh_token": .string,
                                    "id_token": .string, "scope": .string,
                                ])))
                    ])),
            400: oauthFailure(
                "The request is malformed, the grant is not valid (a used, expired or unknown code, another client's, a wrong redirect_uri or code_verifier, a reused refresh token), or the grant type is not supported",
                errors: ["invalid_request", "invalid_grant", "unsupported_grant_type"]),
            401: oauthFailure(
                "The client is unknown or its authentication failed", errors: ["invalid_client"],
                headers: ["WWW-Authenticate": .header(.init(schema: .header(.string), required: false))]),
            // A backend sends no Origin; a page on another site could not read the answer (never CORS) and is refused.
            403: A.crossSite,
            408: A.timeout, 413: oauthTooLarge, 429: oauthRateLimited, 503: A.storeUnavailable,
        ])

    /// RFC 7009 revocation.
    static let revoke = OpenAPI.Operation(
        summary: "Token revocation (RFC 7009)",
        description:
            "A form, with client authentication as at /token. Revokes the grant of a refresh or access token issued to the client: every refresh and access token of it, without ending the user's session at the provider. A token that is unknown, malformed, expired, revoked already or another client's is answered 200 all the same (RFC 7009 §2.2); token_type_hint (refresh_token or access_token) only orders the lookups. Failed client authentications are limited per client, as at /token.",
        requestBody: OpenAPI.Request(
            content: [
                form: .content(
                    .init(
                        schema: .object(properties: [
                            "token": .string, "token_type_hint": .string(required: false), "client_id": .string(required: false),
                            "client_secret": .string(required: false),
                        ])))
            ], required: true),
        responses: [
            200: .response(OpenAPI.Response(description: "Revoked, or nothing to revoke (the two are not told apart); an empty body")),
            400: oauthFailure("The request is malformed (no token, a repeated parameter, not a form)", errors: ["invalid_request"]),
            401: oauthFailure(
                "The client is unknown or its authentication failed", errors: ["invalid_client"],
                headers: ["WWW-Authenticate": .header(.init(schema: .header(.string), required: false))]),
            403: A.crossSite, 408: A.timeout, 413: oauthTooLarge, 429: oauthRateLimited, 503: A.storeUnavailable,
        ])

    /// The UserInfo endpoint, by GET or POST (OpenID Connect Core §5.3.1); a POST may carry the token in its form
    /// (RFC 6750 §2.2).
    static func userinfo(_ method: OpenAPI.HttpMethod) -> OpenAPI.Operation {
        var responses: A.Answers = [
            200: .response(
                OpenAPI.Response(
                    description: "The claims",
                    content: [
                        .json: .content(
                            .init(
                                schema: .object(properties: [
                                    "sub": .string, "preferred_username": .string(required: false), "name": .string(required: false),
                                ])))
                    ])),
            401: oauthFailure(
                "No access token, or one that is not valid (expired, not this server's, its client deleted, its grant revoked by a replay, its session ended)",
                errors: ["invalid_request", "invalid_token"],
                headers: ["WWW-Authenticate": .header(.init(schema: .header(.string), required: true))]),
            429: oauthRateLimited, 503: A.storeUnavailable,
        ]
        let description =
            "With an access token from /token (Authorization: Bearer, or access_token in a POST's form): sub, and preferred_username and name when the profile scope was granted. The token's session must still live. Failed attempts are limited per client."
        guard method == .post else {
            return OpenAPI.Operation(
                summary: "UserInfo endpoint (OpenID Connect Core 1.0 §5.3)", description: description, responses: responses,
                security: [[.component(named: "accessToken"): []]])
        }
        responses[400] = oauthFailure(
            "The token was sent both in Authorization and in the form, or the form is malformed", errors: ["invalid_request"])
        responses[403] = A.crossSite
        responses[408] = A.timeout
        responses[413] = oauthTooLarge
        return OpenAPI.Operation(
            summary: "UserInfo endpoint (POST, OpenID Connect Core 1.0 §5.3.1)", description: description,
            requestBody: OpenAPI.Request(
                content: [form: .content(.init(schema: .object(properties: ["access_token": .string(required: false)])))], required: false),
            responses: responses, security: [[.component(named: "accessToken"): []], [:]])
    }
}
