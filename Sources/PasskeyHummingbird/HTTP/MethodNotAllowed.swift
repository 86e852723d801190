package import Hummingbird

extension PasskeyResponse {
    /// 405 `methodNotAllowed` with `Allow` (RFC 9110 §15.5.6): `path` is served, but not with `method`. HEAD is
    /// listed wherever GET is, since Hummingbird answers HEAD with GET's head.
    package static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> PasskeyResponse {
        var methods = allowed.map(\.rawValue)
        if allowed.contains(.get), !allowed.contains(.head) { methods.append(HTTPRequest.Method.head.rawValue) }
        return .failed(
            .methodNotAllowed, "\(method.rawValue) is not allowed on \(path); it allows \(methods.joined(separator: ", ")).",
            code: "methodNotAllowed", headers: [.allow: methods.joined(separator: ", ")])
    }

    /// The methods a route group answers 405 for on its own paths: every common method it does not serve. OPTIONS
    /// is among them (no CORS is granted, so a preflight learns nothing more from a 204); HEAD follows GET.
    package static let refusedMethods: [HTTPRequest.Method] = [.get, .put, .post, .patch, .delete, .options, .trace]
}
