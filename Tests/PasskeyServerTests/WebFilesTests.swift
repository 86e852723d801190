import Foundation
import HummingbirdTesting
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The page is built into the binary (the EmbedWebFiles plugin), every file under
/// `Sources/PasskeyServer/Web` without a list to keep, byte for byte.
@Suite("The web page built into the binary")
struct WebFilesTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/PasskeyServer/Web").standardizedFileURL

    /// Every file under `Web` that is not Swift source and not hidden, by path below `Web`.
    static func filesOnDisk() throws -> [String] {
        let root = web.path + "/"
        let enumerator = try #require(FileManager.default.enumerator(at: web, includingPropertiesForKeys: [.isRegularFileKey]))
        var paths: [String] = []
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root), url.pathExtension != "swift", !url.lastPathComponent.hasPrefix(".") else { continue }
            paths.append(String(path.dropFirst(root.count)))
        }
        return paths.sorted()
    }

    @Test("every file under Web is embedded, with its exact bytes, and nothing else is")
    func everyFile() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(onDisk.count >= 3 && onDisk.contains("Page/index.html"), "\(onDisk)")
        #expect(EmbeddedWebFile.all.map(\.path) == onDisk)
        for file in EmbeddedWebFile.all {
            let bytes = try Data(contentsOf: Self.web.appendingPathComponent(file.path))
            #expect(file.bytes == [UInt8](bytes), "\(file.path) is embedded as it is on disk")
        }
    }

    @Test("each file of Web/Page is served at its path below it (index.html at /) with its type and exact bytes")
    func served() async throws {
        let page = try Self.filesOnDisk().filter { $0.hasPrefix("Page/") }
        #expect(WebAssets.all.count == page.count)
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            for file in page {
                let below = file.dropFirst("Page/".count)
                let route = below == "index.html" ? "/" : "/\(below)"
                let expected = [UInt8](try Data(contentsOf: Self.web.appendingPathComponent(file)))
                try await client.execute(uri: route, method: .get) { response in
                    #expect(response.status == .ok, "\(route)")
                    #expect(Array(buffer: response.body) == expected, "\(route) serves \(file) as it is")
                    let type = response.headers[.contentType] ?? ""
                    let expectedType = ["html": "text/html", "css": "text/css", "js": "text/javascript", "json": "application/json"][
                        (file as NSString).pathExtension]
                    #expect(expectedType.map { type.hasPrefix($0) } ?? !type.isEmpty, "\(route): \(type)")
                }
            }
        }
    }

    /// The plugin's encoding (Plugins/EmbedWebFiles/WebFileSource.swift) runs while SwiftPM plans the build, where no
    /// test reaches it, so what it wrote is checked here instead: `everyFile` above reads each file back byte for byte,
    /// and this makes sure those files hold every kind of byte the encoding treats apart (a quote, a backslash, a
    /// control byte, bytes over 0x7F), so the round trip covers each branch of it.
    @Test("the embedded files hold every kind of byte the plugin escapes, and each kind reads back as written")
    func everyKindOfByte() throws {
        let bytes = Set(EmbeddedWebFile.all.flatMap(\.bytes))
        #expect(bytes.contains(UInt8(ascii: "\"")) && bytes.contains(UInt8(ascii: "\\")), "a quote and a backslash")
        #expect(bytes.contains(0x0A), "a control byte (newline), written as \\u{A}")
        #expect(bytes.contains { $0 >= 0x80 }, "bytes over 0x7F (the UTF-8 of the Japanese, Korean and Chinese catalogs)")
        // Each kind as the plugin writes it: NUL, quote, backslash, 'A', newline, DEL, 0x80, 0xFF.
        let written = EmbeddedWebFile(path: "", contentType: "", scalars: "\u{0}\"\\A\u{A}\u{7F}\u{80}\u{FF}")
        #expect(written.bytes == [0x00, 0x22, 0x5C, 0x41, 0x0A, 0x7F, 0x80, 0xFF])
    }
}
