import Crypto
import PasskeyCore
import PasskeyStore
import Synchronization

/// `passkeys_login`: when `/authorize` sends the user to the page for a fresh ceremony (`prompt=login`, `max_age`), it
/// adds to the request it will come back with the time it did so, MACed with a key only this server has and bound to
/// the whole request (``AuthorizationRequest/ticketBinding``). Back at `/authorize`, a session whose last passkey
/// ceremony is at or after that time satisfies the request; without the ticket, `prompt=login` would send the user to
/// the page forever, and with an unsigned time anyone holding the browser could claim a ceremony that never happened.
/// Tickets last ``lifetime``.
///
/// The key rotates (`passkeys keys rotate authorization-ticket`, ``SecretVersions``): a ticket is made with the version
/// in use at its time, and one made with a version is accepted until its successor has been in use for a ticket's
/// lifetime, so a rotation refuses no ticket that is still young enough.
final class LoginTicket: Sendable {
    static let parameter = "passkeys_login"
    static let lifetime: Int64 = 15 * 60_000
    static let secretName = "authorization-ticket-key"

    private let versions: Mutex<[SecretVersion]>
    private let reload: (@Sendable () async throws -> [SecretVersion])?

    /// Tickets under `versions` (oldest first), read again by ``refresh()`` from `reload`.
    init(versions: [SecretVersion], reload: (@Sendable () async throws -> [SecretVersion])? = nil) {
        self.versions = Mutex(versions)
        self.reload = reload
    }

    /// Tickets under one key, for tests.
    convenience init(key: SymmetricKey) {
        self.init(versions: [SecretVersion(number: 1, activeFrom: 0, key: key.withUnsafeBytes { Array($0) })])
    }

    func make(at time: Int64, binding: String) -> String {
        let all = versions.withLock { $0 }
        let key = (SecretVersions.current(all, at: time) ?? all[0]).key
        return "\(time)." + Base64URL.encode(Self.mac(time: time, binding: binding, key: key))
    }

    /// The time in `ticket` when it is this server's, for this request, and not older than ``lifetime``.
    func time(of ticket: String, binding: String, now: Int64) -> Int64? {
        let parts = ticket.split(separator: ".", maxSplits: 1)
        // The time is 1 to 19 ASCII digits written as the server writes them: `Int64` alone would also take a sign or
        // leading zeros, and one ticket would have several spellings.
        guard parts.count == 2, (1...19).contains(parts[0].utf8.count),
            parts[0].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let time = Int64(parts[0]),
            String(time) == parts[0], let mac = try? Base64URL.decode(String(parts[1])), time <= now, now - time <= Self.lifetime
        else { return nil }
        let all = versions.withLock { $0 }
        // A version could have made it: in use at its time, and not superseded for longer than a ticket lives.
        for (index, version) in all.enumerated() where version.activeFrom <= time {
            if index + 1 < all.count, now >= all[index + 1].activeFrom + Self.lifetime { continue }
            let expected = Self.mac(time: time, binding: binding, key: version.key)
            if OpaqueSecret.equalInConstantTime(mac, expected) { return time }
        }
        return nil
    }

    /// Reads the versions again (every 10 seconds, with the signing keys): a rotation another instance stored is
    /// known here before it is used.
    func refresh() async throws {
        guard let reload else { return }
        let read = try await reload()
        versions.withLock { $0 = read }
    }

    static func mac(time: Int64, binding: String, key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("\(time)\n\(binding)".utf8), using: SymmetricKey(data: key)))
    }

    /// The key's versions from the database (``SecretVersions``), made on a new one.
    static func load(from store: any TokenStore, sealer: SecretSealer) async throws -> LoginTicket {
        let versions = try await SecretVersions.load(secretName, from: store, sealer: sealer)
        let first = versions[0]
        return LoginTicket(versions: versions) { [first] + (try await SecretVersions.later(secretName, from: store, sealer: sealer)) }
    }
}
