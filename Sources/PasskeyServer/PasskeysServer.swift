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
        try configuration.checkTokens(allowInsecureOrigin: true)
        let store = try await configuration.database.openStore(logger: logger)
        var services: [any Service] = [ExpiryPurger(store: store, clock: { configuration.relyingParty.nowMilliseconds })]
        var refresher: MetadataRefresher?
        if let refresh = configuration.metadataRefresh {
            // The cached BLOB is in use before the first request; downloads run beside the server.
            let metadata = MetadataRefresher(
                configuration: refresh, fetcher: configuration.metadataFetcher, source: configuration.relyingParty.attestation.metadataSource,
                onEvent: { MetadataRefreshService.log($0, to: logger) })
            await metadata.loadCache()
            services.append(MetadataRefreshService(refresher: metadata))
            refresher = metadata
        }
        let metrics = ServerMetrics(store: store, metadata: refresher)
        let relyingParty = RelyingParty(configuration: configuration.relyingParty, store: store, metrics: metrics)
        // Signing keys are read (or made) before the first request; a key that cannot be opened stops the start here.
        let tokens: SessionTokens
        do {
            tokens = try await SessionTokens.open(configuration: configuration, relyingParty: relyingParty, store: store)
        } catch {
            try? await store.shutdown()
            throw error
        }
        services.append(SigningKeyRotationService(keys: tokens.keys, logger: logger))
        let router = try Routes(relyingParty: relyingParty, configuration: configuration, metrics: metrics, tokens: tokens).build()
        if let address = configuration.metricsAddress {
            // Metrics on their own listener, so the public address does not tell the world the server's traffic.
            let metricsRouter = Router(context: ServerContext.self)
            metricsRouter.get("/metrics") { _, _ in metrics.response() }
            services.append(
                Application(
                    router: metricsRouter, server: .http1(configuration: .init(idleTimeout: .init(configuration.idleTimeout))),
                    configuration: .init(address: .hostname(address.host, port: address.port), serverName: "passkeys-metrics"), logger: logger))
        }
        let application = Application(
            router: router,
            server: .http1OnConnectionLoop(
                configuration: .init(
                    additionalChannelHandlers: [RequestBodyDeadline(limit: ServerContext.bodyTimeout)],
                    idleTimeout: .init(configuration.idleTimeout))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "passkeys"),
            services: services,
            logger: logger)
        return (application, store)
    }

    /// Runs until SIGINT or SIGTERM, finishing requests in flight before it returns.
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        let (application, store) = try await makeApplication(configuration, logger: logger)
        logger.notice(
            "passkeys serve: listening on http://\(configuration.host):\(configuration.port) (rp \(configuration.relyingParty.rpID), database \(configuration.database))"
        )
        do {
            try await application.runService()
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }
}
