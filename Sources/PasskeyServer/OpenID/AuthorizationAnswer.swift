import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What `/authorize` sends back to a client's redirect URI (a code, or an error, with `state` and `iss`): in the
/// redirect's query (RFC 6749 §4.1.2), or with `response_mode=form_post` (OAuth 2.0 Form Post Response Mode §2) as a
/// page whose form the browser posts there, so the values never sit in a URL (logs, history, `Referer`).
struct AuthorizationAnswer: Sendable {
    let redirectURI: String
    let parameters: [(String, String)]
    let formPost: Bool

    /// The one script of the form-post page: it submits the form as soon as the page is read.
    static let script = "document.forms[0].submit();"
    /// The script's CSP source (CSP Level 3 §2.3.1: base64 of its SHA-256, with padding), so no other script runs.
    static let scriptSource = "'sha256-" + Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString() + "'"

    /// The form-post page: 200 `text/html`, never cached, an auto-submitting form to the redirect URI with each value in
    /// a hidden field, and a button for a browser without script. Its CSP is the page's but for `form-action`, which
    /// names only the redirect URI's origin, and `script-src`, which admits only ``script`` by its hash.
    func formPostPage() -> Response {
        let fields = parameters.map { name, value in "<input type=\"hidden\" name=\"\(Self.escape(name))\" value=\"\(Self.escape(value))\">" }
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Signing in</title><link rel="stylesheet" href="/app.css"></head>
            <body><main><form method="post" action="\(Self.escape(redirectURI))">\(fields.joined())<noscript><p>Script is off in this browser: continue to the app with the button.</p><button type="submit">Continue</button></noscript></form></main><script>\(Self.script)</script></body></html>
            """
        var headers = Routes.noStore
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src \(Self.scriptSource); style-src 'self'; base-uri 'none'; form-action \(Self.origin(of: redirectURI)); frame-ancestors 'none'"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// `scheme://host[:port]` of a registered redirect URI (https, or http on a loopback IP literal: no character of
    /// it needs quoting in a CSP source expression).
    static func origin(of uri: String) -> String {
        guard let components = URLComponents(string: uri), let scheme = components.scheme, let host = components.percentEncodedHost else {
            return "'none'"
        }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// HTML attribute text: the five characters that could end or change it, escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
