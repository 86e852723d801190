import PasskeyCore
import Synchronization

/// The audit trail of refused service calls (401 and 403 at `/introspect` and `/admin/…`): `admin.refused`, naming
/// the key when it is known (revoked, or without the route's scope) and `{"kind":"unknown"}` otherwise.
///
/// Someone guessing keys must not fill the log: each client address and refusal code gets at most one entry per
/// ``window``, and the refusals kept out of the log are counted in the next entry's `detail.count` (the number of
/// refusals since the previous entry, this one included). The failed-attempts budget in front of the service routes
/// bounds how many refusals one client can cause at all.
final class RefusalAudit: Sendable {
    let relyingParty: RelyingParty
    let store: any EventOutboxStore
    /// Milliseconds between two entries of one client and code.
    static let window: Int64 = 10_000
    /// Above this many tracked pairs, those whose window has passed are forgotten.
    static let trackedLimit = 4096

    private struct Tracked {
        var lastEntry: Int64
        var unlogged: Int
    }
    private let tracked = Mutex<[String: Tracked]>([:])

    init(relyingParty: RelyingParty, store: any EventOutboxStore) {
        self.relyingParty = relyingParty
        self.store = store
    }

    /// Records a refusal of `code` to `request` from `origin`, by `key` when it is known; nothing when this client's
    /// last entry for `code` is younger than ``window``. A store that cannot take the entry does not change the answer.
    func record(code: String, status: Int, method: String, path: String, key: APIKeyRecord?, origin: ChangeOrigin) async {
        let now = relyingParty.configuration.nowMilliseconds
        let pair = (origin.clientAddress ?? "-") + " " + code
        let count: Int? = tracked.withLock { tracked in
            if var entry = tracked[pair], now - entry.lastEntry < Self.window {
                entry.unlogged += 1
                tracked[pair] = entry
                return nil
            }
            let count = (tracked[pair]?.unlogged ?? 0) + 1
            if tracked.count >= Self.trackedLimit { tracked = tracked.filter { now - $0.value.lastEntry < Self.window } }
            tracked[pair] = Tracked(lastEntry: now, unlogged: 0)
            return count
        }
        guard let count else { return }
        var detail = JSONObject([
            "code": .string(code), "status": JSONValue(status), "method": .string(method),
            "path": .string(String(path.prefix(128))), "count": JSONValue(count),
        ])
        if let key { detail["key"] = .string(key.id) }
        let actor = key.map(AuditActor.apiKey) ?? AuditActor(kind: .unknown, name: "")
        let entry = relyingParty.auditEntry(
            .adminRefused, user: nil, outcome: .refused, detail: detail, origin: ChangeOrigin(actor: actor, clientAddress: origin.clientAddress))
        try? await store.appendEvents(.audit(entry))
    }
}
