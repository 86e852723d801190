public import Hummingbird
public import Logging
import NIOCore
import PasskeyHummingbird
import ServiceLifecycle

/// `passkeys serve`: the relying party on Hummingbird, over a SQL store.
public enum PasskeysServer {
    /// Opens the store, builds the application and returns it ready to run, with the store to close afterwards.
    public static func makeApplication(
        _ configuration: ServerConfiguration, logger: Logger
    ) async throws -> (application: some ApplicationProtocol, store: any DatabaseStore) {
        // The page's files first: a server installed without its resource bundle stops here, before opening anything.
        _ = try WebAssets.all.get()
        try configuration.checkAssociations()
        try configuration.webhooks?.check()
        try configuration.checkTokens(allowInsecureOrigin: true)
        let store = try await configuration.database.openStore(logger: logger, ceremonyCapacity: configuration.pendingCeremonyCapacity)
        var services: [any Service] = [ExpiryPurger(store: store, clock: { configuration.relyingParty.nowMilliseconds })]
        var refresher: MetadataRefresher?
        if configuration.metadataRefresh == nil, let file = configuration.relyingParty.attestation.metadata {
            // A --metadata file is held to the serial floor in the database too (issue #41).
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
            services.append(MetadataRefreshService(refresher: metadata))
            refresher = metadata
        }
        let (recorder, eventMetrics, delivery) = EventDeliveryService.make(configuration, store: store, logger: logger)
        services += delivery
        let metrics = ServerMetrics(store: store, metadata: refresher, events: eventMetrics)
        let relyingParty = RelyingParty(
            configuration: configuration.relyingParty, store: store, metrics: metrics,
            limits: configuration.limits, events: recorder)
        // Signing keys are read (or made) before the first request; a key that cannot be opened stops the start here.
        let tokens: SessionTokens
        do {
            tokens = try await SessionTokens.open(configuration: configuration, relyingParty: relyingParty, store: store)
        } catch {
            try? await store.shutdown()
            throw error
        }
        services.append(SigningKeyRotationService(keys: tokens.keys, logger: logger))
        // Events name sessions by the same `sid` as the tokens.
        recorder?.use(tokens.sessionIDs)
        let router = try Routes(relyingParty: relyingParty, configuration: configuration, metrics: metrics, tokens: tokens).build()
        if let address = configuration.metricsAddress {
            // Metrics on their own listener, so the public address does not tell the world the server's traffic.
            let metricsRouter = Router(context: ServerContext.self)
            metricsRouter.add(middleware: SecurityHeadersMiddleware())
            metricsRouter.get("/metrics") { _, _ in metrics.response() }
            let listener = Application(
                router: metricsRouter, server: .http1(configuration: .init(idleTimeout: .init(configuration.idleTimeout))),
                configuration: .init(address: .hostname(address.host, port: address.port), serverName: "passkeys-metrics"), logger: logger)
            services.append(NamingBindFailure(inner: listener, host: address.host, port: address.port, option: "--metrics-address"))
        }
        let application = Application(
            router: router,
            server: .http1OnConnectionLoop(
                configuration: .init(
                    additionalChannelHandlers: [RequestBodyDeadline(limit: ServerContext.bodyTimeout)],
                    idleTimeout: .init(configuration.idleTimeout))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "passkeys"),
            services: services,
            // Said once the socket is bound, never before: a port in use fails with no line claiming to listen.
            onServerRunning: { channel in logger.notice("\(startupLine(configuration, port: channel.localAddress?.port))") },
            logger: logger)
        return (application, store)
    }

    /// The start-up line: the address to open first (the page and WebAuthn work only at a configured origin, which
    /// for RP ID localhost is `http://localhost:PORT`, not the `127.0.0.1` the server binds), then where it listens.
    static func startupLine(_ configuration: ServerConfiguration, port: Int?) -> String {
        let bound = "\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(port ?? configuration.port)"
        let details = "rp \(configuration.relyingParty.rpID), database \(configuration.database)"
        guard let page = configuration.pageOrigins.first else { return "passkeys serve: listening on \(bound) (\(details))" }
        return "passkeys serve: open \(page) (listening on \(bound); \(details))"
    }

    /// Runs until SIGINT or SIGTERM, finishing requests in flight before it returns. A listener that cannot bind its
    /// address throws ``AddressInUse`` naming it.
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        let (application, store) = try await makeApplication(configuration, logger: logger)
        do {
            try await application.runService()
        } catch {
            try? await store.shutdown()
            throw AddressInUse.naming(error, in: configuration)
        }
        try await store.shutdown()
    }
}
