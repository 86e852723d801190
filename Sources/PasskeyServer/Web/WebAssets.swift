/// The web page's files, compiled in so the server is one self-contained binary.
struct WebAsset: Sendable {
    let path: String
    let contentType: String
    let body: String
}

enum WebAssets {
    static let all = [
        WebAsset(path: "/", contentType: "text/html; charset=utf-8", body: WebPage.html),
        WebAsset(path: "/app.js", contentType: "text/javascript; charset=utf-8", body: WebPage.script),
        WebAsset(path: "/app.css", contentType: "text/css; charset=utf-8", body: WebPage.style),
    ]
}
