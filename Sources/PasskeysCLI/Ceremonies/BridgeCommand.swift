import ArgumentParser
import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider

/// `passkeys bridge` (docs/reference/cli.md, "passkeys bridge"): the web-view bridge on stdin/stdout, with the software authenticator.
struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Answer web-view bridge messages, one JSON per line on stdin, one reply per line on stdout.",
        discussion: #"""
            Messages: {"action": "create"|"get", "options": {...}}. Replies: {"ok": true, "data": {...}} or {"ok": false, "errMsg": "...", "name": "NotAllowedError", "code": "noCredentials"}.

            Example, options fetched from a running passkeys serve:
              curl -s -X POST -H 'Content-Type: application/json' -d '{}' \
                http://localhost:8080/assertion/options \
                | jq -c '{action: "get", options: .}' \
                | passkeys bridge --origin http://localhost:8080
            """#
    )

    @Option(help: "The origin of the page the messages come from (https, or http on localhost).") var origin: String
    @Option(help: "The credential store file (default: $XDG_CONFIG_HOME/passkeys/credentials.json).") var store: String?

    func run() async throws {
        let authenticator = SoftwareAuthenticator(
            store: FileCredentialStore(path: store ?? FileCredentialStore.defaultPath()), userVerifier: AlwaysVerify())
        let bridge = PasskeyBridge(
            provider: SoftwarePasskeyProvider(client: WebAuthnClient(origin: origin, authenticator: authenticator)), allowedOrigins: [origin])
        while let line = readLine(strippingNewline: true) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let reply = await bridge.handle(Array(line.utf8), from: origin)
            // One reply per line, written and flushed at once so the caller can read it before sending the next.
            FileHandle.standardOutput.write(Data((reply.serialized() + "\n").utf8))
        }
    }
}
