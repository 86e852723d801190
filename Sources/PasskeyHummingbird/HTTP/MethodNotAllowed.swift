package import Hummingbird

extension PasskeyResponse {
    /// 405 `methodNotAllowed` with `Allow` (RFC 9110 §15.5.6; `EndpointAnswer.methodNotAllowed`): `path` is served,
    /// but not with `method`.
    package static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> PasskeyResponse {
        PasskeyResponse(EndpointAnswer.methodNotAllowed(method.rawValue, path: path, allowed: allowed.map(\.rawValue)))
    }

    /// The methods a route group answers 405 for on its own paths (`EndpointAnswer.refusedMethods`).
    package static let refusedMethods: [HTTPRequest.Method] = EndpointAnswer.refusedMethods.compactMap { HTTPRequest.Method($0) }
}
