public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import PasskeyHummingbird
import ServiceLifecycle

/// `passkeys serve`: the relying party on Hummingbird, over a SQL store.
public enum PasskeysServer {
    /// Opens the store, builds the application and returns it ready to run, with the store to close afterwards.
    ///
    /// The background work (expired-row purges, metadata downloads) and the `/metrics` listener run as the
    /// application's own services, so whoever runs it as one service (a test, an app's own service group) runs them
    /// too. ``run(_:logger:)`` arranges the same parts for a bounded stop instead.
    public static func makeApplication(
        _ configuration: ServerConfiguration, logger: Logger
    ) async throws -> (application: some ApplicationProtocol, store: any DatabaseStore) {
        let parts = try await assemble(configuration, logger: logger)
        var application = parts.application
        application.addServices(parts.background)
        application.addServices(parts.listeners)
        return (application, parts.store)
    }

    /// Runs until SIGINT or SIGTERM, then stops within ``ServerConfiguration/shutdownGrace``.
    ///
    /// The services are one swift-service-lifecycle group, which traps the signals and shuts its services down in
    /// reverse order, each after the one before it ended: first `StopAnnouncement` (`/readyz` answers 503 from
    /// then on), then the background work, which ends at once (its waits and downloads are cancelled; it resumes at
    /// the next start), then `DrainDelay` when `--shutdown-drain` asks for one, then the HTTP server, which stops
    /// taking connections, closes idle ones and finishes the requests in flight, then the `/metrics` and operator listeners. What
    /// still runs one second before the grace ends is cancelled (the group's `maximumGracefulShutdownDuration`), the
    /// store is closed, and `StopDeadline` ends the process at the grace whatever is left.
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        let parts = try await assemble(configuration, logger: logger)
        let deadline = StopDeadline(grace: configuration.shutdownGrace, logger: logger)
        var services: [any Service] = []
        services += parts.listeners
        services.append(parts.application)
        if configuration.shutdownDrain > .zero { services.append(DrainDelay(duration: configuration.shutdownDrain)) }
        services += parts.background
        services.append(StopAnnouncement(state: parts.stop, deadline: deadline, drain: configuration.shutdownDrain, logger: logger))
        var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = deadline.requestsDeadline
        do {
            try await ServiceGroup(configuration: group).run()
        } catch {
            await close(parts.store)
            // A listener that cannot bind its address ends the group: say which address (AddressInUse).
            throw AddressInUse.naming(error, in: configuration)
        }
        await close(parts.store)
    }

    /// Closes the store within ``StopDeadline/storeCloseLimit``: it flushes nothing an answer waited for (every
    /// acknowledged write is committed), so a close that hangs is left to the process's end.
    static func close(_ store: any DatabaseStore) async {
        try? await answerByDeadline(StopDeadline.storeCloseLimit) { try await store.shutdown() }
    }

    /// What ``makeApplication(_:logger:)`` and ``run(_:logger:)`` are made of.
    struct Parts {
        /// The public listener, without the background services.
        let application: Application<RouterResponder<ServerContext>>
        /// Work beside the HTTP server: the expiry purger and, when configured, the metadata downloads.
        let background: [any Service]
        /// The listeners beside the public one: `/metrics` on `--metrics-address` and the operator's API on
        /// `--admin-address`, when asked for. They stop after the public listener.
        let listeners: [any Service]
        let store: any DatabaseStore
        /// Marked when a stop begins; `/readyz` reads it.
        let stop: StopState
    }

    static func assemble(_ configuration: ServerConfiguration, logger: Logger) async throws -> Parts {
        try configuration.checkAssociations()
        try configuration.webhooks?.check()
        try configuration.checkTokens(allowInsecureOrigin: true)
        let store = try await configuration.database.openStore(logger: logger, ceremonyCapacity: configuration.pendingCeremonyCapacity)
        var background: [any Service] = [
            ExpiryPurger(store: store, clock: { configuration.relyingParty.nowMilliseconds }, auditRetentionDays: configuration.auditRetentionDays)
        ]
        var refresher: MetadataRefresher?
        if configuration.metadataRefresh == nil, let file = configuration.relyingParty.attestation.metadata {
            // A --metadata file is held to the serial floor in the database too.
            do { try await StoreMetadataSerialFloor.checkFile(file, store: store, logger: logger) } catch {
                try? await store.shutdown()
                throw error
            }
        }
        if let refresh = configuration.metadataRefresh {
            // The cached BLOB is in use before the first request; downloads run beside the server. The highest serial
            // installed is shared through the database, so no instance and no restart installs an older BLOB.
            let metadata = MetadataRefresher(
                configuration: refresh, fetcher: configuration.metadataFetcher, source: configuration.relyingParty.attestation.metadataSource,
                serialFloor: StoreMetadataSerialFloor(store: store), onEvent: { MetadataRefreshService.log($0, to: logger) })
            await metadata.loadCache()
            background.append(MetadataRefreshService(refresher: metadata))
            refresher = metadata
        }
        let (recorder, eventMetrics, delivery) = EventDeliveryService.make(configuration, store: store, logger: logger)
        background += delivery
        let metrics = ServerMetrics(store: store, metadata: refresher, events: eventMetrics)
        let relyingParty = RelyingParty(
            configuration: configuration.relyingParty, store: store, metrics: metrics,
            limits: configuration.limits, events: recorder, sealer: configuration.tokens.sealer)
        // Signing keys are read (or made) before the first request; a key that cannot be opened stops the start here.
        let tokens: SessionTokens
        let provider: OpenIDProvider
        do {
            tokens = try await SessionTokens.open(configuration: configuration, store: store)
            provider = try await OpenIDProvider.open(configuration: configuration, tokens: tokens, store: store, events: recorder)
            try await relyingParty.openSecrets()
        } catch {
            try? await store.shutdown()
            throw error
        }
        background.append(SigningKeyRotationService(keys: tokens.keys, secrets: [provider.tickets.refresh], logger: logger))
        // Events name sessions by the same `sid` as the tokens.
        recorder?.use(tokens.sessionIDs)
        let stop = StopState()
        let admin = AdminAPI(relyingParty: relyingParty, store: store, sessionIDs: tokens.sessionIDs)
        let routes = Routes(
            relyingParty: relyingParty, configuration: configuration, metrics: metrics, tokens: tokens, admin: admin, stop: stop,
            provider: provider)
        let router = try routes.build()
        var listeners: [any Service] = []
        if let address = configuration.adminAddress, let adminRouter = routes.buildAdminRouter() {
            // The operator's API on its own listener (a private interface), and not on the public address.
            let listener = Application(
                router: adminRouter,
                server: .http1(
                    configuration: .init(
                        additionalChannelHandlers: [RequestBodyDeadline(limit: ServerContext.bodyTimeout)],
                        idleTimeout: .init(configuration.idleTimeout))),
                configuration: .init(address: .hostname(address.host, port: address.port), serverName: "passkeys-admin"), logger: logger)
            listeners.append(NamingBindFailure(inner: listener, host: address.host, port: address.port, option: "--admin-address"))
        }
        if let address = configuration.metricsAddress {
            // Metrics on their own listener, so the public address does not tell the world the server's traffic.
            let metricsRouter = Router(context: ServerContext.self)
            metricsRouter.add(middleware: SecurityHeadersMiddleware())
            metricsRouter.get("/metrics") { _, _ in metrics.response() }
            let listener = Application(
                router: metricsRouter, server: .http1(configuration: .init(idleTimeout: .init(configuration.idleTimeout))),
                configuration: .init(address: .hostname(address.host, port: address.port), serverName: "passkeys-metrics"), logger: logger)
            listeners.append(NamingBindFailure(inner: listener, host: address.host, port: address.port, option: "--metrics-address"))
        }
        let application = Application(
            router: router, server: publicServer(idleTimeout: configuration.idleTimeout),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "passkeys"),
            // Said once the socket is bound, never before: a port in use fails with no line claiming to listen.
            onServerRunning: { channel in logger.notice("\(startupLine(configuration, port: channel.localAddress?.port))") },
            logger: logger)
        return Parts(application: application, background: background, listeners: listeners, store: store, stop: stop)
    }

    /// The public listener's HTTP/1.1 server: each connection on its own event loop, with the body deadline. The HTTP
    /// floor (``HTTPFloor``) runs the very same, so what it measures is what `passkeys serve` stands on.
    static func publicServer(idleTimeout: Duration) -> HTTPServerBuilder {
        .http1OnConnectionLoop(
            configuration: .init(
                additionalChannelHandlers: [RequestBodyDeadline(limit: ServerContext.bodyTimeout)], idleTimeout: .init(idleTimeout)))
    }

    /// The start-up line: the address to open first (the page and WebAuthn work only at a configured origin, which
    /// for RP ID localhost is `http://localhost:PORT`, not the `127.0.0.1` the server binds), then where it listens.
    static func startupLine(_ configuration: ServerConfiguration, port: Int?) -> String {
        let bound = "\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(port ?? configuration.port)"
        let details = "rp \(configuration.relyingParty.rpID), database \(configuration.database)"
        guard let page = configuration.pageOrigins.first else { return "passkeys serve: listening on \(bound) (\(details))" }
        return "passkeys serve: open \(page) (listening on \(bound); \(details))"
    }
}
