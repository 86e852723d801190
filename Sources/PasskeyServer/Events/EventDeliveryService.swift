import AsyncHTTPClient
import Foundation
import Logging
import PasskeyCore
import ServiceLifecycle
import Synchronization

/// Sends the outbox's events to the webhook endpoints, beside the HTTP server, until shutdown (docs/events.md).
///
/// - **One instance delivers.** Instances sharing a database compete for one lease row (``EventOutboxStore``); the
///   holder renews it at a third of ``WebhookConfiguration/leaseDuration`` and stops sending once it could not renew in
///   time, so after a crash another takes over within the lease. A graceful stop gives it up at once.
/// - **Each endpoint on its own.** Every endpoint has its own loop, batches and pauses; a slow or dead one holds up only
///   its own queue. A batch holds at most one event per user (the head of the user's queue), sent at once.
/// - **Order per user, retries per event.** A failed event is tried again on ``RetrySchedule``, and its user's later
///   events wait for it; other users' events go on. After ``RetrySchedule/deadAfter`` it is set aside as dead.
/// - **Nothing lost.** A row leaves the outbox only once its endpoint answered 2xx. A crash between that answer and the
///   row's deletion sends it again after restart, with the same `webhook-id`, which receivers deduplicate on.
final class EventDeliveryService: Service, Sendable {
    /// Events one endpoint sends at once (each a different user's).
    static let batchSize = 16
    /// How often every instance counts the outbox for `/metrics`.
    static let countInterval = Duration.seconds(5)

    let configuration: WebhookConfiguration
    let outbox: any EventOutboxStore
    let recorder: EventRecorder
    let metrics: EventMetrics
    let logger: Logger
    /// The relying party's clock, for the failure summaries' times (milliseconds).
    let eventClock: @Sendable () -> Int64
    /// This instance's name on the lease.
    let holder = "passkeys-" + Base64URL.encode(SecureRandom.bytes(12))
    /// Until when this instance may send (its lease, less a margin), or nil when it does not hold it.
    private let lease = Mutex<ContinuousClock.Instant?>(nil)

    init(
        configuration: WebhookConfiguration, outbox: any EventOutboxStore, recorder: EventRecorder, metrics: EventMetrics, logger: Logger,
        eventClock: @escaping @Sendable () -> Int64
    ) {
        self.configuration = configuration
        self.outbox = outbox
        self.recorder = recorder
        self.metrics = metrics
        self.logger = logger
        self.eventClock = eventClock
    }

    /// Now by this machine's wall clock, in milliseconds: retry times and `webhook-timestamp` are real times (a
    /// receiver checks the timestamp against its own clock).
    static func wallClock() -> Int64 { UnixMilliseconds.now() }

    var isDelivering: Bool { lease.withLock { $0.map { ContinuousClock.now < $0 } ?? false } }

    func run() async throws {
        let client = WebhookSender.makeClient(timeout: configuration.requestTimeout)
        let sender = WebhookSender(client: client, timeout: configuration.requestTimeout)
        let wakeups = configuration.endpoints.map { _ in Wakeup() }
        for wakeup in wakeups { recorder.register(wakeup) }
        // Graceful shutdown cancels the loops, which interrupts their waits at once; an attempt in flight is dropped
        // (its event stays in the outbox and is sent again).
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.holdLease(wakeups) }
                group.addTask { await self.countOutbox() }
                if let failures = self.recorder.failures { group.addTask { await self.summarize(failures) } }
                for (endpoint, wakeup) in zip(self.configuration.endpoints, wakeups) {
                    group.addTask { await self.deliver(to: endpoint, sender: sender, wakeup: wakeup) }
                }
            }
        }
        if lease.withLock({ $0 }) != nil {
            // Another instance may take over now rather than when the lease runs out.
            try? await outbox.releaseDeliveryLease(holder: holder)
            logger.notice("webhooks: stopped delivering events; another instance may take over now")
        }
        try? await client.shutdown()
    }

    // MARK: The lease

    private func holdLease(_ wakeups: [Wakeup]) async {
        let duration = configuration.leaseDuration
        let milliseconds = RetrySchedule.milliseconds(duration)
        var delivering = false
        while !Task.isCancelled {
            let asked = ContinuousClock.now
            do {
                let held = try await outbox.holdDeliveryLease(holder: holder, milliseconds: milliseconds)
                // Valid from before it was asked for, less a tenth for clocks that run apart.
                lease.withLock { $0 = held ? asked + duration * 0.9 : nil }
                if held && !delivering {
                    logger.notice("webhooks: this instance delivers events (\(configuration.endpoints.count) endpoint(s))")
                    await setAsideUnconfigured()
                    for wakeup in wakeups { wakeup.signal() }
                } else if !held && delivering {
                    logger.notice("webhooks: another instance delivers events now")
                }
                delivering = held
            } catch {
                // Not renewed: the lease runs out by itself (isDelivering turns false), and another instance may take it.
                if delivering { logger.warning("webhooks: cannot renew the delivery lease: \(error)") }
                delivering = isDelivering
            }
            metrics.delivering(isDelivering)
            try? await Task.sleep(for: duration / 3)
        }
        metrics.delivering(false)
    }

    /// Rows of endpoints no longer configured would wait for good: they are set aside as dead (replayable).
    private func setAsideUnconfigured() async {
        do {
            let count = try await outbox.setAsideEvents(notFor: configuration.endpointKeys, at: Self.wallClock())
            if count > 0 {
                logger.warning(
                    "webhooks: set aside \(count) event(s) for endpoints no longer configured; `passkeys events replay --all-dead` sends them again once the endpoint is back"
                )
            }
        } catch {
            logger.warning("webhooks: cannot check for events of endpoints no longer configured: \(error)")
        }
    }

    // MARK: Delivery

    private func deliver(to endpoint: WebhookEndpoint, sender: WebhookSender, wakeup: Wakeup) async {
        var pausedBatches = 0
        var failing = false
        while !Task.isCancelled {
            guard isDelivering else {
                await wakeup.wait(upTo: configuration.pollInterval)
                continue
            }
            let batch: [PendingDelivery]
            do {
                batch = try await outbox.deliverableEvents(endpoint: endpoint.url, now: Self.wallClock(), limit: Self.batchSize)
            } catch {
                await wakeup.wait(upTo: configuration.pollInterval)
                continue
            }
            if batch.isEmpty {
                await wakeup.wait(upTo: configuration.pollInterval)
                continue
            }
            let timestamp = Self.wallClock() / 1000
            let results = await withTaskGroup(of: (PendingDelivery, DeliveryResult).self) { group in
                for delivery in batch { group.addTask { (delivery, await sender.send(delivery, to: endpoint, timestamp: timestamp)) } }
                var results: [(PendingDelivery, DeliveryResult)] = []
                for await result in group { results.append(result) }
                return results
            }
            // Stopped meanwhile: what was sent is sent again after the restart, under the same id.
            if Task.isCancelled { break }
            var problems: [DeliveryProblem] = []
            for (delivery, result) in results {
                switch result {
                case .delivered:
                    metrics.delivered(endpoint)
                    await record { try await self.outbox.recordDelivered(delivery, endpoint: endpoint.url) }
                case .failed(let problem):
                    metrics.failed(endpoint)
                    problems.append(problem)
                    await recordFailure(of: delivery, to: endpoint, problem)
                }
            }
            if problems.count < results.count {
                if failing { logger.notice("webhooks: \(endpoint.label) accepts events again") }
                failing = false
                pausedBatches = 0
            } else if let problem = problems.first {
                if !failing { logger.warning("webhooks: \(endpoint.label) refused an event (\(problem.description)); retrying") }
                failing = true
                // Every attempt failed because the endpoint is unreachable or asks to slow down: its whole queue pauses
                // on the same schedule (other users' events would only fail alike). An event the endpoint refuses by
                // itself (a 400, a 500) pauses only its user's queue.
                if problems.allSatisfy(\.endpointDown) {
                    pausedBatches += 1
                    let pause = max(configuration.retry.delay(afterAttempt: pausedBatches), problems.compactMap(\.retryAfter).max() ?? .zero)
                    try? await Task.sleep(for: min(pause, configuration.retry.maximumDelay))
                }
            }
        }
    }

    /// Schedules a failed event's next attempt, or sets it aside once it has failed for ``RetrySchedule/deadAfter``.
    private func recordFailure(of delivery: PendingDelivery, to endpoint: WebhookEndpoint, _ problem: DeliveryProblem) async {
        let now = Self.wallClock()
        let attempts = delivery.attempts + 1
        let firstFailedAt = delivery.firstFailedAt ?? now
        let dead = now - firstFailedAt >= RetrySchedule.milliseconds(configuration.retry.deadAfter)
        var delay = configuration.retry.jitteredMilliseconds(afterAttempt: attempts)
        if let retryAfter = problem.retryAfter {
            delay = min(max(delay, RetrySchedule.milliseconds(retryAfter)), RetrySchedule.milliseconds(configuration.retry.maximumDelay))
        }
        let failure = DeliveryFailure(
            attempts: attempts, nextAttemptAt: now + delay, firstFailedAt: firstFailedAt, error: String(problem.description.prefix(500)),
            deadAt: dead ? now : nil)
        if dead {
            logger.warning(
                "webhooks: event \(delivery.id) set aside as dead after \(attempts) attempts to \(endpoint.label) (last: \(problem.description)); `passkeys events replay --id \(delivery.id)` sends it again"
            )
        }
        await record { try await self.outbox.recordFailed(delivery, endpoint: endpoint.url, failure: failure) }
    }

    /// Records an attempt's outcome. When the database is out of reach the row stays as it was: a delivered event is
    /// sent again (same id), a failed one tried again sooner; neither is lost.
    private func record(_ write: () async throws -> Void) async {
        do { try await write() } catch { logger.warning("webhooks: cannot record a delivery attempt: \(error)") }
    }

    // MARK: Counts and summaries

    private func countOutbox() async {
        while !Task.isCancelled {
            if let counts = try? await outbox.outboxCounts() { metrics.counted(counts, endpoints: configuration.endpoints) }
            try? await Task.sleep(for: Self.countInterval)
        }
    }

    /// Writes a `failures.summary` event once a minute when anything was refused.
    private func summarize(_ failures: FailureCounter) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.failureWindow)
            guard let data = failures.drain(now: eventClock()) else { continue }
            let factory = EventFactory(now: eventClock(), clientAddress: nil, sessionIdentifiers: nil)
            let event = factory.event(.failuresSummary, user: nil, data)
            do {
                try await outbox.appendEvents(ChangeRecord(endpoints: configuration.endpointKeys) { _ in [event] })
                recorder.committed()
            } catch {
                logger.warning("webhooks: cannot write the failure summary: \(error)")
            }
        }
    }
}

extension EventDeliveryService {
    /// What `passkeys serve` runs for `configuration.webhooks`: the recorder the relying party raises events through,
    /// the metrics, and the delivery service; nothing without webhooks.
    static func make(
        _ configuration: ServerConfiguration, store: any EventOutboxStore, logger: Logger
    ) -> (recorder: EventRecorder?, metrics: EventMetrics?, services: [any Service]) {
        guard let webhooks = configuration.webhooks, !webhooks.endpoints.isEmpty else { return (nil, nil, []) }
        let recorder = EventRecorder(configuration: webhooks)
        let metrics = EventMetrics(endpoints: webhooks.endpoints)
        let service = EventDeliveryService(
            configuration: webhooks, outbox: store, recorder: recorder, metrics: metrics, logger: logger,
            eventClock: { configuration.relyingParty.nowMilliseconds })
        return (recorder, metrics, [service])
    }
}
