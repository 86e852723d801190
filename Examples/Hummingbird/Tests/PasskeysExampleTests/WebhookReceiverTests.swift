import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import Testing

@testable import PasskeysExample

/// The example's receiver of `passkeys serve`'s events verifies each as Standard Webhooks, creates a profile
/// on `user.created` (once, however often it is delivered), removes it on `user.deleted`, and refuses whatever is not
/// signed with its secret, or is signed for another body or too long ago.
@Suite("Example app: the webhook receiver")
struct WebhookReceiverTests {
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0) }).base64EncodedString()

    /// Signs as Standard Webhooks senders do: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`.
    static func signature(_ body: String, id: String, timestamp: Int64, secret: String = secret) -> String {
        let key = SymmetricKey(data: Data(base64Encoded: String(secret.dropFirst(6)))!)
        return "v1," + Data(HMAC<SHA256>.authenticationCode(for: Array("\(id).\(timestamp).\(body)".utf8), using: key)).base64EncodedString()
    }

    static func post(
        _ client: some TestClientProtocol, _ body: String, id: String, timestamp: Int64 = Int64(Date().timeIntervalSince1970),
        signature: String? = nil
    ) async throws -> HTTPResponse.Status {
        let headers: HTTPFields = [
            .contentType: "application/json", HTTPField.Name("webhook-id")!: id, HTTPField.Name("webhook-timestamp")!: String(timestamp),
            HTTPField.Name("webhook-signature")!: signature ?? Self.signature(body, id: id, timestamp: timestamp),
        ]
        return try await client.execute(uri: "/hooks/passkeys", method: .post, headers: headers, body: ByteBuffer(string: body)) { $0.status }
    }

    static func event(_ type: String, id: String, user: String) -> String {
        #"{"id":"\#(id)","type":"\#(type)","timestamp":"2026-11-27T10:00:00.000Z","data":{"user":{"id":"\#(user)","name":"ada","displayName":"Ada"}}}"#
    }

    @Test("the Standard Webhooks reference vector verifies, a changed byte does not")
    func referenceVector() throws {
        // The Standard Webhooks libraries' own published vector (their `sign` tests).
        let verifier = try WebhookVerifier(secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        var headers: HTTPFields = [
            HTTPField.Name("webhook-id")!: "msg_p5jXN8AQM9LWM0D4loKWxJek", HTTPField.Name("webhook-timestamp")!: "1614265330",
            HTTPField.Name("webhook-signature")!: "v1,bm9wZQ== v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
        ]
        let at = Date(timeIntervalSince1970: 1_614_265_330)
        #expect(try verifier.verify(body: Array(#"{"test": 2432232314}"#.utf8), headers: headers, now: at)["test"] != nil)
        #expect(throws: WebhookRejected.self) { try verifier.verify(body: Array(#"{"test": 2432232315}"#.utf8), headers: headers, now: at) }
        #expect(throws: WebhookRejected.self) { try verifier.verify(body: Array(#"{"test": 2432232314}"#.utf8), headers: headers, now: at + 301) }
        headers[HTTPField.Name("webhook-id")!] = "msg_other"
        #expect(throws: WebhookRejected.self) { try verifier.verify(body: Array(#"{"test": 2432232314}"#.utf8), headers: headers, now: at) }
    }

    @Test("user.created makes one profile however often it comes; user.deleted removes it; forgeries change nothing")
    func profiles() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("example-hooks-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var configuration = ExampleConfiguration(host: "127.0.0.1", port: 0, databasePath: path)
        configuration.webhookSecret = Self.secret
        try await buildApplication(configuration).test(.live) { client in
            let created = Self.event("user.created", id: "evt_1", user: "dXNlci1h")
            let first = try await Self.post(client, created, id: "evt_1")
            let again = try await Self.post(client, created, id: "evt_1")
            #expect(first == .noContent && again == .noContent, "a duplicate is acknowledged too")
            // Forged: another secret, another body, a stale timestamp.
            let forged = Self.event("user.created", id: "evt_2", user: "bWFsbG9yeQ")
            let other = "whsec_" + Data(repeating: 9, count: 32).base64EncodedString()
            let now = Int64(Date().timeIntervalSince1970)
            let otherSecret = try await Self.post(
                client, forged, id: "evt_2", signature: Self.signature(forged, id: "evt_2", timestamp: now, secret: other))
            let otherBody = try await Self.post(client, forged, id: "evt_2", signature: Self.signature(created, id: "evt_2", timestamp: now))
            let stale = try await Self.post(client, forged, id: "evt_2", timestamp: now - 600)
            #expect([otherSecret, otherBody, stale] == [.badRequest, .badRequest, .badRequest])
        }
        let database = try AppDatabase(path: path)
        let profiles = try await database.queue.read { db in try String.fetchAll(db, sql: "SELECT user_id FROM profiles") }
        #expect(profiles == ["dXNlci1h"])
        try await buildApplication(configuration).test(.live) { client in
            let deleted = try await Self.post(client, Self.event("user.deleted", id: "evt_3", user: "dXNlci1h"), id: "evt_3")
            #expect(deleted == .noContent)
        }
        #expect(try await database.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM profiles") } == 0)
    }
}
