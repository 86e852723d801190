import Hummingbird
import NIOCore
import PasskeyHummingbird
import PasskeyCore

/// Every API body is a JSON object with `status` and `errorMessage` first (FIDO2 conformance server API, §2 of
/// CONTRACT.md), then the endpoint's members.
enum APIResponse {
    static func ok(_ members: JSONObject = JSONObject(), headers: HTTPFields = [:]) -> Response {
        var body = JSONObject(["status": .string("ok"), "errorMessage": .string("")])
        for member in members.members { body[member.key] = member.value }
        return json(.object(body), status: .ok, headers: headers)
    }

    static func failure(_ status: HTTPResponse.Status, _ message: String, code: String? = nil, credentialID: String? = nil, headers: HTTPFields = [:]) -> Response {
        var body = JSONObject(["status": .string("failed"), "errorMessage": .string(message)])
        if let code { body["code"] = .string(code) }
        if let credentialID { body["credentialId"] = .string(credentialID) }
        return json(.object(body), status: status, headers: headers)
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        PasskeyResponse.json(value, status: status, headers: headers)
    }

    /// Reads and parses a JSON object body, with the contract's 400 and 413 answers.
    static func body(_ request: Request, context: ServerContext) async throws -> [UInt8] {
        let limit = context.maxUploadSize
        do {
            // The time the body may take is bounded on the event loop (RequestBodyDeadline).
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw RelyingPartyError(.payloadTooLarge, "The request body is larger than \(limit / 1024) KiB.")
        } catch is RequestBodyTimedOut {
            throw RelyingPartyError(.requestTimeout, "The request body did not arrive within \(ServerContext.bodyTimeout.components.seconds) seconds.", code: "requestTimeout")
        }
    }

}
