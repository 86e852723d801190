public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// ``HTTPTransport`` on URLSession: what apps use (FoundationNetworking's URLSession on Linux).
///
/// Uses the completion-handler API, which every Foundation has, and cancels the data task when the calling task is
/// cancelled. Answers larger than ``maximumBodySize`` are refused: the API's answers are a few KiB.
public final class URLSessionTransport: HTTPTransport {
    /// The URLSession that runs the requests.
    public let session: URLSession
    /// Seconds without an answer after which a request fails (URLRequest's `timeoutInterval`).
    public let timeout: TimeInterval
    /// The largest answer accepted, in bytes (1 MiB): far above what the API sends, far below what could exhaust an
    /// app's memory.
    public static let maximumBodySize = 1 << 20

    /// A transport over `session`.
    ///
    /// - Parameters:
    ///   - session: defaults to an ephemeral session: the API's session token travels as a bearer token, so no
    ///     cookie jar or cache is needed.
    ///   - timeout: seconds for each request.
    public init(session: URLSession = URLSession(configuration: .ephemeral), timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends `request` and returns the status and body of whatever the server answered, error statuses included.
    ///
    /// - Throws: `URLError` for a URL that is not http(s), a network failure, a timeout, an answer larger than
    ///   ``maximumBodySize``, or the calling task's cancellation (code `cancelled`).
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let url = URL(string: request.url), url.scheme == "https" || url.scheme == "http" else {
            throw URLError(.badURL)
        }
        var outgoing = URLRequest(url: url, timeoutInterval: timeout)
        outgoing.httpMethod = request.method.rawValue
        for (name, value) in request.headers { outgoing.addValue(value, forHTTPHeaderField: name) }
        if let body = request.body { outgoing.httpBody = Data(body) }

        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<TransportResponse, any Error>) in
                let task = session.dataTask(with: outgoing) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let http = response as? HTTPURLResponse else { return continuation.resume(throwing: URLError(.badServerResponse)) }
                    let body = data ?? Data()
                    guard body.count <= Self.maximumBodySize else { return continuation.resume(throwing: URLError(.dataLengthExceedsMaximum)) }
                    continuation.resume(returning: TransportResponse(status: http.statusCode, body: Array(body)))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds the data task so a cancellation that arrives before or after it starts still cancels it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
