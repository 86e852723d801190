import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// Every API body is a JSON object with `status` and `errorMessage` first (FIDO2 conformance server API;
/// docs/reference/http.md, "Bodies"), then the endpoint's members: the server's names for `PasskeyResponse`'s builders, as `Response`s.
enum APIResponse {
    static func ok(_ members: JSONObject = JSONObject(), headers: HTTPFields = [:]) -> Response {
        PasskeyResponse.ok(members, headers: headers).httpResponse
    }

    static func failure(
        _ status: HTTPResponse.Status, _ message: String, code: String? = nil, credentialID: String? = nil, headers: HTTPFields = [:]
    ) -> Response {
        PasskeyResponse.failure(status, message, code: code, credentialID: credentialID, headers: headers).httpResponse
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        PasskeyResponse.json(value, status: status, headers: headers)
    }
}
