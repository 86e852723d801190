import Foundation
public import PasskeyCore
import Synchronization

/// Keeps FIDO metadata current (FIDO MDS3 §3.2): downloads the BLOB at start and again when its `nextUpdate` passes,
/// verifies it, and installs it in a `MetadataSource` that registrations read.
///
/// The metadata in use only ever moves forward: a BLOB is installed only when it verifies (chain to the configured
/// roots, the chain's CRLs, the signature, all before its payload is read) and its `no` is not lower than the one in
/// use, nor than the highest any instance installed (``MetadataSerialFloor``, kept in the database by
/// `passkeys serve`, so a restart without a cache and a second instance refuse a downgrade too). A BLOB long past its
/// `nextUpdate` does not replace a newer one (``MetadataRefreshResult/stale``). A failed download, a bad signature,
/// an oversized body, an older or stale BLOB leaves the last good one in use, and the next check comes with
/// exponential backoff. The last good BLOB is kept in ``MetadataRefreshConfiguration/cacheDirectory`` and read (and
/// verified again, and held to the same floor) by ``loadCache()`` at start. Each way a check ends is counted
/// (``MetadataRefreshStatus/counts``) and reported once when it starts (``MetadataRefreshEvent/failed(_:_:)``).
///
/// No HTTP here: downloads go through a ``MetadataFetcher``, and time through the configuration's clock and sleep.
public final class MetadataRefresher: Sendable {
    /// Where the verified index is installed; give it to the relying party's `AttestationPolicy.metadataSource`.
    public let source: MetadataSource
    /// Where the BLOB comes from and what it is checked against.
    public let configuration: MetadataRefreshConfiguration
    private let fetcher: any MetadataFetcher
    private let onEvent: @Sendable (MetadataRefreshEvent) -> Void
    private let cache: MetadataCache?
    private let serialFloor: (any MetadataSerialFloor)?
    private let state = Mutex(MetadataRefreshStatus())

    /// - Parameters:
    ///   - configuration: where the BLOB comes from, what it must chain to, the cache, the limits and the clock.
    ///   - fetcher: what downloads it.
    ///   - source: the source to install BLOBs in; a new empty one by default.
    ///   - serialFloor: where the highest serial installed is shared with other instances and restarts; nil keeps it
    ///     in this process only (and in the cache).
    ///   - onEvent: told once when the cache is used or refused, a newer BLOB is installed, checks start failing (or
    ///     fail another way), the metadata goes stale and when it recovers: the lines to log.
    public init(
        configuration: MetadataRefreshConfiguration, fetcher: any MetadataFetcher, source: MetadataSource = MetadataSource(),
        serialFloor: (any MetadataSerialFloor)? = nil, onEvent: @escaping @Sendable (MetadataRefreshEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.source = source
        self.serialFloor = serialFloor
        self.onEvent = onEvent
        self.cache = configuration.cacheDirectory.map(MetadataCache.init(directory:))
    }

    /// The BLOB in use, the last check and the next one.
    public var status: MetadataRefreshStatus { state.withLock { $0 } }

    /// Installs the cached BLOB when there is one, it still verifies and it is not below the serial floor. Call
    /// before serving, then ``run()``.
    public func loadCache() async {
        guard let cache else { return }
        let cached: (bytes: [UInt8], writtenAt: Date?)?
        switch read(cache) {
        case .success(let read): cached = read
        case .failure(let error):
            refuseCache(.unavailable, Self.message(error))
            return
        }
        guard let cached else { return }
        let index: MetadataIndex
        do { index = try await verify(cached.bytes) } catch {
            refuseCache(.invalid, Self.message(error))
            return
        }
        let now = configuration.clock()
        switch await decide(index, now: now) {
        case .refuse(let result, let why):
            refuseCache(result, why)
        case .unchanged:
            break
        case .install:
            let installed = state.withLock { status -> Bool in
                guard status.serialNumber.map({ index.serialNumber > $0 }) ?? true else { return false }
                install(index, confirmedAt: cached.writtenAt ?? now, in: &status)
                return true
            }
            if installed { onEvent(.loadedFromCache(serialNumber: index.serialNumber, nextUpdate: index.nextUpdate)) }
        }
    }

    private func refuseCache(_ result: MetadataRefreshResult, _ why: String) {
        state.withLock { $0.counts[result, default: 0] += 1 }
        onEvent(.cacheRefused(why))
    }

    /// Checks now, then again at each `nextUpdate` (at most ``MetadataRefreshConfiguration/maximumInterval`` apart,
    /// plus jitter) or, after a failure, with backoff; returns when the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            await refresh()
            let now = configuration.clock()
            let wait = state.withLock { status -> Duration in
                let wait = delay(after: status, now: now)
                status.nextAttempt = now.addingTimeInterval(Self.seconds(wait))
                return wait
            }
            do { try await configuration.sleep(wait) } catch { return }
        }
    }

    /// Downloads and verifies the BLOB once, installs it when its `no` is higher than the one in use (and not below
    /// the serial floor, and not stale over a newer one), and updates the status. A check that fails because its task
    /// was cancelled changes no status and reports no event.
    @discardableResult
    public func refresh() async -> MetadataRefreshResult {
        var verified: (index: MetadataIndex, bytes: [UInt8])?
        var failure: (result: MetadataRefreshResult, message: String)?
        do {
            let bytes = try await fetcher.fetch(configuration.url, maximumBytes: configuration.maximumBytes, timeout: configuration.downloadTimeout)
            // The cap holds whatever the fetcher did.
            guard bytes.count <= configuration.maximumBytes else {
                throw MetadataFetchError(.tooLarge, "expected at most \(configuration.maximumBytes) bytes, found \(bytes.count)")
            }
            verified = (try await verify(bytes), bytes)
        } catch let error as MetadataFetchError {
            failure = (error.kind == .tooLarge ? .tooLarge : .unavailable, error.message)
        } catch {
            failure = (.invalid, Self.message(error))
        }
        // A check cut short by cancellation (the server is stopping) says nothing about the metadata service: no
        // event, no change of status; the next start checks at once.
        if let failure, Task.isCancelled { return failure.result }
        let now = configuration.clock()
        var decision = Decision.unchanged
        if let index = verified?.index {
            decision = await decide(index, now: now)
            if case .refuse(let result, let why) = decision { failure = (result, why) }
        }
        let (result, events) = state.withLock { status -> (MetadataRefreshResult, [MetadataRefreshEvent]) in
            var events: [MetadataRefreshEvent] = []
            let previous = status.lastResult
            var result = failure?.result ?? .unchanged
            let message = failure?.message ?? ""
            if failure == nil, let index = verified?.index, let bytes = verified?.bytes {
                if case .install = decision, status.serialNumber.map({ index.serialNumber > $0 }) ?? true {
                    result = .updated
                    install(index, confirmedAt: now, in: &status)
                    do { try cache?.write(bytes) } catch { events.append(.cacheWriteFailed("\(error)")) }
                    events.append(.updated(serialNumber: index.serialNumber, nextUpdate: index.nextUpdate))
                } else {
                    status.confirmedAt = now
                    cache?.touch(now)
                }
            }
            // Each kind of failure once: when checks start failing, or fail another way than the last one did.
            if !result.isSuccess, previous != result { events.append(.failed(result, message)) }
            let stale = status.nextUpdate.map { now >= $0 } ?? false
            if let serial = status.serialNumber, let next = source.current?.nextUpdate, stale != status.isStale {
                events.append(stale ? .stale(serialNumber: serial, nextUpdate: next) : .recovered(serialNumber: serial, nextUpdate: next))
            }
            status.isStale = stale
            status.retries = result.isSuccess && !stale ? 0 : status.retries + 1
            status.lastAttempt = now
            status.lastResult = result
            status.counts[result, default: 0] += 1
            return (result, events)
        }
        events.forEach(onEvent)
        return result
    }

    /// What to do with a BLOB that verified.
    private enum Decision {
        /// Its `no` is the one in use.
        case unchanged
        /// Newer than the one in use (or none is), and the floor agrees.
        case install
        /// A downgrade (below the one in use or the floor), stale over a newer one, or the floor could not be read.
        case refuse(MetadataRefreshResult, String)
    }

    /// Judges a verified BLOB against the one in use, its `nextUpdate` and the shared serial floor. The floor is
    /// raised to the BLOB's `no` as it is read (one step), so an instance that installs a newer BLOB meanwhile makes
    /// every other refuse an older one.
    private func decide(_ index: MetadataIndex, now: Date) async -> Decision {
        let inUse = state.withLock { status in (serial: status.serialNumber, nextUpdate: status.nextUpdate) }
        if let current = inUse.serial, index.serialNumber < current {
            // FIDO MDS3 §3.1.6: `no` grows with each BLOB; a lower one is an old BLOB replayed or a stale mirror.
            return .refuse(.downgrade, "expected a BLOB with no \(current) or higher, found no \(index.serialNumber)")
        }
        if let next = Self.day(index.nextUpdate), now.timeIntervalSince(next) > Self.seconds(configuration.staleTolerance),
            let currentNext = inUse.nextUpdate, currentNext > next
        {
            return .refuse(
                .stale,
                "BLOB no \(index.serialNumber)'s nextUpdate (\(index.nextUpdate)) passed more than \(Int(Self.seconds(configuration.staleTolerance) / 86400)) days ago, and the BLOB in use (no \(inUse.serial.map(String.init) ?? "?")) is newer"
            )
        }
        if let serialFloor {
            let highest: Int64
            do { highest = try await serialFloor.raise(publisher: index.publisher, to: index.serialNumber) } catch {
                return .refuse(.unavailable, "cannot read the highest metadata serial installed (the database): \(error)")
            }
            if highest > index.serialNumber {
                return .refuse(
                    .downgrade,
                    "expected a BLOB with no \(highest) or higher (installed before, by this or another instance), found no \(index.serialNumber)")
            }
        }
        return index.serialNumber == inUse.serial ? .unchanged : .install
    }

    /// How long to wait before the next check: until `nextUpdate` plus jitter while current, with exponential
    /// backoff (half to all of 2^retries times the minimum, bounded) after failures or while stale.
    func delay(after status: MetadataRefreshStatus, now: Date) -> Duration {
        if status.retries > 0 {
            let doubled = Self.seconds(configuration.minimumBackoff) * pow(2, Double(min(status.retries - 1, 30)))
            let backoff = min(Self.seconds(configuration.maximumBackoff), doubled)
            return .seconds(backoff * (0.5 + 0.5 * configuration.random()))
        }
        var wait = Self.seconds(configuration.maximumInterval)
        if let next = status.nextUpdate { wait = min(wait, max(0, next.timeIntervalSince(now))) }
        return .seconds(wait + Self.seconds(configuration.jitter) * configuration.random())
    }

    /// Reads the cache file for `loadCache`. This and ``verify(_:)`` stay out of line: with both inlined into
    /// `loadCache`, Swift 6.3.1's optimizer crashes (signal 11 in LLVM's coroutine splitting, around the swifterror
    /// of the throwing calls), so `swift build -c release` failed; kept apart, the release build succeeds.
    @inline(never)
    private func read(_ cache: MetadataCache) -> Result<(bytes: [UInt8], writtenAt: Date?)?, MetadataFetchError> {
        do { return .success(try cache.read(maximumBytes: configuration.maximumBytes)) } catch { return .failure(error) }
    }

    @inline(never)
    private func verify(_ bytes: [UInt8]) async throws -> MetadataIndex {
        try await MetadataBLOB.verify(bytes, roots: configuration.roots, crls: try configuration.crls(), at: configuration.clock())
    }

    private func install(_ index: MetadataIndex, confirmedAt: Date, in status: inout MetadataRefreshStatus) {
        source.replace(with: index)
        status.serialNumber = index.serialNumber
        status.nextUpdate = Self.day(index.nextUpdate)
        status.confirmedAt = confirmedAt
    }

    /// Midnight UTC of a "YYYY-MM-DD" day (MDS3 `nextUpdate`); nil for any other shape.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func message(_ error: any Error) -> String {
        switch error {
        case let error as WebAuthnError: error.message
        case let error as MetadataFetchError: error.message
        default: "\(error)"
        }
    }
}
