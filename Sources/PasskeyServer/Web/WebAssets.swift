import NIOCore

/// One file under `Web`, built into the binary by the EmbedWebFiles plugin, which writes
/// `EmbeddedWebFile.all` from the files at each build: `passkeys serve` needs nothing beside its executable.
struct EmbeddedWebFile: Sendable {
    /// The path below `Web`, such as `Page/app.js`.
    let path: String
    let contentType: String
    /// The file's bytes, one Unicode scalar (U+0000 to U+00FF) per byte, as the plugin writes them.
    let scalars: String

    var bytes: [UInt8] { scalars.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
}

/// One file of the web page and the path it is served at.
struct WebAsset: Sendable {
    let path: String
    let contentType: String
    let body: ByteBuffer
}

enum WebAssets {
    /// The folder under `Web` that is the page: each file in it is served at its path below it (`Page/app.js` at
    /// `/app.js`), and `index.html` at `/`.
    static let pageFolder = "Page/"

    /// The page's files by path, made from the embedded bytes once, when the first router is built; every request
    /// then answers from memory.
    static let all: [WebAsset] = EmbeddedWebFile.all.compactMap { file -> WebAsset? in
        guard file.path.hasPrefix(pageFolder) else { return nil }
        let below = file.path.dropFirst(pageFolder.count)
        return WebAsset(path: below == "index.html" ? "/" : "/\(below)", contentType: file.contentType, body: ByteBuffer(bytes: file.bytes))
    }.sorted { $0.path < $1.path }
}
