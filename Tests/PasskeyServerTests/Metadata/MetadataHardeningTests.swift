import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyCore
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// FIDO metadata verified before it is read, a serial floor every instance and restart share, stale
/// BLOBs kept out, each case logged once and counted.
@Suite("Attack: FIDO metadata from outside", .serialized)
struct MetadataHardeningTests {
    /// The refresher's events with their messages.
    final class Messages: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func record(_ event: MetadataRefreshEvent) { lines.withLock { $0.append("\(event)") } }
    }

    /// A compact JWS signed by `service`'s signer chain (or anyone's) whose payload is `payload` as given: not even
    /// base64url, if the test says so.
    static func brokenBLOB(from service: TestMetadataService, payload: String) throws -> [UInt8] {
        let valid = String(decoding: try service.blob(no: 1, nextUpdate: "2027-02-01"), as: UTF8.self)
        let parts = valid.split(separator: ".")
        return Array((parts[0] + "." + payload + "." + parts[2]).utf8)
    }

    @Test("the attack: a BLOB from an untrusted signer with a broken payload is refused for its signer, by URL")
    func untrustedSignerByURL() async throws {
        let service = try TestMetadataService(), stranger = try TestMetadataService()
        let server = TestBLOBServer(), clock = TestClock(), messages = Messages()
        try await server.run { url in
            let refresher = MetadataRefresher(
                // A download limit a loaded machine cannot reach (this test is about the signer; a timeout would be
                // another result and another log line).
                configuration: MetadataRefreshTests.configuration(url, service: service, clock: clock, timeout: .seconds(30)),
                fetcher: HTTPMetadataFetcher(), onEvent: messages.record)
            for payload in ["!!! not base64url !!!", Base64URL.encode(Array("{not json".utf8)), String(repeating: "A", count: 40_000)] {
                server.serve(.blob(try Self.brokenBLOB(from: stranger, payload: payload)))
                #expect(await refresher.refresh() == .invalid)
            }
            #expect(messages.all.count == 1, "one line for the run: \(messages.all)")
            let line = try #require(messages.all.first)
            #expect(line.contains("untrusted signer") && !line.contains("payload"), "\(line)")
            // The same broken payload from the trusted signer is refused for its signature (over the raw bytes).
            server.serve(.blob(try Self.brokenBLOB(from: service, payload: Base64URL.encode(Array("{not json".utf8)))))
            #expect(await refresher.refresh() == .invalid)
        }
    }

    @Test("the attack, by --metadata FILE: a broken payload from an untrusted signer is refused for its signer; a huge header unread")
    func untrustedSignerByFile() async throws {
        let service = try TestMetadataService(), stranger = try TestMetadataService()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-blob-\(UUID().uuidString).jwt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        for payload in ["!!! not base64url !!!", Base64URL.encode(Array("[1,2".utf8))] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data(try Self.brokenBLOB(from: stranger, payload: payload))))
            let bytes = try MetadataFile.contents(of: file, maximumBytes: MetadataBLOB.maximumSize)
            do {
                _ = try await MetadataBLOB.verify(bytes, roots: [service.root], at: Date(timeIntervalSince1970: 1_800_000_000))
                Issue.record("a stranger's BLOB verified")
            } catch {
                #expect(error.code == .metadataInvalid && error.message.contains("untrusted signer"), "\(error.message)")
                #expect(!error.message.contains("payload"), "\(error.message)")
            }
        }
        // A header of megabytes (where x5c lives) is refused before it is decoded.
        let header = Base64URL.encode(Array(#"{"alg":"ES256","x5c":["\#(String(repeating: "A", count: 200_000))"]}"#.utf8))
        do {
            _ = try await MetadataBLOB.verify(Array((header + ".e30.AAAA").utf8), roots: [service.root], at: Date())
            Issue.record("a huge header was read")
        } catch {
            #expect(error.code == .inputTooLarge && error.message.contains("header"), "\(error.message)")
        }
        // A file larger than a BLOB may be is refused by its size, unread.
        #expect(throws: MetadataFile.ReadError.self) { try MetadataFile.contents(of: file, maximumBytes: 10) }
    }

    /// A server configuration whose metadata comes from `url`, refreshed when the test says so (never on its own).
    static func configuration(_ database: DatabaseLocation, url: URL, service: TestMetadataService, clock: TestClock) -> ServerConfiguration {
        var configuration = TestServer.configuration(database, clock: clock)
        configuration.metadataRefresh = MetadataRefreshTests.configuration(
            url, service: service, clock: clock, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        return configuration
    }

    @Test(
        "the attack: a restart without a cache is served an old BLOB (no 3, dated 2001) after no 7; it is refused and counted", arguments: Backend.all
    )
    func downgradeAfterRestart(_ backend: Backend) async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock()
        let database = backend.location()
        try await server.run { url in
            server.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01", model: "Model v7")))
            try await TestServer.withServer(Self.configuration(database, url: url, service: service, clock: clock)) { client in
                _ = try await MetadataRefreshTests.metrics(client, until: "passkeys_metadata_serial 7\n")
            }
            // The restart: the same database, no cache, and the metadata server now answers an old BLOB.
            server.serve(.blob(try service.blob(no: 3, nextUpdate: "2001-02-01", model: "Model v3")))
            try await TestServer.withServer(Self.configuration(database, url: url, service: service, clock: clock)) { client in
                let text = try await MetadataRefreshTests.metrics(client, until: "passkeys_metadata_last_result{result=\"downgrade\"} 1\n")
                #expect(!text.contains("passkeys_metadata_serial "), "nothing installed: \(text)")
                #expect(text.contains("passkeys_metadata_checks_total{result=\"downgrade\"} 1\n"))
            }
        }
    }

    @Test("the attack, across two instances on one PostgreSQL database: the second refuses a BLOB older than the first installed")
    func downgradeAcrossInstances() async throws {
        guard Backend.postgresURL != nil else { return }
        let service = try TestMetadataService(), newer = TestBLOBServer(), older = TestBLOBServer(), clock = TestClock()
        let database = Backend.postgres.location()
        try await newer.run { newerURL in
            try await older.run { olderURL in
                newer.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01")))
                older.serve(.blob(try service.blob(no: 3, nextUpdate: "2001-02-01")))
                try await TestServer.withServer(Self.configuration(database, url: newerURL, service: service, clock: clock)) { first in
                    _ = try await MetadataRefreshTests.metrics(first, until: "passkeys_metadata_serial 7\n")
                    // A second instance, running beside the first, whose metadata URL answers the old BLOB.
                    try await TestServer.withServer(Self.configuration(database, url: olderURL, service: service, clock: clock)) { second in
                        let text = try await MetadataRefreshTests.metrics(second, until: "passkeys_metadata_last_result{result=\"downgrade\"} 1\n")
                        #expect(!text.contains("passkeys_metadata_serial "), "\(text)")
                    }
                }
            }
        }
    }

    @Test("the same floor with refreshers side by side on one store, and a --metadata file below it stops the start", arguments: Backend.all)
    func floorInTheStore(_ backend: Backend) async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock()
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let database = backend.location()
        let store = try await database.openStore(logger: logger)
        do {
            try await server.run { url in
                let configuration = MetadataRefreshTests.configuration(url, service: service, clock: clock)
                let first = MetadataRefresher(
                    configuration: configuration, fetcher: HTTPMetadataFetcher(), serialFloor: StoreMetadataSerialFloor(store: store))
                let second = MetadataRefresher(
                    configuration: configuration, fetcher: HTTPMetadataFetcher(), serialFloor: StoreMetadataSerialFloor(store: store))
                server.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01")))
                #expect(await first.refresh() == .updated)
                server.serve(.blob(try service.blob(no: 6, nextUpdate: "2027-02-01")))
                #expect(await second.refresh() == .downgrade && second.source.current == nil)
                server.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01")))
                #expect(await second.refresh() == .updated, "the same no is installed by every instance")
                // Another publisher (other roots) counts its own serials.
                let other = try TestMetadataService()
                let third = MetadataRefresher(
                    configuration: MetadataRefreshTests.configuration(url, service: other, clock: clock), fetcher: HTTPMetadataFetcher(),
                    serialFloor: StoreMetadataSerialFloor(store: store))
                server.serve(.blob(try other.blob(no: 2, nextUpdate: "2027-02-01")))
                #expect(await third.refresh() == .updated)
            }
            // A --metadata file older than what was installed: the start stops, saying why.
            let file = try await MetadataBLOB.verify(try service.blob(no: 5, nextUpdate: "2027-02-01"), roots: [service.root], at: clock.read())
            var configuration = TestServer.configuration(database, clock: clock)
            configuration.relyingParty.attestation.metadata = file
            await #expect(throws: MetadataDowngrade.self) { _ = try await PasskeysServer.makeApplication(configuration, logger: logger) }
            let current = try await MetadataBLOB.verify(try service.blob(no: 7, nextUpdate: "2027-02-01"), roots: [service.root], at: clock.read())
            configuration.relyingParty.attestation.metadata = current
            let (_, started) = try await PasskeysServer.makeApplication(configuration, logger: logger)
            try await started.shutdown()
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    @Test("a BLOB long past its nextUpdate does not replace a newer one; with none in use it is installed and reported stale")
    func stale() async throws {
        let service = try TestMetadataService(), server = TestBLOBServer(), clock = TestClock(), messages = Messages()
        try await server.run { url in
            let refresher = MetadataRefresher(
                configuration: MetadataRefreshTests.configuration(url, service: service, clock: clock), fetcher: HTTPMetadataFetcher(),
                onEvent: messages.record)
            server.serve(.blob(try service.blob(no: 3, nextUpdate: "2001-02-01")))
            #expect(await refresher.refresh() == .updated, "better than nothing: verified, and reported stale")
            #expect(refresher.status.isStale && messages.all.contains { $0.contains("is stale") })
            server.serve(.blob(try service.blob(no: 7, nextUpdate: "2027-02-01")))
            #expect(await refresher.refresh() == .updated)
            // A higher no whose nextUpdate is years gone: a replay or a broken mirror, not installed over no 7.
            server.serve(.blob(try service.blob(no: 8, nextUpdate: "2002-02-01")))
            #expect(await refresher.refresh() == .stale)
            #expect(refresher.source.current?.serialNumber == 7 && refresher.status.counts[.stale] == 1)
            #expect(messages.all.last?.contains("(stale)") == true && messages.all.last?.contains("2002-02-01") == true, "\(messages.all)")
        }
    }
}
