import Crypto
import Foundation
import GRDB
import Hummingbird
import PasskeyHummingbird

/// `POST /hooks/passkeys`: events from a `passkeys serve` beside this app (docs/events.md), verified as Standard
/// Webhooks before anything is read, each processed once.
///
/// The app keeps a profile row of its own for every account of the passkey server: created on `user.created`, removed
/// on `user.deleted`, keyed by the account's id (`data.user.id`, the same id `GET /session` and session tokens give).
/// Any Standard Webhooks library does what ``WebhookVerifier`` does; it is written out here to show each step.
struct WebhookReceiver: Sendable {
    let database: AppDatabase
    let verifier: WebhookVerifier

    /// The largest body accepted: events are a few hundred bytes.
    static let maximumBody = 64 * 1024

    func add(to router: Router<ExampleContext>) {
        router.post("hooks/passkeys") { request, _ -> Response in
            let body = try await request.body.collect(upTo: Self.maximumBody)
            let event: JSONObject
            do {
                event = try verifier.verify(body: Array(body.readableBytesView), headers: request.headers, now: Date())
            } catch {
                // 400: the sender sees the delivery failed and retries; nothing was read from an unverified body.
                return Response(status: .badRequest)
            }
            try await handle(event)
            return Response(status: .noContent)
        }
    }

    /// Applies one verified event, once: its id is recorded in the same transaction, so a retry of a delivery that
    /// was applied (its answer lost) changes nothing.
    func handle(_ event: JSONObject) async throws {
        guard case .string(let id)? = event["id"], case .string(let type)? = event["type"], case .object(let data)? = event["data"] else { return }
        try await database.queue.write { db in
            try db.execute(sql: "INSERT INTO processed_events (id) VALUES (?) ON CONFLICT DO NOTHING", arguments: [id])
            guard db.changesCount > 0 else { return }
            guard case .object(let user)? = data["user"], case .string(let userID)? = user["id"] else { return }
            switch type {
            case "user.created":
                let name = user["name"]?.stringValue ?? ""
                try db.execute(
                    sql: "INSERT INTO profiles (user_id, username, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    arguments: [userID, name, event["timestamp"]?.stringValue ?? ""])
            case "user.deleted":
                try db.execute(sql: "DELETE FROM profiles WHERE user_id = ?", arguments: [userID])
            default:
                // session.revoked would end the app's own copies of that session (data.session.id), and so on.
                break
            }
        }
    }
}

/// Standard Webhooks verification: `webhook-id`, `webhook-timestamp` (within five minutes of now, against replays)
/// and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret; one of several
/// space-separated signatures must match, compared in constant time).
public struct WebhookVerifier: Sendable {
    let key: SymmetricKey
    /// How far a timestamp may be from now.
    static let tolerance: TimeInterval = 300

    /// `secret`: `whsec_` and the base64 secret, as `passkeys events secret` prints it.
    public init(secret: String) throws {
        guard secret.hasPrefix("whsec_"), let bytes = Data(base64Encoded: String(secret.dropFirst(6))), !bytes.isEmpty else {
            throw WebhookRejected(reason: "the secret is not whsec_ and base64")
        }
        key = SymmetricKey(data: bytes)
    }

    /// The event, once its headers and signature check out.
    func verify(body: [UInt8], headers: HTTPFields, now: Date) throws -> JSONObject {
        func header(_ name: String) -> String? { headers.first { $0.name.canonicalName == name }?.value }
        guard let id = header("webhook-id"), let timestampText = header("webhook-timestamp"), let signatures = header("webhook-signature"),
            !id.isEmpty
        else { throw WebhookRejected(reason: "missing webhook headers") }
        guard let timestamp = Int64(timestampText), abs(now.timeIntervalSince1970 - TimeInterval(timestamp)) <= Self.tolerance else {
            throw WebhookRejected(reason: "timestamp outside the tolerance")
        }
        let signed = Array("\(id).\(timestamp).".utf8) + body
        let matches = signatures.split(separator: " ").contains { candidate in
            guard candidate.hasPrefix("v1,"), let mac = Data(base64Encoded: String(candidate.dropFirst(3))) else { return false }
            return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: signed, using: key)
        }
        guard matches else { throw WebhookRejected(reason: "no signature matches") }
        return try JSONParser.parseObject(body)
    }
}

/// A delivery that is not from the passkey server (or not as it sent it).
struct WebhookRejected: Error {
    let reason: String
}
