import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import PasskeyVapor
import SQLKit
public import Vapor

/// Sets the app up: its database and migrations, its sessions, `GET /me`, `DELETE /session`, and the passkey routes
/// under `/passkeys`.
public func configure(_ app: Application, _ configuration: ExampleConfiguration) async throws {
    switch configuration.storage {
    case .sqlite(let path):
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
    case .postgres(let url, let schema):
        var postgres = try SQLPostgresConfiguration(url: url)
        postgres.searchPath = [schema]
        app.databases.use(.postgres(configuration: postgres), as: .psql)
        // The tables go into the app's own schema (one per test run), created here when missing.
        try await (app.db as? any SQLDatabase)?.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
    }
    app.migrations.add(CreateUsers(), CreatePasskeyCredentials(), CreateSecrets(), SessionRecord.migration)
    try await app.autoMigrate()

    // Vapor's sessions, kept in the database: a random ID in an HttpOnly cookie. `__Host-example_session` on an
    // https site: the prefix makes browsers refuse the cookie unless it is Secure, has `Path=/` and no `Domain`, so a
    // sibling subdomain or a plain-http page cannot plant or overwrite it; plain `example_session` on an http
    // development site, where a `__Host-` cookie would be refused. SameSite=Lax keeps it off cross-site POSTs.
    let secure = configuration.siteIsHTTPS
    let lifetime = 7 * 24 * 3600
    app.sessions.use(.fluent)
    app.sessions.configuration = SessionsConfiguration(cookieName: secure ? "__Host-example_session" : "example_session") { id in
        HTTPCookies.Value(
            string: id.string, expires: Date().addingTimeInterval(Double(lifetime)), maxAge: lifetime, domain: nil, path: "/", isSecure: secure,
            isHTTPOnly: true, sameSite: .lax)
    }
    app.middleware.use(app.sessions.middleware)
    // A connection that goes quiet (a client that never closes after its answer, or sends its headers slowly) is
    // closed after 30 s; bodies have their own deadline in the passkey routes.
    app.http.server.configuration.idleTimeout = .seconds(30)

    let database = app.db
    // The default ceremony store keeps begun ceremonies in memory, as fits one process.
    let passkeys = Passkeys(
        configuration: RelyingPartyConfiguration(rpID: configuration.rpID, rpName: "Passkeys Vapor example", origins: configuration.origins),
        accounts: FluentPasskeyAccounts<User>(database: database), ceremonies: MemoryCeremonyStore(capacity: configuration.pendingCeremonyCapacity),
        unknownUserSecret: { try await Secret.standIn(on: database) })

    let signedIn = app.grouped(User.sessionAuthenticator())
    signedIn.get("me") { request -> Response in
        guard let user = request.auth.get(User.self) else {
            return PasskeyVaporResponse.failed(RelyingPartyError(.unauthorized, "Nobody is signed in.", code: "notSignedIn"))
        }
        return PasskeyVaporResponse.ok(
            JSONObject(["user": .object(JSONObject(["name": .string(user.username), "displayName": .string(user.displayName)]))]))
    }
    signedIn.delete("session") { request -> Response in
        request.auth.logout(User.self)
        // Destroying the session deletes it from the store, so its cookie names nothing from now on.
        request.session.destroy()
        return PasskeyVaporResponse.ok(JSONObject())
    }
    // The app's own API, for users signed in on a `passkeys serve` deployment: tokens verified against its JWKS.
    if let verifier = configuration.sessionTokens { addAPIRoutes(app, verifier: verifier) }
    // Each client (its peer address unless the configuration says otherwise) begins ceremonies only so fast and keeps
    // only so many waiting, so one client's flood cannot fill the ceremony store for everyone.
    try signedIn.grouped("passkeys").register(
        collection: PasskeyRouteCollection(
            passkeys, hooks: ExampleHooks(), bodyDeadline: configuration.bodyDeadline, limits: configuration.limits,
            clientKey: configuration.clientKey))
}
