import Foundation
import PasskeysVaporExample
import Vapor

// `swift run passkeys-vapor-example serve`: the example on http://localhost:8080 over passkeys-vapor-example.sqlite,
// or PostgreSQL when DATABASE_URL is set.
let environment = try Environment.detect()
let app = try await Application.make(environment)
do {
    let storage: ExampleConfiguration.Storage =
        Environment.get("DATABASE_URL").map { .postgres(url: $0, schema: "passkeys_example") }
        ?? .sqlite(path: "passkeys-vapor-example.sqlite")
    var configuration = ExampleConfiguration(storage: storage)
    // With PASSKEYS_ISSUER (a `passkeys serve` deployment) and API_AUDIENCE (one of its --token-audience values),
    // `GET /api/me` accepts that deployment's session tokens, verified against its JWKS.
    if let issuer = Environment.get("PASSKEYS_ISSUER") {
        let client = app.client
        configuration.sessionTokens = SessionTokenVerifier(issuer: issuer, audience: Environment.get("API_AUDIENCE") ?? issuer) {
            let answer = try await client.get(URI(string: issuer + "/.well-known/jwks.json"))
            guard answer.status == .ok, let body = answer.body else { throw Abort(.badGateway) }
            return Data(body.readableBytesView)
        }
    }
    try await configure(app, configuration)
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
