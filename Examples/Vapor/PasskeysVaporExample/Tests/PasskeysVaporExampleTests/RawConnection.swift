import Foundation
import NIOCore
import NIOPosix
import PasskeyVapor
import Testing

/// A TCP client on 127.0.0.1 that writes raw bytes in pieces and reads the server's first answer whole (by its
/// Content-Length), or until the server closes the connection or `waitAtMost` passes (then what arrived so far).
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
            // Reading stops at the server's close or at the limit, whichever is first; then what arrived so far.
            let received = await withTaskGroup(of: [UInt8]?.self) { group in
                group.addTask {
                    var bytes: [UInt8] = []
                    do {
                        for try await buffer in inbound {
                            bytes += buffer.readableBytesView
                            if isWhole(bytes) { break }
                        }
                    } catch {}
                    return bytes
                }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return nil
                }
                var bytes: [UInt8]?
                while bytes == nil, let next = await group.next() {
                    bytes = next
                    group.cancelAll()
                }
                return bytes ?? []
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// Whether `bytes` hold a whole answer: its head and as many body bytes as its Content-Length says.
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
        let length = text[..<headEnd.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        guard let length else { return false }
        return text[headEnd.upperBound...].utf8.count >= length
    }
}
