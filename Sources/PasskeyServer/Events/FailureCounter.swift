import PasskeyCore
import Synchronization

/// Attacker-driven failures (`--webhook-failures`), counted in memory and reported once a minute as one
/// `failures.summary` event: a flood of refusals costs the receiver one event a minute per instance, never one per
/// refusal, and the memory is bounded whatever the flood (at most ``clientLimit`` clients are told apart a minute).
final class FailureCounter: Sendable {
    /// The refusals counted, by their error code: none of them is a change, all of them are what an attacker causes.
    static let codes: Set<String> = ["rateLimited", "unknownCredential", "invalidRecoveryCode"]
    /// Clients told apart per minute; the rest count under `other`.
    static let clientLimit = 1000
    /// Clients named in a summary, the most refused first.
    static let clientsReported = 10

    private struct Window {
        var since: Int64?
        var codes: [String: Int] = [:]
        var clients: [String: Int] = [:]
    }
    private let window = Mutex(Window())

    /// Counts a refusal with `code` from `client` (the client as the limits key it) at `now`; other codes are ignored.
    func count(code: String?, client: String?, now: Int64) {
        guard let code, Self.codes.contains(code) else { return }
        window.withLock { window in
            if window.since == nil { window.since = now }
            window.codes[code, default: 0] += 1
            let client = client ?? "unknown"
            if window.clients[client] != nil || window.clients.count < Self.clientLimit { window.clients[client, default: 0] += 1 }
        }
    }

    /// The minute's counts as the `data` of a `failures.summary` event, and a new minute; nil when nothing was refused.
    func drain(now: Int64) -> KeyValuePairs<String, JSONValue>? {
        let taken = window.withLock { window in
            defer { window = Window() }
            return window
        }
        guard let since = taken.since else { return nil }
        let counts = JSONObject(members: taken.codes.keys.sorted().map { JSONObject.Member(key: $0, value: JSONValue(Int64(taken.codes[$0] ?? 0))) })
        let top = taken.clients.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(Self.clientsReported)
        let clients = top.map { JSONValue.object(JSONObject(["address": .string($0.key), "count": JSONValue(Int64($0.value))])) }
        // Refusals of the clients not listed (beyond the first ten, or beyond the ones told apart).
        let others = taken.codes.values.reduce(0, +) - top.reduce(0) { $0 + $1.value }
        return [
            "from": .string(Timestamp.iso8601(since)), "until": .string(Timestamp.iso8601(now)), "counts": .object(counts),
            "clients": .array(clients),
            "otherClientsCount": JSONValue(Int64(others)),
        ]
    }
}
