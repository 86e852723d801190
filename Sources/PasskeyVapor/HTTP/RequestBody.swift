#if Vapor
import NIOCore
import Synchronization
import Vapor

/// Reading a passkey route's body in Vapor: JSON only (415), at most the limit (413), and whole within the deadline
/// (408). Every refusal is a 4xx `RelyingPartyError`, so no input reaches a 5xx.
enum RequestBody {
    /// The body's bytes. The routes are registered with `body: .stream`, so nothing is read before these checks.
    ///
    /// Requiring `Content-Type: application/json` is also the routes' share of cross-site request protection: a
    /// browser lets any site POST a form with the user's cookies, but not JSON without a CORS preflight.
    static func bytes(of request: Request, limit: Int, deadline: Duration) async throws(RelyingPartyError) -> [UInt8] {
        try RequestJSON.requireJSON(request.headers.first(name: .contentType))
        let tooLarge = RelyingPartyError(.payloadTooLarge, "The request body is larger than \(limit) bytes.", code: "payloadTooLarge")
        // A declared length over the limit is refused before anything is read.
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > limit { throw tooLarge }
        // A client that announces a body and trickles it, or never sends it, must not hold the request (and the task
        // serving it) for as long as it likes: the read races a timer on the request's event loop, which fails it.
        let promise = request.eventLoop.makePromise(of: ByteBuffer?.self)
        let timedOut = RelyingPartyError(.requestTimeout, "The request body did not arrive within \(deadline) of its head.", code: "requestTimeout")
        // Whichever comes first answers; the other finds the promise taken.
        let first = FirstCall()
        let settle: @Sendable (Result<ByteBuffer?, any Error>) -> Void = { result in
            if first.claim() { promise.completeWith(result) }
        }
        let timer = request.eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(deadline))) { settle(.failure(timedOut)) }
        request.body.collect(max: limit).whenComplete { result in
            timer.cancel()
            settle(result)
        }
        do {
            guard let buffer = try await promise.futureResult.get() else { return [] }
            return Array(buffer.readableBytesView)
        } catch let refusal as RelyingPartyError {
            throw refusal
        } catch let abort as any AbortError where abort.status == .payloadTooLarge {
            throw tooLarge
        } catch {
            // The client went away or broke the framing mid-body: its request, not a fault of the server.
            throw RelyingPartyError(.badRequest, "The request body could not be read to its end.", code: "unreadableBody")
        }
    }

    /// True for the first caller of ``claim()`` only.
    private final class FirstCall: Sendable {
        private let open = Mutex(true)

        func claim() -> Bool {
            open.withLock { isOpen in
                defer { isOpen = false }
                return isOpen
            }
        }
    }

    /// `duration` in nanoseconds, saturating, so a huge deadline means "never", not a trap.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? 0 : .max }
        return max(0, whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
#endif
