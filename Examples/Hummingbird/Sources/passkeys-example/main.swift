import Foundation
import Hummingbird
import PasskeysExample

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// `swift run passkeys-example`; PORT and DATABASE change where it listens and what file it keeps. WEBHOOK_SECRET_FILE
// (a file holding the whsec_ secret a `passkeys serve --webhook-url …/hooks/passkeys` signs with) turns on the receiver.
// With PASSKEYS_ISSUER (a `passkeys serve` deployment, e.g. https://login.example.com) and API_AUDIENCE (one of its
// --token-audience values), `GET /api/me` accepts that deployment's session tokens, verified against its JWKS.
let environment = ProcessInfo.processInfo.environment
var configuration = ExampleConfiguration(
    port: environment["PORT"].flatMap(Int.init) ?? 8080, databasePath: environment["DATABASE"] ?? "passkeys-example.sqlite")
if let path = environment["WEBHOOK_SECRET_FILE"] {
    configuration.webhookSecret = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).first.map(String.init)
}
if let issuer = environment["PASSKEYS_ISSUER"], let jwksURL = URL(string: issuer + "/.well-known/jwks.json") {
    configuration.sessionTokens = SessionTokenVerifier(issuer: issuer, audience: environment["API_AUDIENCE"] ?? issuer) {
        let (data, response) = try await URLSession.shared.data(from: jwksURL)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        return data
    }
}
let application = try buildApplication(configuration)
try await application.runService()
