import Foundation
import HummingbirdTesting
import PasskeyServer
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 11, "Safe production defaults": a client that announces a body and then trickles it (or sends nothing)
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

    /// Connects to 127.0.0.1:`port`, writes `text`, and reads until the peer closes, a response arrives whole, or
    /// `readFor` passes. Runs on its own thread: the socket calls block.
    static func exchange(port: Int, sending text: String, readFor limit: Duration) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingExchange(port: port, sending: text, readFor: limit) })
            }
        }
    }

    struct SocketFailure: Error { let step: String }

    static func blockingExchange(port: Int, sending text: String, readFor limit: Duration) throws -> String {
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
        let bytes = Array(text.utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw SocketFailure(step: "send") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer.prefix(count)
            if let text = String(bytes: received, encoding: .utf8), text.contains("\r\n\r\n"), text.contains("}") { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
