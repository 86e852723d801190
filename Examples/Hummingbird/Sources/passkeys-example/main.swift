import Foundation
import Hummingbird
import PasskeysExample

// `swift run passkeys-example`; PORT and DATABASE change where it listens and what file it keeps; WEBHOOK_SECRET_FILE
// (a file holding the whsec_ secret a `passkeys serve --webhook-url …/hooks/passkeys` signs with) turns on the receiver.
let environment = ProcessInfo.processInfo.environment
var configuration = ExampleConfiguration(
    port: environment["PORT"].flatMap(Int.init) ?? 8080, databasePath: environment["DATABASE"] ?? "passkeys-example.sqlite")
if let path = environment["WEBHOOK_SECRET_FILE"] {
    configuration.webhookSecret = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).first.map(String.init)
}
let application = try buildApplication(configuration)
try await application.runService()
