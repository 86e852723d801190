/// Webhooks of `passkeys serve` (`--webhook-url`, `--webhook-secret-file` and the options beside them;
/// docs/events.md).
public struct WebhookConfiguration: Sendable {
    /// Where events go, each with its own queue.
    public var endpoints: [WebhookEndpoint]
    /// Whether attacker-driven failures (rate-limited requests, unknown credentials, wrong recovery codes) are
    /// reported, counted per minute (`failures.summary`); off by default, as they are noise to most apps.
    public var reportFailures: Bool
    /// When failed deliveries are tried again, and when an event is set aside as dead.
    public var retry: RetrySchedule
    /// The longest one delivery attempt may take, connection and answer included.
    public var requestTimeout: Duration
    /// How long an instance's claim to deliver lasts without renewal (renewed at a third of it): after a crash,
    /// another instance takes over within this.
    public var leaseDuration: Duration
    /// How often the delivering instance looks for events written by other instances (its own wake it at once).
    public var pollInterval: Duration
    /// How long failures are counted before one `failures.summary` reports them (a minute; shorter in tests).
    public var failureWindow: Duration

    public init(
        endpoints: [WebhookEndpoint], reportFailures: Bool = false, retry: RetrySchedule = RetrySchedule(), requestTimeout: Duration = .seconds(15),
        leaseDuration: Duration = .seconds(10), pollInterval: Duration = .seconds(1), failureWindow: Duration = .seconds(60)
    ) {
        self.endpoints = endpoints
        self.reportFailures = reportFailures
        self.retry = retry
        self.requestTimeout = requestTimeout
        self.leaseDuration = leaseDuration
        self.pollInterval = pollInterval
        self.failureWindow = failureWindow
    }

    /// The endpoints' keys in the outbox.
    var endpointKeys: [String] { endpoints.map(\.url) }

    /// Refuses two endpoints with one URL: they would share one queue.
    public func check() throws(ConfigurationError) {
        var seen: Set<String> = []
        for endpoint in endpoints where !seen.insert(endpoint.url).inserted {
            throw ConfigurationError("--webhook-url: '\(endpoint.label)' is given twice; give each endpoint once")
        }
    }
}

/// Retries with exponential backoff: the first after ``firstDelay``, each later one twice as late, never later than
/// ``maximumDelay``, each with up to a tenth more at random (so endpoints back from an outage are not hit in step).
/// An event still failing ``deadAfter`` after its first failure is set aside as dead: it no longer holds back its
/// user's later events, is counted in `/metrics`, and `passkeys events replay` sends it again.
public struct RetrySchedule: Sendable, Equatable {
    public var firstDelay: Duration
    public var maximumDelay: Duration
    public var deadAfter: Duration

    /// By default 2 s, doubling to 5 minutes at most, dead after 3 days (about 870 attempts).
    public init(firstDelay: Duration = .seconds(2), maximumDelay: Duration = .seconds(300), deadAfter: Duration = .seconds(3 * 86_400)) {
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
        self.deadAfter = deadAfter
    }

    /// The delay before attempt `attempt + 1`, after `attempt` failed attempts (1 or more), before jitter.
    func delay(afterAttempt attempt: Int) -> Duration {
        var delay = firstDelay
        for _ in 1..<max(1, min(attempt, 40)) where delay < maximumDelay { delay *= 2 }
        return min(delay, maximumDelay)
    }

    /// ``delay(afterAttempt:)`` with up to a tenth added at random, in milliseconds.
    func jitteredMilliseconds(afterAttempt attempt: Int) -> Int64 {
        let base = Self.milliseconds(delay(afterAttempt: attempt))
        return base + Int64.random(in: 0...max(0, base / 10))
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
