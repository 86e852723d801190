import Foundation
import NIOCore
import NIOPosix
import PasskeyVapor
import Synchronization
import Testing

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
