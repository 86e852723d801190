import AsyncHTTPClient
import Foundation
import NIOCore

/// One delivery attempt over HTTP, as Standard Webhooks has it: a POST of the event's body with `webhook-id` (the
/// event's id, the same on every attempt), `webhook-timestamp` (this attempt's time) and `webhook-signature` (signed
/// anew for this attempt, once per secret). A 2xx answer is success; anything else, a redirect included (redirects are
/// not followed: the operator fixes the URL instead), is a failure.
struct WebhookSender: Sendable {
    let client: HTTPClient
    /// The whole attempt: connection, request, and as much of the answer as is read.
    let timeout: Duration
    /// How much of an answer's body is read (for the failure's description); the rest is dropped.
    static let answerLimit = 1024

    /// The client webhooks are sent with: redirects refused, bounded connection time, no more than a few
    /// connections to one endpoint (its queue sends a batch at a time).
    static func makeClient(timeout: Duration) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: TimeAmount.nanoseconds(Int64(RetrySchedule.milliseconds(timeout)) * 1_000_000)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = EventDeliveryService.batchSize
        // A refused connection is a failed attempt now, not one retried inside the client until the time limit.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Sends `delivery` to `endpoint`, signed at `timestamp` (seconds since 1970).
    func send(_ delivery: PendingDelivery, to endpoint: WebhookEndpoint, timestamp: Int64) async -> DeliveryResult {
        var request = HTTPClientRequest(url: endpoint.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "passkeys-webhooks")
        request.headers.add(name: "webhook-id", value: delivery.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature",
            value: endpoint.secrets.map { $0.signature(id: delivery.id, timestamp: timestamp, body: delivery.payload) }.joined(separator: " "))
        request.body = .bytes(ByteBuffer(string: delivery.payload))
        let prepared = request
        let limit = timeout
        do {
            return try await withThrowingTaskGroup(of: DeliveryResult?.self) { group in
                group.addTask { try await Self.attempt(prepared, client: client) }
                // The limit covers everything: a receiver that accepts the connection and then trickles its answer is
                // cut off here, and cancelling the request closes its connection.
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else {
                    return .failed(DeliveryProblem("no answer within \(limit)", endpointDown: true))
                }
                return result
            }
        } catch {
            return .failed(DeliveryProblem(Self.describe(error), endpointDown: true))
        }
    }

    private static func attempt(_ request: HTTPClientRequest, client: HTTPClient) async throws -> DeliveryResult {
        let response = try await client.execute(request, deadline: .distantFuture)
        var answer: [UInt8] = []
        // Read at most answerLimit bytes; the rest is not waited for.
        for try await chunk in response.body {
            answer += chunk.readableBytesView.prefix(answerLimit - answer.count)
            if answer.count >= answerLimit { break }
        }
        let status = Int(response.status.code)
        if (200..<300).contains(status) { return .delivered(status: status) }
        let text = String(decoding: answer, as: UTF8.self).filter { !$0.isNewline }.prefix(200)
        return .failed(
            DeliveryProblem(
                "HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"),
                // The statuses Standard Webhooks reads as "busy, slow down": the endpoint pauses, not just this event.
                endpointDown: [429, 502, 503, 504].contains(status),
                retryAfter: response.headers.first(name: "retry-after").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                    .map { .seconds(max(0, $0)) }))
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return "HTTP client: \(error)" }
        return String(describing: error)
    }
}

/// What one attempt came to.
enum DeliveryResult: Sendable {
    case delivered(status: Int)
    case failed(DeliveryProblem)
}

/// Why an attempt failed.
struct DeliveryProblem: Sendable, Error {
    let description: String
    /// The endpoint itself is out of reach or asks to slow down (no connection, a timeout, 429, 502, 503, 504): its
    /// whole queue pauses, not only this event.
    let endpointDown: Bool
    /// The answer's `Retry-After`, in seconds.
    let retryAfter: Duration?

    init(_ description: String, endpointDown: Bool, retryAfter: Duration? = nil) {
        self.description = description
        self.endpointDown = endpointDown
        self.retryAfter = retryAfter
    }
}
