import Foundation
import NIOCore
import NIOPosix
import PasskeyVapor
import Synchronization
import Testing

/// A client that announces a body and stops sending it is answered 408 when the deadline passes, on every passkey
/// route, instead of holding the request (and the task serving it) open.
@Suite("Vapor example: bodies must arrive in time")
struct SlowBodyTests {
    @Test("a body that stops arriving is answered 408 requestTimeout at the deadline, and one that arrives in time is served")
    func trickledBody() async throws {
        try await ExampleServer.run(bodyDeadline: .seconds(1)) { client in
            for endpoint in MalformedInputTests.endpoints {
                let head = "POST /passkeys/\(endpoint) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user"
                let started = ContinuousClock.now
                let answer = try await RawConnection.exchange(port: client.port, pieces: [head], pause: .zero, waitAtMost: .seconds(10))
                let waited = ContinuousClock.now - started
                #expect(answer.hasPrefix("HTTP/1.1 408"), "\(endpoint): \(answer.prefix(200))")
                #expect(answer.contains("\"requestTimeout\""), "\(endpoint): \(answer)")
                #expect(waited < .seconds(5), "\(endpoint): the app gave up on its own, not when the client did (\(waited))")
            }
            let body = #"{"username":"slow"}"#
            let head = "POST /passkeys/attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            let answer = try await RawConnection.exchange(
                port: client.port, pieces: [head + body.prefix(5), String(body.dropFirst(5))], pause: .milliseconds(300), waitAtMost: .seconds(10))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
        }
    }
}

/// A TCP client on 127.0.0.1 that writes raw bytes in pieces and reads everything the server sends until it closes
/// the connection, or `waitAtMost` passes (then what arrived so far).
enum RawConnection {
    static func exchange(port: Int, pieces: [String], pause: Duration, waitAtMost limit: Duration) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
        }
        return try await channel.executeThenClose { inbound, outbound in
            for piece in pieces {
                if piece != pieces.first { try await Task.sleep(for: pause) }
                try await outbound.write(ByteBuffer(string: piece))
            }
            let received = Mutex<[UInt8]>([])
            // Reading stops at the server's close or at the limit, whichever is first.
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await buffer in inbound { received.withLock { $0 += buffer.readableBytesView } }
                    } catch {}
                }
                group.addTask { try? await Task.sleep(for: limit) }
                await group.next()
                group.cancelAll()
            }
            return String(decoding: received.withLock { $0 }, as: UTF8.self)
        }
    }
}
