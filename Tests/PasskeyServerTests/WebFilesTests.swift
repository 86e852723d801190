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

    /// The plugin's tool, built beside the tests (SwiftPM builds every executable target of the package).
    static var tool: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("EmbedWebFilesTool")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return web.appendingPathComponent("../../../.build/debug/EmbedWebFilesTool").standardizedFileURL
    }

    static func runTool(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("the tool writes any byte so that it reads back the same, and refuses a file it has no Content-Type for")
    func tool() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.tool.path), "\(Self.tool.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Page"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes: [UInt8] = [0x00, 0x22, 0x5C, 0x41, 0x0A, 0x7F, 0x80, 0xFF]
        let icon = folder.appendingPathComponent("Page/icon.png")
        try Data(bytes).write(to: icon)
        let output = folder.appendingPathComponent("Embedded.swift")
        let written = try Self.runTool([output.path, folder.path + "/", icon.path])
        #expect(written.status == 0, "\(written.errors)")
        let source = try String(contentsOf: output, encoding: .utf8)
        // NUL, quote, backslash, 'A', newline, DEL, 0x80, 0xFF: what Swift reads as one scalar per byte.
        let literal = #"scalars: "\u{0}\"\\A\u{A}\u{7F}\u{80}\u{FF}""#
        #expect(source.contains(#"EmbeddedWebFile(path: "Page/icon.png", contentType: "image/png", "# + literal), "\(source)")
        #expect(EmbeddedWebFile(path: "", contentType: "", scalars: "\u{0}\"\\A\u{A}\u{7F}\u{80}\u{FF}").bytes == bytes)

        let unknown = folder.appendingPathComponent("Page/notes.xyz")
        try Data("x".utf8).write(to: unknown)
        let refused = try Self.runTool([output.path, folder.path + "/", unknown.path])
        #expect(refused.status != 0 && refused.errors.contains("no Content-Type for '.xyz'"), "\(refused.errors)")
    }
}
