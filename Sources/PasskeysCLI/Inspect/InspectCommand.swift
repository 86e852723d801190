import ArgumentParser
import PasskeyCore

/// `passkeys inspect` (docs/reference/cli.md, "passkeys inspect"): decodes a WebAuthn response, or one of its parts, for people.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Decode a RegistrationResponseJSON, AuthenticationResponseJSON, or a bare attestationObject, authenticatorData or clientDataJSON (base64url).",
        discussion: """
            Shows flags by name, the AAGUID, the COSE key, certificates (subject, issuer, validity) and extensions. Binary values accept '=' padding and the standard alphabet here.

            Examples:
              passkeys inspect response.json
              passkeys inspect --json < response.json
            """
    )

    @Flag(help: "Print one JSON object instead of indented text.")
    var json = false

    @Argument(help: "The file to read (default: stdin).")
    var file: String?

    func run() async throws {
        let description = Inspector.describe(try InputFiles.read(file))
        if json {
            Output.json(description)
        } else {
            print(TextRenderer.render(description), terminator: "")
        }
        if case .object(let object) = description, object["error"] != nil {
            throw OperationFailed()
        }
    }
}

/// Renders a described value as indented `key: value` lines.
enum TextRenderer {
    static func render(_ value: JSONValue, indent: Int = 0) -> String {
        var out = ""
        let pad = String(repeating: "  ", count: indent)
        switch value {
        case .object(let object):
            for member in object.members {
                switch member.value {
                case .object(let inner) where !inner.isEmpty:
                    out += "\(pad)\(member.key):\n" + render(member.value, indent: indent + 1)
                case .array(let items) where items.contains(where: { $0.objectValue != nil }):
                    out += "\(pad)\(member.key):\n"
                    for (i, item) in items.enumerated() {
                        out += "\(pad)  [\(i)]\n" + render(item, indent: indent + 2)
                    }
                default:
                    out += "\(pad)\(member.key): \(scalar(member.value))\n"
                }
            }
        default:
            out += pad + scalar(value) + "\n"
        }
        return out
    }

    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): s
        case .array(let items): items.map(scalar).joined(separator: ", ")
        case .object: "{}"
        default: value.serialized()
        }
    }
}
