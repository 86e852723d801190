import Foundation

// EmbedWebFilesTool OUTPUT ROOT FILE...: writes OUTPUT, a Swift file declaring `EmbeddedWebFiles.all`, one entry per
// FILE with its path below ROOT, its Content-Type and its bytes. Run by the EmbedWebFiles build-tool plugin.
//
// The bytes are a string literal with one Unicode scalar per byte (printable ASCII as itself, anything else as
// \u{XX}): a string literal costs the compiler almost nothing at any length, where an array literal of the same
// bytes costs it seconds per few kilobytes, and turning it back into bytes cannot fail.

/// Content types by file extension: a file with any other extension stops the build, so nothing is served with a
/// type a browser would guess at.
let contentTypes: [String: String] = [
    "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8", "json": "application/json; charset=utf-8", "txt": "text/plain; charset=utf-8",
    "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon", "webp": "image/webp", "jpg": "image/jpeg",
    "jpeg": "image/jpeg", "gif": "image/gif", "woff2": "font/woff2", "woff": "font/woff", "webmanifest": "application/manifest+json",
]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: EmbedWebFilesTool: \(message)\n".utf8))
    exit(1)
}

/// `text` as the inside of a Swift string literal.
func escaped(_ text: String) -> String {
    var out = ""
    for character in text.unicodeScalars {
        switch character {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        default: out.unicodeScalars.append(character)
        }
    }
    return out
}

/// `bytes` as the inside of a Swift string literal, one scalar per byte.
func literal(_ bytes: Data) -> String {
    var out = ""
    out.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
        switch byte {
        case UInt8(ascii: "\\"): out += "\\\\"
        case UInt8(ascii: "\""): out += "\\\""
        case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
        default: out += "\\u{" + String(byte, radix: 16, uppercase: true) + "}"
        }
    }
    return out
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: EmbedWebFilesTool OUTPUT ROOT FILE...") }
let output = arguments[1], root = arguments[2]
var entries: [String] = []
for file in arguments.dropFirst(3) {
    guard file.hasPrefix(root) else { fail("\(file) is not under \(root)") }
    let path = String(file.dropFirst(root.count))
    let ext = (path as NSString).pathExtension.lowercased()
    guard let type = contentTypes[ext] else {
        fail(
            "\(file): no Content-Type for '.\(ext)' files; add one to Plugins/EmbedWebFilesTool/main.swift (known: \(contentTypes.keys.sorted().joined(separator: ", ")))"
        )
    }
    guard let bytes = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    entries.append("        EmbeddedWebFile(path: \"\(escaped(path))\", contentType: \"\(type)\", scalars: \"\(literal(bytes))\"),")
}
let source = """
    // Written by the EmbedWebFiles build-tool plugin from the files under Sources/PasskeyServer/Web; not edited by hand.

    extension EmbeddedWebFile {
        /// Every file under `Web`, by path below it, in path order.
        static let all: [EmbeddedWebFile] = [
    \(entries.joined(separator: "\n"))
        ]
    }

    """
// Unchanged output is not rewritten, so nothing downstream is rebuilt for nothing.
if FileManager.default.contents(atPath: output) != Data(source.utf8) {
    do { try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch { fail("cannot write \(output): \(error)") }
}
