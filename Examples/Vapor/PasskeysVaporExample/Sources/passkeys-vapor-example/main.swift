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
    try await configure(app, ExampleConfiguration(storage: storage))
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
