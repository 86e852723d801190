import Foundation

/// What the embedding command writes: a Swift file declaring `EmbeddedWebFile.all`, one entry per file with its path
/// below the `Web` folder, its Content-Type and its bytes.
///
/// The bytes are a string literal with one Unicode scalar per byte (printable ASCII as itself, a quote and a
/// backslash escaped, anything else as `\u{XX}`): a string literal costs the compiler almost nothing at any length,
/// where an array literal of the same bytes costs it seconds per few kilobytes, and turning it back into bytes cannot
/// fail. The plugin decides each file's path and type while SwiftPM plans the build (and refuses a file it has no type
/// for); the command reads the bytes when a file changed.
enum WebFileSource {
    /// Content types by file extension: a file with any other extension stops the build, so nothing is served with a
    /// type a browser would guess at.
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json; charset=utf-8", "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon", "webp": "image/webp", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "woff2": "font/woff2", "woff": "font/woff", "webmanifest": "application/manifest+json",
    ]

    /// Why a file cannot be embedded.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The command's three arguments for `file` under `root` (a folder path ending in `/`): its path below `root`
    /// and its Content-Type, each as the inside of a Swift string literal, and the file to read.
    static func entry(for file: URL, root: String) throws -> [String] {
        let full = file.standardizedFileURL.path
        guard full.hasPrefix(root) else { throw Refusal(description: "\(full) is not under \(root)") }
        let ext = file.pathExtension.lowercased()
        guard let type = contentTypes[ext] else {
            throw Refusal(
                description: "\(full): no Content-Type for '.\(ext)' files; add one to Plugins/EmbedWebFiles/WebFileSource.swift "
                    + "(known: \(contentTypes.keys.sorted().joined(separator: ", ")))")
        }
        return [escaped(String(full.dropFirst(root.count))), type, full]
    }

    /// `text` as the inside of a Swift string literal.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// `sh -c script NAME OUTPUT (PATH TYPE FILE)...`: writes OUTPUT, and leaves it untouched when its text is the
    /// same, so nothing downstream is rebuilt for nothing. `od` gives each byte as a decimal number, `awk` writes it as
    /// one scalar of the literal (`printf "%c"` only for 32 to 126, which every locale writes as that one byte).
    static let script = #"""
        set -eu
        output=$1
        shift
        {
          printf '%s\n' \
            "// Written by the EmbedWebFiles build-tool plugin from the files under Sources/PasskeyServer/Web; not edited by hand." \
            "" "extension EmbeddedWebFile {" "    /// Every file under \`Web\`, by path below it, in path order." \
            "    static let all: [EmbeddedWebFile] = ["
          while [ $# -ge 3 ]; do
            printf '        EmbeddedWebFile(path: "%s", contentType: "%s", scalars: "' "$1" "$2"
            od -An -v -tu1 "$3" | awk '{
              for (i = 1; i <= NF; i++) {
                b = $i + 0
                if (b == 92) printf "\\\\"
                else if (b == 34) printf "\\\""
                else if (b >= 32 && b <= 126) printf "%c", b
                else printf "\\u{%X}", b
              }
            }'
            printf '"),\n'
            shift 3
          done
          printf '%s\n' "    ]" "}"
        } >"$output.new"
        if cmp -s "$output.new" "$output"; then rm -f "$output.new"; else mv "$output.new" "$output"; fi
        """#
}
