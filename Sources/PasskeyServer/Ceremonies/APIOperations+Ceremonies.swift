import OpenAPIKit
import PasskeyCore

/// The ceremonies' routes: registration and sign-in (WebAuthn L3 §7.1, §7.2), and the step-up that verifies a session again.
extension APIOperations {
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

    static let beginReverification = OpenAPI.Operation(
        summary: "Begin a step-up (verify the signed-in user again)",
        description:
            "A sign-in bound to the session's user and to this session: allowCredentials lists that account's passkeys, and userVerification is required when every one of them has verified its user before (WebAuthn L3 uvInitialized), else the server's policy but at least preferred, so keys that cannot verify their user do not lock the account out. Finishing it (POST /session/verify/result) starts no session; it records on this session when the user verified. The body may be empty, but is sent as application/json (the cross-site defence), so it is documented as required.",
        requestBody: json("Empty"),
        responses: merged(
            [200: A.ok("Request options", "AuthenticationOptions")], A.bodyRefusals([], "The body is not a JSON object"),
            [401: A.notSignedIn, 403: notForRecovery, 429: A.rateLimited, 503: A.storeUnavailable]),
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
                401: A.notSignedIn, 403: notForRecovery,
                409: A.failure(
                    "The passkey signed in at the same moment with the same or a higher counter, or the session ended",
                    codes: [A.code(.signInConflict)]),
                429: A.rateLimited, 503: A.storeUnavailable,
            ]),
        security: signedIn)
}
