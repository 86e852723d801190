/// What the ceremony endpoints allow each client, in every front end (`passkeys serve`, PasskeyHummingbird's
/// `PasskeyRoutes`, PasskeyVapor's `PasskeyRouteCollection`): how often it may begin a ceremony (the `options` routes
/// create server state), how often its results may fail (where guesses and replays land), and how many of its begun
/// ceremonies may wait at once.
///
/// A client is whatever the routes are given as their client key: by default the peer's address (``ClientKey``),
/// in Hummingbird when the request context has one (`RemoteAddressRequestContext`). Behind a proxy, give a key
/// that reads the address the proxy reports, and only from the proxy.
///
/// With a client key:
/// - Each client may begin `rate` ceremonies a second on average, `burst` at once (429 `rateLimited` past it); the
///   step-up's options count as a begin.
/// - Each client's results (registration, sign-in and step-up results) may fail only so often: every result takes a
///   token from ``failedResultLimiter`` as it arrives and gives it back when it succeeds or the server was at fault,
///   so a client whose failure budget is spent is refused (429) before its request is looked at, and firing many at
///   once cannot overdraw it.
/// - Each client keeps at most ``pendingCeremoniesPerClient`` ceremonies waiting: beginning one more drops its own
///   oldest, never anyone else's.
/// - Each client may be told a name is taken (`usernameTaken`) only so often: every sign-up for a new account takes a
///   token from ``takenNameLimiter`` and a free name gives it back, so once a client's budget is spent every sign-up
///   it sends is 429, taken name or free, and names cannot be enumerated at speed.
/// - When the ceremony store is full (`StoreUnavailable`), the oldest ceremonies of the client holding the most are
///   dropped to make room, so a flood from many addresses costs its sender its own ceremonies first.
///
/// Without a client key, none of these apply, and the app's middleware must limit clients.
///
/// The defaults keep their counts in this process's memory (``RateLimiter``, an in-memory quota), so several processes
/// each allow a client the full amount. Where the routes run in several processes, give limiters and a quota that
/// keep their counts where every process sees them (``ClientRateLimiter``, ``ClientCeremonyQuota``), as
/// `passkeys serve` does on PostgreSQL.
public struct PasskeyRouteLimits: Sendable {
    /// The limiter of the `options` routes; nil for none.
    public var optionsLimiter: (any ClientRateLimiter)?
    /// The limiter of failed results; nil for none.
    public var failedResultLimiter: (any ClientRateLimiter)?
    /// Limits how often one client is told a name is taken; nil for no limit beyond ``optionsLimiter``.
    public var takenNameLimiter: (any ClientRateLimiter)?
    /// The most begun ceremonies one client keeps waiting at once, counted in this process's memory; a
    /// ``ceremonyQuota`` has its own.
    public var pendingCeremoniesPerClient: Int
    /// The most clients whose pending ceremonies are counted at once in this process's memory.
    public var maximumTrackedClients: Int
    /// Where each client's waiting ceremonies are counted; nil counts them in this process's memory,
    /// ``pendingCeremoniesPerClient`` per client for at most ``maximumTrackedClients`` clients.
    public var ceremonyQuota: (any ClientCeremonyQuota)?
    /// How often recovery codes may be tried, per name and per client, where the front end serves recovery (the route
    /// groups with recovery hooks, and `passkeys serve`, which keeps these defaults when `--rate-limit 0` turns the
    /// other limits off).
    public var recovery = RecoveryLimits()

    /// - Parameters:
    ///   - optionsLimiter: the limiter of the `options` routes (``defaultOptionsLimiter()`` by default); nil for none.
    ///   - failedResultLimiter: the limiter of failed results (``defaultFailedResultLimiter()`` by default); nil for
    ///     none.
    ///   - takenNameLimiter: how often one client may be told a name is taken (``defaultTakenNameLimiter()`` by
    ///     default); nil for no limit beyond `optionsLimiter`.
    ///   - pendingCeremoniesPerClient: the most begun ceremonies one client keeps waiting; at least 1.
    ///   - maximumTrackedClients: the most clients whose ceremonies are counted at once.
    ///   - ceremonyQuota: where waiting ceremonies are counted; nil (the default) for this process's memory.
    public init(
        optionsLimiter: (any ClientRateLimiter)? = Self.defaultOptionsLimiter(),
        failedResultLimiter: (any ClientRateLimiter)? = Self.defaultFailedResultLimiter(),
        takenNameLimiter: (any ClientRateLimiter)? = Self.defaultTakenNameLimiter(), pendingCeremoniesPerClient: Int = 16,
        maximumTrackedClients: Int = 100_000, ceremonyQuota: (any ClientCeremonyQuota)? = nil
    ) {
        self.optionsLimiter = optionsLimiter
        self.failedResultLimiter = failedResultLimiter
        self.takenNameLimiter = takenNameLimiter
        self.pendingCeremoniesPerClient = max(1, pendingCeremoniesPerClient)
        self.maximumTrackedClients = max(1, maximumTrackedClients)
        self.ceremonyQuota = ceremonyQuota
    }

    /// The limits `passkeys serve` applies for `--rate-limit rate` (options per second per client): options at `rate`
    /// with bursts of twice that (at least 10), failed results at a quarter of it with bursts of `rate` (at least 10),
    /// and the defaults for taken names and pending ceremonies. With the default rate of 20 these are the route
    /// groups' defaults.
    public static func forOptionsRate(_ rate: Double) -> PasskeyRouteLimits {
        PasskeyRouteLimits(
            optionsLimiter: RateLimiter(rate: rate, burst: max(rate * 2, 10)), failedResultLimiter: RateLimiter(rate: rate / 4, burst: max(rate, 10)))
    }

    /// As `passkeys serve` limits its `options` routes by default: 20 a second, bursts of 40. A new limiter each call:
    /// give one limiter to several route groups to share a budget between them.
    public static func defaultOptionsLimiter() -> RateLimiter { RateLimiter(rate: 20, burst: 40) }

    /// As `passkeys serve` limits failed results by default: 5 a second, bursts of 20; honest clients rarely fail.
    /// A new limiter each call.
    public static func defaultFailedResultLimiter() -> RateLimiter { RateLimiter(rate: 5, burst: 20) }

    /// Five taken names at once, then one every ten seconds: enough for a person choosing a name, six a minute for
    /// a script. A new limiter each call.
    public static func defaultTakenNameLimiter() -> RateLimiter { RateLimiter(rate: 0.1, burst: 5) }
}
