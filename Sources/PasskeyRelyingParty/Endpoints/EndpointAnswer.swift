/// The conformance API's answer shapes (docs/reference/http.md, "Bodies") without HTTP: a status code, a JSON body whose first members
/// are `status` and `errorMessage`, and the headers that belong to it. Every HTTP front end over ``Passkeys``
/// (`passkeys serve`, PasskeyHummingbird, PasskeyVapor) builds its answers here, so they read the same everywhere.
package struct EndpointAnswer: Sendable {
    /// The HTTP status code.
    package let status: Int
    /// The whole JSON body, `status` and `errorMessage` first.
    package let body: JSONObject
    /// `Retry-After` in seconds, for 429 and 503.
    package let retryAfter: String?
    /// `Allow`, for 405.
    package let allow: String?
    /// What the front end logs: a warning for an outage, an error for a fault; nil for a refusal.
    package let log: (level: LogLevel, message: String, detail: String)?

    package enum LogLevel: Sendable { case warning, error }

    /// 200 with `status: "ok"`, `errorMessage: ""`, then `members` (a `status` or `errorMessage` among them is
    /// ignored).
    package static func ok(_ members: JSONObject = JSONObject()) -> JSONObject {
        var body = JSONObject(["status": .string("ok"), "errorMessage": .string("")])
        body.add(members)
        return body
    }

    /// The one shape of a failed answer: `status: "failed"`, `errorMessage`, then `code` and `credentialId` when given.
    package static func failedBody(_ message: String, code: String?, credentialID: String?) -> JSONObject {
        var body = JSONObject(["status": .string("failed"), "errorMessage": .string(message)])
        if let code { body["code"] = .string(code) }
        if let credentialID { body["credentialId"] = .string(credentialID) }
        return body
    }

    init(
        status: Int, body: JSONObject, retryAfter: String? = nil, allow: String? = nil, log: (level: LogLevel, message: String, detail: String)? = nil
    ) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
        self.allow = allow
        self.log = log
    }

    /// A refusal: its status, message and code, and for an unknown passkey at sign-in the `credentialId` the client
    /// sent. 429 adds `Retry-After: 1`.
    package init(refusal: RelyingPartyError) {
        self.init(
            status: refusal.status.rawValue, body: Self.failedBody(refusal.message, code: refusal.code, credentialID: refusal.credentialID),
            retryAfter: refusal.status == .tooManyRequests ? "1" : nil)
    }

    /// The answer to whatever a route or a hook threw, when it is one the relying party knows: a refusal keeps its
    /// status and code; an outage is 503 with `Retry-After`; nil for any other error, which the front end answers
    /// with its framework's own errors' statuses or ``fault(_:)``.
    package static func answering(_ error: any Error) -> EndpointAnswer? {
        switch error {
        case let refusal as RelyingPartyError:
            return EndpointAnswer(refusal: refusal)
        case let outage as StoreUnavailable:
            return EndpointAnswer(
                status: 503,
                body: failedBody(
                    "The service is briefly unavailable (its storage cannot be reached); try again in a few seconds.", code: "storeUnavailable",
                    credentialID: nil),
                retryAfter: "5", log: (.warning, "passkey routes: storage unavailable", outage.reason))
        default:
            return nil
        }
    }

    /// A fault: 500 `internalError`, with the error logged (never shown to the client).
    package static func fault(_ error: any Error) -> EndpointAnswer {
        EndpointAnswer(
            status: 500,
            body: failedBody("The server failed unexpectedly; this is a bug and has been logged.", code: "internalError", credentialID: nil),
            log: (.error, "passkey routes: unexpected error", String(reflecting: error)))
    }

    /// A framework's own HTTP error below 500 raised by an app's hook (`Abort(.unauthorized)`), in JSON: its status,
    /// its message, code `refused`.
    package static func refused(status: Int, message: String) -> EndpointAnswer {
        EndpointAnswer(status: status, body: failedBody(message, code: "refused", credentialID: nil))
    }

    /// 405 `methodNotAllowed` with `Allow` (RFC 9110 §15.5.6): `path` is served, but not with `method`. HEAD is
    /// listed wherever GET is (`passkeys serve` makes a HEAD endpoint of every GET one).
    package static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> EndpointAnswer {
        var methods = allowed
        if allowed.contains("GET"), !allowed.contains("HEAD") { methods.append("HEAD") }
        let list = methods.joined(separator: ", ")
        // HEAD's answer has no body; the status and Allow say it all.
        return EndpointAnswer(
            status: 405, body: failedBody("\(method) is not allowed on \(path); it allows \(list).", code: "methodNotAllowed", credentialID: nil),
            allow: list)
    }

    /// The methods the passkey routes answer 405 for on their own paths: every common method they do not serve.
    /// OPTIONS is among them (no CORS is granted, so a preflight learns nothing more from a 204), and HEAD, whether
    /// or not the app's router makes HEAD endpoints of GET ones.
    package static let refusedMethods = ["GET", "HEAD", "PUT", "POST", "PATCH", "DELETE", "OPTIONS", "TRACE"]
}

extension JSONObject {
    /// Adds `members` in their order, replacing members of the same name, except the contract's `status` and
    /// `errorMessage`, which say whether the request succeeded and are the routes' alone.
    package mutating func add(_ members: JSONObject) {
        for member in members.members where member.key != "status" && member.key != "errorMessage" {
            self[member.key] = member.value
        }
    }
}
