import Foundation
import NIOCore

/// One file of the web page, read from this module's resources (`Web/Page`, copied by Package.swift).
struct WebAsset: Sendable {
    let path: String
    let contentType: String
    let body: ByteBuffer
}

/// A page file that is not among the module's resources: the build or the installation left it out.
struct WebAssetMissing: Error, CustomStringConvertible {
    let file: String
    var description: String {
        "\(file) is missing from the PasskeyServer resources (the Passkeys_PasskeyServer resource bundle next to the executable)"
    }
}

enum WebAssets {
    /// Each route, the resource file that answers it and its type.
    static let files: [(path: String, name: String, ext: String, contentType: String)] = [
        ("/", "index", "html", "text/html; charset=utf-8"),
        ("/app.js", "app", "js", "text/javascript; charset=utf-8"),
        ("/app.css", "app", "css", "text/css; charset=utf-8"),
        ("/i18n.js", "i18n", "js", "text/javascript; charset=utf-8"),
        // The page's message catalogs, one per language (scripts/check-catalogs keeps them complete).
        ("/messages.en.json", "messages.en", "json", "application/json; charset=utf-8"),
        ("/messages.ko.json", "messages.ko", "json", "application/json; charset=utf-8"),
        ("/messages.ja.json", "messages.ja", "json", "application/json; charset=utf-8"),
        ("/messages.zh-Hans.json", "messages.zh-Hans", "json", "application/json; charset=utf-8"),
        ("/messages.zh-Hant.json", "messages.zh-Hant", "json", "application/json; charset=utf-8"),
    ]

    /// Read once per process, when the first router is built, so a missing file stops the server at start rather
    /// than failing its first visitor; every request then answers from memory.
    static let all: Result<[WebAsset], WebAssetMissing> = Result { () throws(WebAssetMissing) in try load() }

    private static func load() throws(WebAssetMissing) -> [WebAsset] {
        var assets: [WebAsset] = []
        for file in files {
            guard let url = Bundle.module.url(forResource: file.name, withExtension: file.ext),
                let bytes = try? Data(contentsOf: url)
            else { throw WebAssetMissing(file: "\(file.name).\(file.ext)") }
            assets.append(WebAsset(path: file.path, contentType: file.contentType, body: ByteBuffer(bytes: bytes)))
        }
        return assets
    }
}
