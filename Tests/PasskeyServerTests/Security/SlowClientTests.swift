import Foundation
import HummingbirdTesting
import PasskeyServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Safe production defaults": a client that announces a body and then trickles it (or sends nothing)
/// does not hold a request open for as long as it likes.
@Suite("Attack: holding requests open")
struct SlowClientTests {
    @Test("a body that never completes is answered 408 within the body timeout")
    func trickledBody() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let port = try #require(client.port)
            let head = "POST /assertion/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user"
            let started = ContinuousClock.now
            let answer = try await Self.exchange(port: port, sending: head, readFor: .seconds(30))
            let waited = ContinuousClock.now - started
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(200))")
            #expect(answer.contains("requestTimeout"))
            #expect(waited < .seconds(25), "the server gave up on its own, not when the client did (\(waited))")
        }
    }

    @Test("a body that arrives in pieces within the limit is served, and the connection's next request too")
    func bodyInPieces() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let port = try #require(client.port)
            let body = #"{"username":"pieces","displayName":"Pieces"}"#
            let head =
                "POST /attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            let second = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let answer = try await Self.exchange(
                port: port, sending: [head + body.prefix(10), String(body.dropFirst(10)), second], pause: .milliseconds(300), responses: 2,
                readFor: .seconds(15))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
            #expect(answer.contains("\"challenge\""))
            #expect(!answer.contains("requestTimeout"))
            #expect(answer.components(separatedBy: "HTTP/1.1 200").count == 3, "both requests answered 200: \(answer.prefix(600))")
        }
    }

    /// Connects to 127.0.0.1:`port`, writes `text`, and reads until the peer closes, a response arrives whole, or
    /// `readFor` passes. Runs on its own thread: the socket calls block.
    static func exchange(port: Int, sending text: String, readFor limit: Duration) async throws -> String {
        try await exchange(port: port, sending: [text], pause: .zero, readFor: limit)
    }

    /// Like ``exchange(port:sending:readFor:)``, writing `pieces` with `pause` between them and reading until
    /// `responses` answers have arrived.
    static func exchange(port: Int, sending pieces: [String], pause: Duration, responses: Int = 1, readFor limit: Duration) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try blockingExchange(port: port, sending: pieces, pause: pause, responses: responses, readFor: limit) })
            }
        }
    }

    struct SocketFailure: Error { let step: String }

    static func blockingExchange(port: Int, sending pieces: [String], pause: Duration, responses: Int, readFor limit: Duration) throws -> String {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketFailure(step: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SocketFailure(step: "connect") }
        var timeout = timeval(tv_sec: Int(limit.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        for (index, piece) in pieces.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds)) }
            let bytes = Array(piece.utf8)
            guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw SocketFailure(step: "send") }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer.prefix(count)
            // Every answer is a JSON object: done when as many have ended as requests were sent.
            if let text = String(bytes: received, encoding: .utf8), text.hasSuffix("}"),
                text.components(separatedBy: "HTTP/1.1 ").count - 1 >= responses
            {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
