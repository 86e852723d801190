import OpenAPIKit
import PasskeyCore

/// The OpenAPI description of the operator's API (Routes+Admin.swift): its own tag and security scheme.
enum AdminOperation {
    case users, user, deleteUser, credentials, deleteCredential, sessions, endSessions, recoveryCodes, replay, audit, keys, revokeKey
    case oidcClients, oidcClient, createOIDCClient, updateOIDCClient, deleteOIDCClient

    typealias A = APIAnswers
    static let tag = "Operator"
    static let tagDescription =
        "The operator's API: support and compliance without SQL. Only an API key (passkeys api-key create) as Authorization: Bearer psk_…, never a user's session; every call is rate limited per client (the options rate and the failed-attempts budget) and recorded in the audit log with the key as its actor. Served on the main address, or only on --admin-address when given."

    /// Only an API key.
    static let security: [OpenAPI.SecurityRequirement] = [[.component(named: "operatorKey"): []]]

    /// Canonical unpadded base64url: a last character that leaves no stray bits (RFC 4648 §3.5), as the server decodes.
    static let canonicalBase64url = "^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-][AQgw]|[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048])?$"

    /// A user id: canonical base64url of 1 to 64 bytes.
    static func userIDSchema(_ description: String) -> JSONSchema {
        .string(description: description, minLength: 2, maxLength: AdminQuery.maximumUserIDLength, pattern: canonicalBase64url)
    }

    static let userID = OpenAPI.Parameter.path(
        name: "id",
        schemaOrContent: .schema(.init(userIDSchema("A user id (the id of GET /session and of users here)."), style: .default(for: .path))))
    static let credentialID = OpenAPI.Parameter.path(
        name: "credentialId",
        schemaOrContent: .schema(
            .init(
                .string(description: "A credential ID of the account.", minLength: 2, maxLength: 1364, pattern: canonicalBase64url),
                style: .default(for: .path))))

    static func query(_ name: String, _ schema: JSONSchema, _ description: String) -> OpenAPI.Parameter {
        .query(name: name, required: false, schemaOrContent: .schema(.init(schema, style: .default(for: .query))), description: description)
    }

    static let pageLimit = query(
        "limit", .integer(maximum: (AdminQuery.maximumPage, exclusive: false), minimum: (1, exclusive: false)),
        "At most this many (1 to \(AdminQuery.maximumPage); default \(AdminQuery.defaultPage)).")

    static let badQuery = A.failure(
        "A query parameter is unknown, repeated, too long or not of its type, or an id in the path is not a user id (each named with what was expected)",
        codes: ["invalidRequest"])
    static let noUser = A.failure("No account has this id", codes: ["userNotFound"])
    static let noClient = A.failure("No OpenID Connect client has this id", codes: ["oidcClientNotFound"])
    static let clientID = OpenAPI.Parameter.path(
        name: "id", schemaOrContent: .schema(.init(.string(description: "A client's id (clientId).", maxLength: 64), style: .default(for: .path))))

    /// 401, 403 (a key without the route's scope), 429, 503: every admin call.
    static func answers(_ more: A.Answers) -> A.Answers {
        APIOperations.merged(
            [403: APIOperations.insufficientScope(crossSite: false)], more,
            [401: APIOperations.noServiceCredential, 429: A.rateLimited, 503: A.storeUnavailable])
    }

    static func ok(_ description: String, _ members: OrderedDictionary<String, JSONSchema>) -> A.Answer {
        .response(OpenAPI.Response(description: description, content: [.json: .content(.init(schema: APISchemas.withStatus(members)))]))
    }

    static let userSchema: JSONSchema = .all(of: [
        APISchemas.ref("User"), .object(properties: ["createdAt": .string(format: .dateTime, description: "When the account was created")]),
    ])
    static let nextCursor = JSONSchema.string(
        nullable: true, description: "Give it as the next request's cursor for the following page; null on the last.")
    static let time = JSONSchema.string(format: .dateTime, nullable: true)

    var operation: OpenAPI.Operation {
        let (summary, description, parameters, body, answers) = parts
        // A change is refused cross-site and without JSON like every change of the API; a body is read as every body is.
        var refusals = A.Answers()
        if changesState {
            refusals = APIOperations.merged(refusals, [403: APIOperations.insufficientScope(crossSite: true), 415: A.unsupportedMediaType])
        }
        if body != nil {
            refusals = APIOperations.merged(
                refusals,
                A.bodyRefusals(["invalidRequest"], "The body is not an object of the documented members, or an id in the path is not a user id"))
        }
        return OpenAPI.Operation(
            tags: [Self.tag], summary: summary, description: description, parameters: parameters.map { .parameter($0) },
            requestBody: body.map { APIOperations.json($0) }, responses: Self.answers(APIOperations.merged(refusals, answers)),
            security: Self.security)
    }

    /// POST and DELETE routes.
    private var changesState: Bool {
        switch self {
        case .deleteUser, .deleteCredential, .endSessions, .recoveryCodes, .replay, .revokeKey, .createOIDCClient, .updateOIDCClient,
            .deleteOIDCClient:
            true
        case .users, .user, .credentials, .sessions, .audit, .keys, .oidcClients, .oidcClient: false
        }
    }

    private var parts: (String, String, [OpenAPI.Parameter], String?, A.Answers) {
        switch self {
        case .users:
            return (
                "Find accounts: by name, by id, or a page of all",
                "username finds the account by its name as sign-in does (exactly, else by its case- and look-alike-folded key), id by user id; given both, the account must have both. Without either, a page of every account in id order (after: the previous page's next, limit: its size); after and limit are checked but page nothing beside a lookup, which finds one account at most.",
                [
                    Self.query("username", .string(minLength: 1, maxLength: AdminQuery.maximumUsernameLength), "An account's name."),
                    Self.query("id", Self.userIDSchema("A user id."), "An account's id."),
                    Self.query("after", Self.userIDSchema("A user id."), "The previous page's next."), Self.pageLimit,
                ], nil,
                [
                    200: Self.ok("The accounts found (none: an empty list)", ["users": .array(items: Self.userSchema), "next": Self.nextCursor]),
                    400: Self.badQuery,
                ]
            )
        case .user:
            return (
                "One account", "", [Self.userID], nil,
                [200: Self.ok("The account", ["user": Self.userSchema]), 400: Self.badQuery, 404: Self.noUser]
            )
        case .deleteUser:
            return (
                "Delete an account",
                "Removes the account with its passkeys, sessions and recovery codes (user.deleted; the audit log names the key).",
                [Self.userID], nil, [200: A.ok("Deleted", "Status"), 400: Self.badQuery, 404: Self.noUser]
            )
        case .credentials:
            return (
                "An account's passkeys", "As their owner's GET /credentials lists them.", [Self.userID], nil,
                [200: A.ok("The passkeys", "CredentialList"), 400: Self.badQuery, 404: Self.noUser]
            )
        case .deleteCredential:
            return (
                "Remove one passkey of an account",
                "Ends the sessions it started (passkey.deleted, then session.revoked with reason passkey-removal). An account's last passkey is refused: delete the account instead.",
                [Self.userID, Self.credentialID], nil,
                [
                    200: A.ok("Removed", "Status"), 400: Self.badQuery,
                    404: A.failure("No such account, or the passkey is not one of its", codes: ["userNotFound"], uncoded: true),
                    409: A.failure("It is the account's last passkey", codes: ["lastPasskey"]),
                ]
            )
        case .sessions:
            return (
                "An account's live sessions", "Each named by its sid (as tokens and events name it), never by its token.", [Self.userID], nil,
                [
                    200: Self.ok(
                        "The sessions, newest first",
                        [
                            "sessions": .array(
                                items: .object(properties: [
                                    "id": .string(description: "The session's sid"), "startedAt": Self.time, "expiresAt": Self.time,
                                    "verifiedAt": Self.time, "recovery": .boolean, "credentialId": .string(nullable: true),
                                    "amr": .array(items: .string),
                                ]))
                        ]), 400: Self.badQuery, 404: Self.noUser,
                ]
            )
        case .endSessions:
            return (
                "End every session of an account",
                "Their next request is 401; each raises session.revoked with reason operator, and the audit log names the key.", [Self.userID], nil,
                [200: Self.ok("Ended", ["ended": .integer(description: "How many live sessions there were")]), 400: Self.badQuery, 404: Self.noUser]
            )
        case .recoveryCodes:
            return (
                "New recovery codes for an account",
                "Replaces the account's codes (recovery-codes.regenerated); the new codes are in this answer only (Cache-Control: no-store), for the operator to hand to the user.",
                [Self.userID], "Empty", [200: A.ok("The new codes, shown once", "RecoveryCodes"), 404: Self.noUser]
            )
        case .replay:
            return (
                "Replay dead webhook events", "As passkeys events replay: {\"id\": \"evt_…\"} for one event, {\"allDead\": true} for every dead one.",
                [],
                "ReplayRequest",
                [
                    200: Self.ok("Rows put back (one per endpoint)", ["replayed": .integer]),
                    404: A.failure("No dead event has this id", codes: ["noDeadEvent"]),
                ]
            )
        case .audit:
            return (
                "The audit log",
                "Entries newest first: who (actor: user, apiKey or server, with a name) did what (action), to which account (user), from where (clientAddress), how it ended (outcome: success or refused), and detail (the passkey's id and name, a refusal's code). from and until are RFC 3339 (default: the \(AdminAPI.defaultAuditWindow / 86_400_000) days up to now); before is the previous page's next.",
                [
                    Self.query("user", Self.userIDSchema("A user id."), "Only this account's entries."),
                    Self.query("from", .string(format: .dateTime), "From this time (inclusive)."),
                    Self.query("until", .string(format: .dateTime), "Until this time (exclusive); a range that ends before it starts holds nothing."),
                    Self.query(
                        "before", .integer(maximum: (Int(Int64.max), exclusive: false), minimum: (1, exclusive: false)), "The previous page's next."),
                    Self.pageLimit,
                ], nil,
                [
                    200: Self.ok(
                        "The entries",
                        [
                            "entries": .array(
                                items: .object(properties: [
                                    "id": .string, "time": .string(format: .dateTime),
                                    "actor": .object(properties: [
                                        "kind": APISchemas.strings(AuditActor.Kind.allCases.map(\.rawValue)),
                                        "name": .string(required: false, description: "Absent for the kind unknown"),
                                    ]),
                                    "action": APISchemas.strings(AuditAction.allCases.map(\.rawValue)), "user": .string(nullable: true),
                                    "clientAddress": .string(nullable: true), "outcome": APISchemas.strings(AuditOutcome.allCases.map(\.rawValue)),
                                    "detail": .object,
                                ])),
                            "next": Self.nextCursor, "from": .string(format: .dateTime), "until": .string(format: .dateTime),
                        ]), 400: Self.badQuery,
                ]
            )
        case .keys:
            return (
                "The API keys",
                "Never the keys themselves: id, name, the last four characters, what each may do, and when each was made and revoked. A legacy key (made before scopes) holds every scope: replace it with keys of the scopes each backend needs.",
                [], nil,
                [
                    200: Self.ok(
                        "The keys",
                        [
                            "keys": .array(
                                items: .object(properties: [
                                    "id": .string, "name": .string, "hint": .string,
                                    "scopes": .array(items: APISchemas.strings(APIKeyScope.allCases.map(\.rawValue))),
                                    "legacy": .boolean(description: "Made before scopes: it holds all of them"),
                                    "createdAt": .string(format: .dateTime), "revokedAt": Self.time,
                                ]))
                        ])
                ]
            )
        case .revokeKey:
            return (
                "Revoke an API key", "Every request with it is refused from then on (a key may revoke itself).",
                [.path(name: "id", schemaOrContent: .schema(.init(.string(maxLength: 64), style: .default(for: .path))))], nil,
                [200: A.ok("Revoked", "Status"), 404: A.failure("No valid key has this id", codes: ["apiKeyNotFound"])]
            )
        case .oidcClients:
            return (
                "The OpenID Connect clients", "Oldest first, as passkeys oidc-client list prints them: never a secret nor its hash.", [], nil,
                [200: Self.ok("The clients", ["clients": .array(items: APISchemas.ref("OIDCClient"))])]
            )
        case .oidcClient:
            return (
                "One OpenID Connect client", "Never its secret nor its hash.", [Self.clientID], nil,
                [200: Self.ok("The client", ["client": APISchemas.ref("OIDCClient")]), 404: Self.noClient]
            )
        case .createOIDCClient:
            return (
                "Register an OpenID Connect client",
                "As passkeys oidc-client create: a confidential client (the default) gets a secret, in this answer only (Cache-Control: no-store), kept as its SHA-256; a public one (public: true) has none and uses PKCE alone. A rule a value breaks is a 400 naming the member (redirectUris[0]: …).",
                [], "OIDCClientCreate",
                [
                    200: Self.ok(
                        "The client, with clientSecret for a confidential one (shown once)", ["client": APISchemas.ref("OIDCClientWithSecret")])
                ]
            )
        case .updateOIDCClient:
            return (
                "Change an OpenID Connect client",
                "What is given replaces what was registered (a list replaces the whole list); newSecret: true replaces a confidential client's secret and answers the new one, in this answer only (the old one stops working at once). A public client has no secret to replace (400).",
                [Self.clientID], "OIDCClientUpdate",
                [
                    200: Self.ok("The client, with clientSecret when a new one was asked for", ["client": APISchemas.ref("OIDCClientWithSecret")]),
                    404: Self.noClient,
                ]
            )
        case .deleteOIDCClient:
            return (
                "Delete an OpenID Connect client", "With its codes and refresh tokens: its users can no longer sign in to it.", [Self.clientID], nil,
                [200: A.ok("Deleted", "Status"), 404: Self.noClient]
            )
        }
    }
}
