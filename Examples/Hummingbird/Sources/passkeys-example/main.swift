import Foundation
import Hummingbird
import PasskeysExample

// `swift run passkeys-example`; PORT and DATABASE change where it listens and what file it keeps.
let environment = ProcessInfo.processInfo.environment
let configuration = ExampleConfiguration(
    port: environment["PORT"].flatMap(Int.init) ?? 8080, databasePath: environment["DATABASE"] ?? "passkeys-example.sqlite")
let application = try buildApplication(configuration)
try await application.runService()
