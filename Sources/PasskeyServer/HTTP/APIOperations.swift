import OpenAPIKit
import PasskeyCore

/// The OpenAPI description of each route, passed with the route when ``Routes`` registers it: a route cannot be
/// added without one, and `/openapi.json` describes exactly the routes registered.
enum APIOperations {
    typealias A = APIAnswers

    static let signedIn: [OpenAPI.SecurityRequirement] = [[.component(named: "bearer"): []], [.component(named: "cookie"): []]]

    static func json(_ schema: String, required: Bool = true) -> OpenAPI.Request {
        OpenAPI.Request(content: [.json: .content(.init(schema: APISchemas.ref(schema)))], required: required)
    }

    static func merged(_ answers: A.Answers...) -> A.Answers {
        answers.reduce(into: A.Answers()) { all, more in for (status, answer) in more { all[status] = answer } }
    }

    static let optionsCodes: [String] = []
    static let resultCodes =
        A.verificationCodes.map(\.rawValue) + [
            A.code(.credentialAlreadyRegistered), "unknownCeremony", "unknownCredential", "invalidUserHandle",
        ]

    /// A ceremony endpoint (FIDO2 conformance server API): a JSON body, its refusals, and the per-client limit.
    static func ceremony(
        _ summary: String, _ description: String, body: String, ok: A.Answer, badRequest codes: [String], _ why: String, more: A.Answers = [:]
    ) -> OpenAPI.Operation {
        OpenAPI.Operation(
            summary: summary, description: description, requestBody: json(body),
            responses: merged([200: ok], A.bodyRefusals(codes, why), more, [429: A.rateLimited, 503: A.storeUnavailable]))
    }

    static let beginRegistration = ceremony(
        "Begin a registration",
        "A username that belongs to an account requires that account's session (403 otherwise; the account's user handle is never given to anyone else). authenticatorSelection, attestation and extensions are echoed as given, except that authenticatorSelection.userVerification is raised to the server's policy when lower (and stated when the policy is required); attestation defaults to none.",
        body: "RegistrationOptionsRequest", ok: A.ok("Creation options", "RegistrationOptions"),
        badRequest: optionsCodes + [
            A.code(.usernameMixesScripts("")), A.code(.usernameInvisibleCharacters("", found: 0)),
            A.code(.usernameUnsupportedCharacters("", found: 0)),
        ],
        "The body is not an object of the documented members (the member and what was expected are named), or a new account's username mixes letters of several scripts",
        more: [
            403: A.failure(
                "The username is taken and this is not its account's session; or it is, and the session has not verified with a passkey within the reverification window (a recovery session needs none); or the request comes from another site",
                codes: [A.code(.usernameTaken("")), A.code(.reverificationRequired), "originNotAllowed", "crossSiteRequest"])
        ])

    static let finishRegistration = ceremony(
        "Finish a registration",
        "The ceremony is found by clientDataJSON.challenge; each challenge can be finished once. Signs the user in (session in the body and an HttpOnly cookie). A registration that adds a passkey to an account is checked again against the session that began it, as that session is now: it must still live and, unless it is a recovery session (whose one passkey ends it), have verified with a passkey within the reverification window.",
        body: "RegistrationResponseJSON", ok: A.ok("Registered and signed in", "RegistrationResult", headers: A.setCookie),
        badRequest: resultCodes, "Verification failed, or the body is not a registration response",
        more: [
            403: A.failure(
                "The name was taken meanwhile, the session or account that began it ended (or, a recovery session, added its one passkey already), the session's reverification window passed since the options were given, or the request comes from another site",
                codes: [
                    A.code(.usernameTakenMeanwhile("")), A.code(.sessionEnded), A.code(.accountDeleted), A.code(.reverificationRequired),
                    "originNotAllowed", "crossSiteRequest",
                ])
        ])

    // Its body is required as JSON (the cross-site defence); an empty body sent as application/json is an empty object.
    static let beginAuthentication = ceremony(
        "Begin a sign-in",
        "An empty or absent username begins a discoverable (usernameless) sign-in. An unknown username is answered exactly like a known one (200, with stand-in allowCredentials that are stable per username), so this endpoint does not reveal who has an account. userVerification is the server's policy (serve --user-verification, default preferred) raised, never lowered, by the request; extensions are echoed. The body may be empty, but is sent as application/json (the cross-site defence), so it is documented as required.",
        body: "AuthenticationOptionsRequest", ok: A.ok("Request options", "AuthenticationOptions"),
        badRequest: optionsCodes, "The body is not an object of the documented members")

    static let finishAuthentication = ceremony(
        "Finish a sign-in",
        "An unknown passkey, or one that did not verify, is answered 400 unknownCredential with the credentialId the request carried (for the Signal API), the same either way.",
        body: "AuthenticationResponseJSON", ok: A.ok("Signed in", "AuthenticationResult", headers: A.setCookie),
        badRequest: resultCodes, "Verification failed, or the body is not an authentication response",
        more: [
            409: A.failure(
                "The passkey signed in again with the same or a higher counter, or was removed, at the same moment; no session was started",
                codes: [A.code(.signInConflict)])
        ])

    /// 403 of an action that needs a recent passkey verification (a step-up), for a session alone.
    static let sensitive = A.failure(
        "The session has not verified with a passkey within the reverification window (serve --reverification-window, default 5 minutes; POST /session/verify/options and /result, or a fresh sign-in, verify it), it is a recovery session, or the request comes from another site",
        codes: [A.code(.reverificationRequired), "recoverySessionRestricted", "originNotAllowed", "crossSiteRequest"])
    /// 403 of a route a recovery session may not use.
    static let notForRecovery = A.failure(
        "A recovery session can only register a new passkey, or the request comes from another site",
        codes: ["recoverySessionRestricted", "originNotAllowed", "crossSiteRequest"])

    static let beginReverification = OpenAPI.Operation(
        summary: "Begin a step-up (verify the signed-in user again)",
        description:
            "A sign-in bound to the session's user and to this session: allowCredentials lists that account's passkeys, and userVerification is required when every one of them has verified its user before (WebAuthn L3 uvInitialized), else the server's policy but at least preferred, so keys that cannot verify their user do not lock the account out. Finishing it (POST /session/verify/result) starts no session; it records on this session when the user verified. The body may be empty, but is sent as application/json (the cross-site defence), so it is documented as required.",
        requestBody: json("Empty"),
        responses: merged(
            [200: A.ok("Request options", "AuthenticationOptions")], A.bodyRefusals([], "The body is not a JSON object"),
            [401: A.noSession, 403: notForRecovery, 429: A.rateLimited, 503: A.storeUnavailable]),
        security: signedIn)

    static let finishReverification = OpenAPI.Operation(
        summary: "Finish a step-up",
        description:
            "Verifies the response (WebAuthn L3 §7.2) against a step-up begun by this session for its user, and records the time on the session: for the reverification window, it may add or remove passkeys, end other sessions, delete the account and manage recovery codes. A response to any other sign-in is refused (ceremonyUserMismatch), and so is a step-up another session began (ceremonySessionMismatch). It counts only when the authenticator verified the user, or when the passkey used has never verified its user and the server does not require it (userNotVerified otherwise).",
        requestBody: json("AuthenticationResponseJSON"),
        responses: merged(
            [200: A.ok("Verified", "ReverificationResult")],
            A.bodyRefusals(
                resultCodes + [A.code(.ceremonyUserMismatch), A.code(.ceremonySessionMismatch)],
                "Verification failed, the step-up was not begun by this session for its user, or the body is not an authentication response"),
            [
                401: A.noSession, 403: notForRecovery,
                409: A.failure(
                    "The passkey signed in at the same moment with the same or a higher counter, or the session ended",
                    codes: [A.code(.signInConflict)]),
                429: A.rateLimited, 503: A.storeUnavailable,
            ]),
        security: signedIn)

    static let recover = OpenAPI.Operation(
        summary: "Recover an account with a recovery code",
        description:
            "A username and one of its unused recovery codes (case, dashes and spaces ignored) start a recovery session (body and HttpOnly cookie) that lasts 10 minutes and can only register a new passkey for the account (POST /attestation/options with the account's username, then /attestation/result, which ends the recovery session and signs in). The code is used up, and every other session of the account ends. An unknown username, a wrong code and a used code get the same answer. Attempts are limited per username and per client (429).",
        requestBody: json("RecoveryRequest"),
        responses: merged(
            [200: A.ok("Recovery session started", "RecoveryResult", headers: A.setCookie)],
            A.bodyRefusals(
                ["invalidRecoveryCode"], "The username and code do not match an unused recovery code, or the body is not {username, code}"),
            [403: A.crossSite, 429: A.rateLimited, 503: A.storeUnavailable]))

    static let recoveryCodeStatus = OpenAPI.Operation(
        summary: "How many recovery codes the signed-in account has left",
        responses: [200: A.ok("Unused codes", "RecoveryCodeStatus"), 401: A.noSession, 403: notForRecovery, 503: A.storeUnavailable],
        security: signedIn)

    static let regenerateRecoveryCodes = OpenAPI.Operation(
        summary: "New recovery codes for the signed-in account",
        description:
            "Replaces every recovery code of the account with 10 new ones (80 bits each), shown only in this answer; the server keeps only their keyed hashes. Needs a recent passkey verification. The body may be empty, but is sent as application/json (the cross-site defence), so it is documented as required.",
        requestBody: json("Empty"),
        responses: merged(
            [200: A.ok("The new codes", "RecoveryCodes")], A.bodyRefusals([], "The body is not a JSON object"),
            [401: A.noSession, 403: sensitive, 503: A.storeUnavailable]),
        security: signedIn)

    static let currentUser = OpenAPI.Operation(
        summary: "The signed-in user",
        description:
            "Signed in or not, the answer names the relying party's page origins (origins), so the page can tell when it was opened at an address that is not one of them and link to one that is.",
        responses: [200: A.ok("The user", "SessionResult"), 401: signedOut, 403: notForRecovery, 503: A.storeUnavailable], security: signedIn)

    /// 401 of `GET /session`: no valid session, with where the page works.
    static let signedOut: A.Answer = .response(
        OpenAPI.Response(
            description:
                "There is no valid session (Authorization: Bearer <session> or the session cookie); rpId and origins say where the page works",
            content: [
                .json: .content(
                    .init(
                        schema: .all(of: [
                            APISchemas.ref("Failure"),
                            .object(properties: ["rpId": .string(description: "The relying party ID."), "origins": APISchemas.pageOrigins]),
                        ])))
            ]))

    static let signOut = OpenAPI.Operation(
        summary: "Sign out",
        description:
            "Ends the session given, and clears the cookie. Without a session, or with one that has ended, it answers 200 as well: signing out twice is not an error.",
        responses: [
            200: A.ok("Signed out (also when there was no valid session)", "Status", headers: A.setCookie),
            403: A.crossSite, 415: A.unsupportedMediaType, 503: A.storeUnavailable,
        ],
        security: signedIn + [[:]])

    static let endOtherSessions = OpenAPI.Operation(
        summary: "Sign out everywhere else",
        description:
            "Ends every session of the signed-in account except the one making this request (for a user who suspects a session was stolen). Needs a recent passkey verification.",
        responses: [
            200: A.ok("Other sessions ended", "Status"), 401: A.noSession, 403: sensitive, 415: A.unsupportedMediaType, 503: A.storeUnavailable,
        ],
        security: signedIn)

    static let deleteAccount = OpenAPI.Operation(
        summary: "Delete the signed-in account",
        description:
            "Removes the account, all its passkeys, sessions and pending ceremonies, and clears the session cookie. The username becomes free for a new account with a new user handle. Needs a recent passkey verification.",
        responses: [
            200: A.ok("Deleted", "Status", headers: A.setCookie), 401: A.noSession, 403: sensitive, 415: A.unsupportedMediaType,
            503: A.storeUnavailable,
        ],
        security: signedIn)

    static let listCredentials = OpenAPI.Operation(
        summary: "The signed-in user's passkeys",
        parameters: [
            .parameter(
                .header(
                    name: "Accept-Language", required: false, schemaOrContent: .schema(.init(.string, style: .default(for: .header))),
                    description: "Names providers in this language where FIDO metadata has one"))
        ],
        responses: [200: A.ok("Passkeys", "CredentialList"), 401: A.noSession, 403: notForRecovery, 503: A.storeUnavailable], security: signedIn)

    static let credentialID = OpenAPI.Parameter.path(
        name: "id", schemaOrContent: .schema(.init(APISchemas.base64url("A credential ID of the signed-in account."), style: .default(for: .path))))

    static let renameCredential = OpenAPI.Operation(
        summary: "Rename a passkey of the signed-in account",
        parameters: [.parameter(credentialID)],
        requestBody: json("RenameRequest"),
        responses: merged(
            [200: A.ok("Renamed", "CredentialResult")],
            A.bodyRefusals([], "The name breaks the name rules, or the body is not an object with name"),
            [
                401: A.noSession, 403: notForRecovery, 404: A.failure("No such passkey belongs to this account", codes: [], uncoded: true),
                503: A.storeUnavailable,
            ]),
        security: signedIn)

    static let deleteCredential = OpenAPI.Operation(
        summary: "Remove a passkey from the signed-in account",
        description: "Also ends every session the passkey started, except the session making this request. Needs a recent passkey verification.",
        parameters: [.parameter(credentialID)],
        responses: [
            200: A.ok("Removed", "Status"), 401: A.noSession, 403: sensitive,
            404: A.failure("No such passkey belongs to this account", codes: [], uncoded: true),
            409: A.failure("The account's only passkey is removed only with the account (DELETE /account)", codes: ["lastPasskey"]),
            415: A.unsupportedMediaType, 503: A.storeUnavailable,
        ],
        security: signedIn)

    static func plain(_ summary: String, _ description: String, _ type: OpenAPI.ContentType, _ schema: JSONSchema = .string) -> OpenAPI.Operation {
        OpenAPI.Operation(
            summary: summary,
            responses: [200: .response(OpenAPI.Response(description: description, content: [type: .content(.init(schema: schema))]))])
    }

    static let appleAppSiteAssociation = plain(
        "Associated domains for iOS apps (webcredentials)", "AASA", .json,
        .object(properties: ["webcredentials": .object(properties: ["apps": .array(required: false, items: .string)])]))
    static let relatedOrigins = plain(
        "Related origins (WebAuthn L3 §5.11.1): the origins on other sites that may use this RP ID (--related-origin)",
        "The related origins document", .json, .object(properties: ["origins": .array(items: .string)]))
    static let assetLinks = plain("Digital Asset Links for Android apps", "Asset links", .json, .array(items: .object))
    static let health = OpenAPI.Operation(
        summary: "Liveness: the process answers (cheap; does not touch the database)", responses: [200: A.ok("Alive", "Status")])
    static let readiness = OpenAPI.Operation(
        summary: "Readiness: the database answers within 2 s and its schema is this build's, and the server is not stopping",
        responses: [200: A.ok("Ready", "Status"), 503: A.notReady])
    static let metrics = plain("Prometheus metrics (served on --metrics-address instead, when given)", "Prometheus text exposition", .txt)
    static let document = plain("This document", "OpenAPI 3.1", .json, .object)

    static func asset(_ path: String, _ contentType: String) -> OpenAPI.Operation {
        let type = OpenAPI.ContentType(rawValue: String(contentType.prefix { $0 != ";" })) ?? .any
        if type == .json {
            // The page's message catalogs: each key's text, or its plural forms keyed by Intl.PluralRules category.
            let forms = JSONSchema.object(additionalProperties: .init(JSONSchema.string))
            let catalog = JSONSchema.object(additionalProperties: .init(JSONSchema.one(of: [.string, forms])))
            return plain("The page's messages in one language (\(path.dropFirst()))", contentType, type, catalog)
        }
        return plain(path == "/" ? "The web page to try passkeys" : "The page's \(path.dropFirst())", contentType, type)
    }
}
