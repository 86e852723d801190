import OpenAPIKit
import PasskeyCore

/// The signed-in account's routes: its session, its passkeys, its recovery codes, and recovery itself.
extension APIOperations {
    /// 403 of an action that needs a recent passkey verification (a step-up), for a session alone.
    static let sensitive = A.failure(
        "The session has not verified with a passkey within the reverification window (serve --reverification-window, default 5 minutes; POST /session/verify/options and /result, or a fresh sign-in, verify it), it is a recovery session, or the request comes from another site",
        codes: [A.code(.reverificationRequired), "recoverySessionRestricted", "originNotAllowed", "crossSiteRequest"])

    /// 403 of a route a recovery session may not use.
    static let notForRecovery = A.failure(
        "A recovery session can only register a new passkey, or the request comes from another site",
        codes: ["recoverySessionRestricted", "originNotAllowed", "crossSiteRequest"])

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
            "Ends the session given, and clears the cookie unless the session came in Authorization: Bearer (then the only credential read, and the cookie is left alone). Without a session, or with one that has ended, it answers 200 as well: signing out twice is not an error.",
        responses: [
            200: A.ok("Signed out (also when there was no valid session)", "Status", headers: A.clearedCookie),
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
}
