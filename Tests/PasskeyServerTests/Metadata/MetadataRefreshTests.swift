import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// FIDO metadata that stays current (FIDO MDS3 §3.2): a refresher fetching BLOBs signed by a test chain
/// from an HTTP server on 127.0.0.1 that rotates, breaks, downgrades, oversizes and stalls them. Nothing here leaves
/// the machine.
@Suite("FIDO metadata refresh", .serialized)
struct MetadataRefreshTests {
    static let aaguid = TestMetadataService.aaguid
    /// Nothing listens on port 1: a metadata server that is down. (AsyncHTTPClient retries a refused connection until
    /// the download's time limit, so tests that use it give a short one.)
    static let downURL = URL(string: "http://127.0.0.1:1/mds")!

    static func configuration(
        _ url: URL, service: TestMetadataService, clock: TestClock, cache: String? = nil, timeout: Duration = .seconds(10),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { _ in throw CancellationError() }, random: Double = 0
    ) -> MetadataRefreshConfiguration {
        MetadataRefreshConfiguration(
            url: url, roots: [service.root], cacheDirectory: cache, maximumBytes: 64 * 1024, downloadTimeout: timeout,
            maximumInterval: .seconds(60 * 86_400), minimumBackoff: .seconds(60), maximumBackoff: .seconds(600), jitter: .seconds(3600),
            clock: { clock.read() }, sleep: sleep, random: { random })
    }

    @Test("a higher no replaces the BLOB in use; a downgrade, a bad signature, another root, an error, an oversized or a slow answer leave it")
    func rotation() async throws {
        let service = try TestMetadataService(), stranger = try TestMetadataService()
        let server = TestBLOBServer(), clock = TestClock(), events = EventRecorder()
        try await server.run { url in
            let refresher = MetadataRefresher(
                // Ten seconds: a loopback answer took over four while the whole suite kept both cores busy; the slow
                // answer below takes twenty-five.
                configuration: Self.configuration(url, service: service, clock: clock, timeout: .seconds(10)), fetcher: HTTPMetadataFetcher(),
                onEvent: events.record)
            server.serve(.blob(try service.blob(no: 1, nextUpdate: "2027-02-01", model: "Model v1")))
            #expect(await refresher.refresh() == .updated)
            #expect(refresher.source.current?.entry(for: try #require(AAGUID(string: Self.aaguid)))?.description == "Model v1")
            server.serve(.blob(try service.blob(no: 2, nextUpdate: "2027-02-01", model: "Model v2")))
            #expect(await refresher.refresh() == .updated)
            #expect(await refresher.refresh() == .unchanged)

            let refused: [(TestBLOBServer.Answer, MetadataRefreshResult)] = [
                (.blob(try service.blob(no: 1, nextUpdate: "2027-03-01", model: "Downgraded")), .downgrade),
                (.blob(try service.blob(no: 3, nextUpdate: "2027-03-01", model: "Forged", corruptSignature: true)), .invalid),
                (.blob(try stranger.blob(no: 3, nextUpdate: "2027-03-01", model: "Stranger's")), .invalid),
                (.blob(Array("<html>maintenance</html>".utf8)), .invalid),
                (.status(503), .unavailable),
                (.oversized(bytes: 256 * 1024, chunked: false), .tooLarge),
                (.oversized(bytes: 256 * 1024, chunked: true), .tooLarge),
                (.slow(.seconds(25), try service.blob(no: 3, nextUpdate: "2027-03-01", model: "Late")), .unavailable),
            ]
            for (answer, expected) in refused {
                server.serve(answer)
                #expect(await refresher.refresh() == expected, "\(answer)")
                #expect(refresher.source.current?.serialNumber == 2 && refresher.status.serialNumber == 2, "\(answer)")
                #expect(refresher.source.current?.entry(for: try #require(AAGUID(string: Self.aaguid)))?.description == "Model v2")
            }
            // One line for each kind of failure as it starts (not one per check), and one again after a success.
            #expect(
                events.all == [
                    "updated", "updated", "failed:downgrade", "failed:invalid", "failed:unavailable", "failed:tooLarge", "failed:unavailable",
                ])
            server.serve(.blob(try service.blob(no: 3, nextUpdate: "2027-03-01", model: "Model v3")))
            #expect(await refresher.refresh() == .updated)
            server.serve(.status(500))
            #expect(await refresher.refresh() == .unavailable)
            #expect(
                events.all == [
                    "updated", "updated", "failed:downgrade", "failed:invalid", "failed:unavailable", "failed:tooLarge", "failed:unavailable",
                    "updated",
                    "failed:unavailable",
                ])
            #expect(refresher.status.counts[.invalid] == 3 && refresher.status.counts[.tooLarge] == 2 && refresher.status.counts[.updated] == 3)
            #expect(refresher.status.serialNumber == 3 && refresher.status.lastResult == .unavailable)
        }
    }

    @Test("checks again when nextUpdate passes (plus jitter), backs off while stale, and logs stale and recovered once each")
    func schedule() async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock(), events = EventRecorder()
        let sleeps = SharedValue<[Duration]>([])
        let newer = try service.blob(no: 2, nextUpdate: "2027-02-20")
        try await server.run { url in
            let refresher = MetadataRefresher(
                configuration: Self.configuration(
                    url, service: service, clock: clock,
                    sleep: { duration in
                        let count = sleeps.update {
                            $0.append(duration)
                            return $0.count
                        }
                        clock.advance(MetadataRefresherSeconds.of(duration))
                        if count == 3 { server.serve(.blob(newer)) }
                        if count == 4 { throw CancellationError() }
                    }, random: 0.5),
                fetcher: HTTPMetadataFetcher(), onEvent: events.record)
            // The clock starts at 2027-01-15T08:00Z; this BLOB's next update is 2027-01-20T00:00Z.
            server.serve(.blob(try service.blob(no: 1, nextUpdate: "2027-01-20")))
            await refresher.run()
        }
        // Until nextUpdate plus half the hour of jitter; then 3/4 of 60 s and of 120 s while FIDO has published
        // nothing newer; then until the new BLOB's nextUpdate (2027-02-20T00:00Z) plus jitter.
        #expect(sleeps.read() == [.seconds(403_200 + 1800), .seconds(45), .seconds(90), .seconds(1_803_081_600 - 1_800_405_135 + 1800)])
        #expect(events.all == ["updated", "stale", "updated", "recovered"])
        #expect(server.requests == 4)
    }

    @Test("a server that is down is retried with exponential backoff up to the bound, logged once")
    func backoff() async throws {
        let service = try TestMetadataService(), clock = TestClock(), events = EventRecorder()
        let sleeps = SharedValue<[Duration]>([])
        let refresher = MetadataRefresher(
            configuration: Self.configuration(
                Self.downURL, service: service, clock: clock, timeout: .seconds(1),
                sleep: { duration in
                    if sleeps.update({
                        $0.append(duration)
                        return $0.count
                    }) == 6 {
                        throw CancellationError()
                    }
                }),
            fetcher: HTTPMetadataFetcher(), onEvent: events.record)
        await refresher.run()
        #expect(sleeps.read() == [.seconds(30), .seconds(60), .seconds(120), .seconds(240), .seconds(300), .seconds(300)])
        #expect(events.all == ["failed:unavailable"])
        #expect(refresher.status.lastResult == .unavailable && refresher.status.retries == 6 && refresher.source.current == nil)
    }

    @Test("the last good BLOB is written owner-only and whole, verified again at start, and keeps a restart from downgrading")
    func cache() async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-mds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let directory = folder + "/cache"
        let blob = try service.blob(no: 5, nextUpdate: "2027-02-01", model: "Cached")
        try await server.run { url in
            server.serve(.blob(blob))
            let first = MetadataRefresher(
                configuration: Self.configuration(url, service: service, clock: clock, cache: directory), fetcher: HTTPMetadataFetcher())
            await first.loadCache()
            #expect(first.source.current == nil)
            #expect(await first.refresh() == .updated)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["mds3-blob.jwt"])
            #expect(FileManager.default.contents(atPath: directory + "/mds3-blob.jwt").map(Array.init) == blob)
            #expect(try FileManager.default.attributesOfItem(atPath: directory + "/mds3-blob.jwt")[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)

            // A restart while the server serves an older BLOB: the cache's no 5 stays.
            server.serve(.blob(try service.blob(no: 4, nextUpdate: "2027-02-01", model: "Older")))
            let events = EventRecorder()
            let second = MetadataRefresher(
                configuration: Self.configuration(url, service: service, clock: clock, cache: directory), fetcher: HTTPMetadataFetcher(),
                onEvent: events.record)
            await second.loadCache()
            #expect(second.source.current?.serialNumber == 5 && second.status.confirmedAt != nil)
            #expect(await second.refresh() == .downgrade)
            #expect(second.source.current?.entry(for: try #require(AAGUID(string: Self.aaguid)))?.description == "Cached")
            #expect(events.all == ["loadedFromCache", "failed:downgrade"])
        }
        // A restart with the server down serves the cached copy.
        let offline = MetadataRefresher(
            configuration: Self.configuration(Self.downURL, service: service, clock: clock, cache: directory, timeout: .seconds(1)),
            fetcher: HTTPMetadataFetcher())
        await offline.loadCache()
        #expect(await offline.refresh() == .unavailable)
        #expect(offline.source.current?.serialNumber == 5)

        // A cache that no longer verifies is not used.
        #expect(
            FileManager.default.createFile(
                atPath: directory + "/mds3-blob.jwt", contents: Data(try service.blob(no: 9, nextUpdate: "2027-02-01", corruptSignature: true))))
        let events = EventRecorder()
        let tampered = MetadataRefresher(
            configuration: Self.configuration(Self.downURL, service: service, clock: clock, cache: directory, timeout: .seconds(1)),
            fetcher: HTTPMetadataFetcher(), onEvent: events.record)
        await tampered.loadCache()
        #expect(tampered.source.current == nil && events.all == ["cacheRefused"])

        // A cache file larger than a BLOB may be (the configured 64 KiB here) is refused before it is read.
        #expect(FileManager.default.createFile(atPath: directory + "/mds3-blob.jwt", contents: Data(count: 64 * 1024 + 1)))
        let oversizedEvents = EventRecorder()
        let oversized = MetadataRefresher(
            configuration: Self.configuration(Self.downURL, service: service, clock: clock, cache: directory, timeout: .seconds(1)),
            fetcher: HTTPMetadataFetcher(), onEvent: oversizedEvents.record)
        await oversized.loadCache()
        #expect(oversized.source.current == nil && oversizedEvents.all == ["cacheRefused"])
    }

    @Test("passkeys serve judges registrations by each newer BLOB while it runs and reports serial, age, next update and result in /metrics")
    func serverSwapsMetadata() async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock()
        let checkNow = SharedValue(false)
        try await server.run { url in
            var configuration = TestServer.configuration(Backend.sqlite.location(), clock: clock)
            // The refresher waits between checks until the test asks for one.
            configuration.metadataRefresh = Self.configuration(
                url, service: service, clock: clock,
                sleep: { _ in
                    while !checkNow.update({ flag in
                        defer { flag = false }
                        return flag
                    }) { try await Task.sleep(for: .milliseconds(20)) }
                })
            server.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01", model: "Model v7")))
            try await TestServer.withServer(configuration) { client in
                let first = try await Self.metrics(client, until: "passkeys_metadata_serial 7\n")
                #expect(first.contains("passkeys_metadata_age_seconds 0\n"))
                #expect(first.contains("passkeys_metadata_next_update_timestamp_seconds 1801440000\n")) // 2027-02-01T00:00Z
                #expect(first.contains("passkeys_metadata_last_result{result=\"updated\"} 1\n"))
                #expect(first.contains("passkeys_metadata_last_result{result=\"unavailable\"} 0\n"))
                #expect(first.contains("passkeys_metadata_stale 0\n"))
                var browser = TestBrowser(origin: TestServer.origin)
                browser.authenticator.aaguid = try #require(AAGUID(string: Self.aaguid))
                let username = uniqueName()
                let session = try await client.register(username, browser: &browser)

                clock.advance(3600)
                server.serve(.blob(try service.blob(no: 8, nextUpdate: "2027-03-01", model: "Model v8")))
                checkNow.update { $0 = true }
                _ = try await Self.metrics(client, until: "passkeys_metadata_serial 8\n")
                // An hour later the session needs a step-up before it may add a passkey.
                #expect(try await client.stepUp(session, browser: &browser).ok)
                _ = try await client.register(username, browser: &browser, session: session)
                let names = try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.compactMap {
                    $0.objectValue?["name"]?.stringValue
                }
                #expect(names == ["Model v7", "Model v8"])

                clock.advance(60)
                server.serve(.status(502))
                checkNow.update { $0 = true }
                let failed = try await Self.metrics(client, until: "passkeys_metadata_last_result{result=\"unavailable\"} 1\n")
                #expect(failed.contains("passkeys_metadata_serial 8\n") && failed.contains("passkeys_metadata_age_seconds 60\n"))
            }
        }
    }

    /// `/metrics` once it contains `line` (at most five seconds of asking).
    static func metrics(_ client: some TestClientProtocol, until line: String) async throws -> String {
        var text = ""
        for _ in 0..<100 {
            text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            if text.contains(line) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("/metrics never showed '\(line)': \(text)")
        return text
    }
}

/// Seconds in a Duration, for the test clock.
enum MetadataRefresherSeconds {
    static func of(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
