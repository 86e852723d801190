package import Hummingbird

extension PasskeyResponse {
    /// 405 `methodNotAllowed` with `Allow` (RFC 9110 §15.5.6): `path` is served, but not with `method`. HEAD is
    /// listed wherever GET is (`passkeys serve` makes a HEAD endpoint of every GET one).
    package static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> PasskeyResponse {
        var methods = allowed.map(\.rawValue)
        if allowed.contains(.get), !allowed.contains(.head) { methods.append(HTTPRequest.Method.head.rawValue) }
        // HEAD's answer has no body; the status and Allow say it all.
        return .failed(
            .methodNotAllowed, "\(method.rawValue) is not allowed on \(path); it allows \(methods.joined(separator: ", ")).",
            code: "methodNotAllowed", headers: [.allow: methods.joined(separator: ", ")])
    }

    /// The methods a route group answers 405 for on its own paths: every common method it does not serve. OPTIONS
    /// is among them (no CORS is granted, so a preflight learns nothing more from a 204), and HEAD, whether or not
    /// the app's router makes HEAD endpoints of GET ones.
    package static let refusedMethods: [HTTPRequest.Method] = [.get, .head, .put, .post, .patch, .delete, .options, .trace]
}
