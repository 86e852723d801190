// Linux only (Glibc's socket calls), like the rest of the stop tests.
#if canImport(Glibc)
import Foundation
import Glibc
import Synchronization

/// Plain TCP sockets on 127.0.0.1 for the stop tests: peers that misbehave as a metadata service can (a port that
/// refuses, a listener that accepts and never answers) and a client that sends half a request and the rest later.
enum Loopback {
    struct SocketFailed: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: errno \(code)" }
    }

    static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    static func tcpSocket() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketFailed(call: "socket", code: errno) }
        return fd
    }

    /// A socket bound to a free port on 127.0.0.1; `listening` makes it accept connections.
    static func bound(listening: Bool) throws -> (fd: Int32, port: Int) {
        let fd = try tcpSocket()
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw SocketFailed(call: "bind", code: errno)
        }
        if listening, listen(fd, 16) != 0 {
            close(fd)
            throw SocketFailed(call: "listen", code: errno)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// A port held (bound, never listening) so that nothing else takes it: every connection to it is refused.
    final class RefusingPort: Sendable {
        let port: Int
        private let fd: Int32

        init() throws { (fd, port) = try Loopback.bound(listening: false) }
        deinit { close(fd) }
    }

    /// A listener that accepts every connection, reads nothing and never answers: a metadata service that hangs.
    final class SilentListener: Sendable {
        /// The connections taken, held open until ``stop()``.
        final class Accepted: Sendable {
            let descriptors = Mutex<[Int32]>([])
        }

        let port: Int
        private let fd: Int32
        private let accepted = Accepted()

        init() throws {
            (fd, port) = try Loopback.bound(listening: true)
            let fd = fd, accepted = accepted
            Thread.detachNewThread {
                while true {
                    let connection = accept(fd, nil, nil)
                    guard connection >= 0 else { return }
                    accepted.descriptors.withLock { $0.append(connection) }
                }
            }
        }

        /// How many connections it took.
        var connections: Int { accepted.descriptors.withLock { $0.count } }

        func stop() {
            // shutdown wakes the thread blocked in accept.
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
            accepted.descriptors.withLock { connections in
                connections.forEach { close($0) }
                connections = []
            }
        }
    }

    /// Whether a TCP connection to the port is accepted now.
    static func accepts(port: Int) -> Bool {
        guard let connection = try? Connection(port: port) else { return false }
        connection.close()
        return true
    }

    /// A client connection: bytes out as the test chooses, the answer read with a time limit.
    final class Connection: Sendable {
        private let fd: Int32

        init(port: Int) throws {
            fd = try Loopback.tcpSocket()
            var address = Loopback.address(port: UInt16(port))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let code = errno
                Glibc.close(fd)
                throw SocketFailed(call: "connect", code: code)
            }
        }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { throw SocketFailed(call: "send", code: errno) }
                sent += count
            }
        }

        /// Everything the peer sends until it closes the connection or `seconds` pass, on a thread of its own (a
        /// blocking read must not hold a thread of the concurrency pool the tests share).
        func readUntilClosed(seconds: Int) async -> String {
            let fd = fd
            return await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var limit = timeval(tv_sec: seconds, tv_usec: 0)
                    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                    var received: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while true {
                        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                        guard count > 0 else { break }
                        received += buffer[..<count]
                    }
                    continuation.resume(returning: String(decoding: received, as: UTF8.self))
                }
            }
        }

        func close() { Glibc.close(fd) }
    }
}
#endif
