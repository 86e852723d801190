import HTTPTypes
public import Hummingbird

/// An answer in the conformance API's shape (FIDO2 conformance server API; docs/reference/http.md, "Bodies"): a JSON object whose
/// first members are `status` (`ok` or `failed`) and `errorMessage` (empty when ok), then the endpoint's members.
///
/// Every answer of ``PasskeyRoutes`` is one, failures included, so clients written for the conformance API (the
/// project's `RelyingPartyClient` among them) read them unchanged. An app may return it from its own routes for the
/// same shape.
public struct PasskeyResponse: ResponseGenerator, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The whole JSON body, `status` and `errorMessage` first.
    public var body: JSONObject
    /// Headers besides `Content-Type` and `Cache-Control`, which are always JSON and `no-store`.
    public var headers: HTTPFields

    /// 200 with `status: "ok"`, `errorMessage: ""`, then `members` (a `status` or `errorMessage` among them is
    /// ignored).
    public static func ok(_ members: JSONObject = JSONObject(), headers: HTTPFields = [:]) -> PasskeyResponse {
        PasskeyResponse(status: .ok, body: EndpointAnswer.ok(members), headers: headers)
    }

    /// A refusal: its status, `status: "failed"`, its message, its `code`, and for an unknown passkey at sign-in the
    /// `credentialId` the client sent (so the client can drop it from its passkey list). 429 adds `Retry-After`.
    public static func failed(_ refusal: RelyingPartyError) -> PasskeyResponse {
        PasskeyResponse(EndpointAnswer(refusal: refusal))
    }

    /// A failure that is not a `RelyingPartyError` (an outage, a fault): `status: "failed"`, `message`, `code`.
    public static func failed(_ status: HTTPResponse.Status, _ message: String, code: String, headers: HTTPFields = [:]) -> PasskeyResponse {
        failure(status, message, code: code, credentialID: nil, headers: headers)
    }

    /// The one shape of a failed answer: `status: "failed"`, `errorMessage`, then `code` and `credentialId` when
    /// given. Both HTTP front ends (these routes and `passkeys serve`) build their failures here.
    package static func failure(
        _ status: HTTPResponse.Status, _ message: String, code: String?, credentialID: String?, headers: HTTPFields
    ) -> PasskeyResponse {
        PasskeyResponse(status: status, body: EndpointAnswer.failedBody(message, code: code, credentialID: credentialID), headers: headers)
    }

    /// A framework-free answer (`EndpointAnswer`, shared with PasskeyVapor) as a Hummingbird one, with its
    /// `Retry-After` and `Allow`.
    package init(_ answer: EndpointAnswer) {
        var headers: HTTPFields = [:]
        if let retryAfter = answer.retryAfter { headers[.retryAfter] = retryAfter }
        if let allow = answer.allow { headers[.allow] = allow }
        self.init(status: HTTPResponse.Status(code: answer.status), body: answer.body, headers: headers)
    }

    /// An answer with exactly this body; prefer ``ok(_:headers:)`` and the `failed` forms, which put `status` and
    /// `errorMessage` first.
    public init(status: HTTPResponse.Status, body: JSONObject, headers: HTTPFields = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// The HTTP response: the body serialized compactly, as JSON that is never cached.
    public func response(from request: Request, context: some RequestContext) -> Response { httpResponse }

    /// The HTTP response, for code that answers without a request context (`passkeys serve`'s middleware).
    package var httpResponse: Response { Self.json(.object(body), status: status, headers: headers) }

    /// Any JSON value as a response: serialized compactly to bytes, `application/json`, never cached. The one place
    /// both HTTP front ends (these routes and `passkeys serve`) build JSON answers.
    package static func json(_ value: JSONValue, status: HTTPResponse.Status, headers: HTTPFields) -> Response {
        var fields = headers
        // Options carry single-use challenges and results carry sessions: nothing here may be cached.
        fields.set(jsonFields)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serializedBytes())))
    }
}

/// The fields every JSON answer carries, built once: each answer only copies them.
private let jsonFields = [
    HTTPField(name: .contentType, value: "application/json; charset=utf-8"), HTTPField(name: .cacheControl, value: "no-store"),
]
