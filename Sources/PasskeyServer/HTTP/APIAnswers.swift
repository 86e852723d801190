import OpenAPIKit
import PasskeyCore
import PasskeyHummingbird

/// The answers `/openapi.json` lists for each route, each with the `code`s it can carry, named by the same values
/// the server throws (``RelyingPartyError``'s refusals, ``WebAuthnError/Code``) where a typed value exists.
enum APIAnswers {
    typealias Answer = Either<OpenAPI.Reference<OpenAPI.Response>, OpenAPI.Response>
    typealias Answers = OrderedDictionary<OpenAPI.Response.StatusCode, Answer>

    /// Every verification error code (WebAuthn L3 §7.1, §7.2 and the attestation formats of §8).
    static let verificationCodes: [WebAuthnError.Code] = [
        .malformedInput, .inputTooLarge, .credentialTypeMismatch, .credentialIdMismatch, .typeMismatch, .challengeMismatch,
        .originMismatch, .crossOriginNotAllowed, .topOriginMismatch, .invalidTokenBinding, .rpIdHashMismatch, .userNotPresent,
        .userNotVerified, .invalidBackupFlags, .backupEligibilityChanged, .missingAttestedCredentialData, .credentialIdTooLong,
        .unsupportedAlgorithm, .invalidPublicKey, .unsupportedFormat, .invalidAttestationStatement, .certificateInvalid,
        .untrustedAttestation, .attestationTypeNotAllowed, .aaguidMismatch, .invalidSignature, .authenticatorCompromised,
        .authenticatorNotAllowed, .metadataInvalid, .signCountRegression, .credentialNotAllowed, .userHandleMismatch,
    ]

    static let retryAfter: OpenAPI.Header.Map = [
        "Retry-After": .header(
            .init(schema: .header(.integer(minimum: (0, exclusive: false))), description: "Seconds to wait before trying again.", required: true))
    ]
    static let setCookie: OpenAPI.Header.Map = [
        "Set-Cookie": .header(
            .init(
                schema: .header(.string), description: "The session cookie (HttpOnly, SameSite=Lax; __Host- prefixed and Secure on https sites).",
                required: true))
    ]
    /// The cleared cookie of a sign-out: only when the request did not come with `Authorization: Bearer`, which is then
    /// the only credential read, so a sign-out by header leaves the browser's cookie alone.
    static let clearedCookie: OpenAPI.Header.Map = [
        "Set-Cookie": .header(
            .init(
                schema: .header(.string),
                description: "The session cookie, expired; absent when the request signed out with Authorization: Bearer.",
                required: false))
    ]
    static let allow: OpenAPI.Header.Map = [
        "Allow": .header(.init(schema: .header(.string), description: "The methods the path serves.", required: true))
    ]

    /// A JSON success with `schema`.
    static func ok(_ description: String, _ schema: String, headers: OpenAPI.Header.Map? = nil) -> Answer {
        .response(OpenAPI.Response(description: description, headers: headers, content: [.json: .content(.init(schema: APISchemas.ref(schema)))]))
    }

    /// A failure (`status` failed) whose `code` is one of `codes`, or absent when `uncoded` says a refusal carries none.
    static func failure(_ description: String, codes: [String], uncoded: Bool = false, headers: OpenAPI.Header.Map? = nil) -> Answer {
        let code: JSONSchema = .string(required: !uncoded, allowedValues: codes.map { AnyCodable($0) })
        let schema: JSONSchema = .all(of: [APISchemas.ref("Failure"), .object(properties: ["code": code])])
        let listed = codes.isEmpty ? "" : " (code \(codes.joined(separator: ", "))\(uncoded ? ", or none" : ""))"
        return .response(OpenAPI.Response(description: description + listed, headers: headers, content: [.json: .content(.init(schema: schema))]))
    }

    static func code(_ refusal: RelyingPartyError) -> String { refusal.code ?? "refused" }

    // The answers middleware and body reading give, whatever the route.
    static let storeUnavailable = failure("The database cannot be reached; try again later", codes: ["storeUnavailable"], headers: retryAfter)
    /// `/readyz`'s 503: the database (with `Retry-After`), or a server that has begun to stop (without: it will not be back).
    static let notReady = failure(
        "Not ready: the database cannot be reached (storeUnavailable, with Retry-After), or the server is stopping (stopping)",
        codes: ["storeUnavailable", "stopping"],
        headers: [
            "Retry-After": .header(
                .init(
                    schema: .header(.integer(minimum: (0, exclusive: false))),
                    description: "Seconds to wait before trying again (storeUnavailable only).",
                    required: false))
        ])
    static let rateLimited = failure(
        "Too many requests from this client (per-client limit on options requests and on failed results)", codes: [code(.tooManyRequests)],
        headers: retryAfter)
    static let crossSite = failure(
        "The request comes from another site: its Origin is not one of the relying party's origins, or Sec-Fetch-Site is cross-site",
        codes: ["originNotAllowed", "crossSiteRequest"])
    static let unsupportedMediaType = failure("The body is not application/json", codes: ["unsupportedMediaType"])
    static let tooLarge = failure("The body is larger than \(ServerContext.maximumBodySize) bytes", codes: ["payloadTooLarge"], uncoded: true)
    static let timeout = failure("The body did not arrive in time", codes: ["requestTimeout"])
    private static let noSessionText = "There is no valid session (Authorization: Bearer <session> or the session cookie)"
    static let noSession = failure(noSessionText, codes: [], uncoded: true)
    /// 401 of the shared ceremony endpoints that need a signed-in user (the step-up): they name the refusal.
    static let notSignedIn = failure(noSessionText, codes: [code(.notSignedIn)])

    /// The answers of a request whose body is read: 400 malformed, 403 cross-site, 408, 413, 415.
    /// The body's parser refuses with `malformedInput` or `inputTooLarge`, a body cut short with `unreadableBody`.
    static func bodyRefusals(_ badRequestCodes: [String], _ badRequest: String) -> Answers {
        let parsing = [WebAuthnError.Code.malformedInput, .inputTooLarge].map(\.rawValue) + ["unreadableBody"]
        let codes = badRequestCodes + parsing.filter { !badRequestCodes.contains($0) }
        return [400: failure(badRequest, codes: codes, uncoded: true), 403: crossSite, 408: timeout, 413: tooLarge, 415: unsupportedMediaType]
    }
}
