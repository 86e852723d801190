import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import PasskeyVapor
import SQLKit
public import Vapor

/// Sets the app up: its database and migrations, its sessions, `GET /me`, `DELETE /session`, and the passkey routes
/// (with step-up and recovery codes) under `/passkeys`.
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
    app.migrations.add(CreateUsers(), CreatePasskeyCredentials(), AddPasskeyUVInitialized(), CreateSecrets(), SessionRecord.migration, AddRecovery())
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
    var relyingParty = RelyingPartyConfiguration(rpID: configuration.rpID, rpName: "Passkeys Vapor example", origins: configuration.origins)
    relyingParty.reverificationWindow = configuration.reverificationWindow
    relyingParty.clock = configuration.clock
    let passkeys = Passkeys(
        configuration: relyingParty,
        accounts: FluentPasskeyAccounts<User>(database: database), ceremonies: MemoryCeremonyStore(capacity: configuration.pendingCeremonyCapacity),
        unknownUserSecret: { try await Secret.standIn(on: database) })

    let signedIn = app.grouped(User.sessionAuthenticator())
    // The app's own routes take ordinary sessions only: a recovery session (started with a recovery code) may add a
    // passkey and nothing else (403 recoverySessionRestricted), and a session a recovery ended is nobody's.
    signedIn.get("me") { request -> Response in
        do {
            guard let user = try await ExampleHooks().ordinaryUser(request)?.user else {
                throw RelyingPartyError(.unauthorized, "Nobody is signed in.", code: "notSignedIn")
            }
            return PasskeyVaporResponse.ok(
                JSONObject(["user": .object(JSONObject(["name": .string(user.username), "displayName": .string(user.displayName)]))]))
        } catch {
            return PasskeyVaporResponse.answering(error, logger: request.logger)
        }
    }
    signedIn.delete("session") { request -> Response in
        request.auth.logout(User.self)
        // Destroying the session deletes it from the store, so its cookie names nothing from now on.
        request.session.destroy()
        return PasskeyVaporResponse.ok(JSONObject())
    }
    // The account's passkeys: the list, and removal, which needs a step-up (`Passkeys.requireStepUp`: a passkey
    // verification within the reverification window), so a stolen session alone cannot lock the owner out.
    signedIn.get("credentials") { request -> Response in
        do {
            guard let user = try await ExampleHooks().ordinaryUser(request)?.user else { throw RelyingPartyError.notSignedIn }
            let credentials = try await PasskeyCredentialModel.query(on: request.db).filter(\.$userHandle == Data(user.passkeyUserHandle))
                .sort(\.$createdAt).all()
            return PasskeyVaporResponse.ok(JSONObject(["credentials": .array(credentials.map { .object($0.record.summaryJSON(provider: nil)) })]))
        } catch {
            return PasskeyVaporResponse.answering(error, logger: request.logger)
        }
    }
    signedIn.delete("credentials", ":id") { request -> Response in
        do {
            let hooks = ExampleHooks()
            guard let current = try await hooks.signedInUser(request) else { throw RelyingPartyError.notSignedIn }
            try passkeys.requireStepUp(current)
            let notFound = RelyingPartyError(.notFound, "No passkey \(request.parameters.get("id") ?? "") belongs to this account.", code: "notFound")
            guard let id = request.parameters.get("id"), let credentialID = try? Base64URL.decode(id) else { throw notFound }
            let handle = Data(current.user.passkeyUserHandle)
            try await request.db.transaction { database in
                let owned = try await PasskeyCredentialModel.query(on: database).filter(\.$userHandle == handle).all()
                guard let doomed = owned.first(where: { $0.credentialID == Data(credentialID) }) else { throw notFound }
                // The last passkey is the only way in: only deleting the account removes it.
                guard owned.count > 1 else {
                    throw RelyingPartyError(.conflict, "This is the only passkey of this account; add another first.", code: "lastPasskey")
                }
                try await doomed.delete(on: database)
            }
            return PasskeyVaporResponse.ok(JSONObject())
        } catch {
            return PasskeyVaporResponse.answering(error, logger: request.logger)
        }
    }
    // The app's own API, for users signed in on a `passkeys serve` deployment: tokens verified against its JWKS.
    if let verifier = configuration.sessionTokens { addAPIRoutes(app, verifier: verifier) }
    // Each client (its peer address unless the configuration says otherwise) begins ceremonies only so fast and keeps
    // only so many waiting, so one client's flood cannot fill the ceremony store for everyone. ExampleHooks offer
    // step-up and recovery codes, so the collection serves `session/verify/...` and `POST /passkeys/recovery` too.
    try signedIn.grouped("passkeys").register(
        collection: PasskeyRouteCollection(
            passkeys, hooks: ExampleHooks(), bodyDeadline: configuration.bodyDeadline, limits: configuration.limits,
            clientKey: configuration.clientKey))
}
