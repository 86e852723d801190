import Crypto
import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The `prompt=login` / `max_age` ticket: a fresh ceremony won for one authorization request opens that request only.
@Suite("Login tickets bind the whole authorization request")
struct LoginTicketTests {
    static let client = OIDCClientRecord(
        id: "wiki", name: "Wiki", secretHash: nil, redirectURIs: ["https://wiki.example.com/cb"], postLogoutRedirectURIs: [],
        idTokenAlgorithm: "RS256", createdAt: 0)
    static let base: [String: String] = [
        "client_id": "wiki", "redirect_uri": "https://wiki.example.com/cb", "response_type": "code", "scope": "openid",
        "state": "s1", "nonce": "n1", "code_challenge": Base64URL.encode(Array(SHA256.hash(data: Array("verifier".utf8)))),
        "code_challenge_method": "S256", "prompt": "login", "max_age": "60",
    ]

    static func request(_ changes: [String: String?]) throws -> AuthorizationRequest {
        var parameters = base
        for (name, value) in changes { parameters[name] = value }
        return try AuthorizationRequest.parse(parameters, client: client, redirectURI: parameters["redirect_uri"] ?? "").get()
    }

    let key = SymmetricKey(size: .bits256)
    var tickets: LoginTicket { LoginTicket(key: key) }
    let now: Int64 = 1_800_000_000_000

    @Test("a ticket opens its own request, whatever the order of its scope and prompt values")
    func ownRequest() throws {
        let issued = try Self.request(["scope": "openid profile", "prompt": "login consent"])
        let ticket = tickets.make(at: now - 1_000, binding: issued.ticketBinding)
        #expect(tickets.time(of: ticket, binding: issued.ticketBinding, now: now) == now - 1_000)
        let reordered = try Self.request(["scope": "profile openid", "prompt": "consent login"])
        #expect(tickets.time(of: ticket, binding: reordered.ticketBinding, now: now) == now - 1_000)
    }

    @Test(
        "a ticket won for one request is refused for any other: a wider scope, prompt or max_age dropped, another response mode, state, nonce or PKCE challenge",
        arguments: [
            ["scope": "openid profile"], ["prompt": nil], ["max_age": nil], ["max_age": "3600"], ["response_mode": "query"],
            ["state": "s2"], ["state": nil], ["nonce": "n2"], ["prompt": "login consent"],
            ["code_challenge": Base64URL.encode(Array(SHA256.hash(data: Array("other".utf8))))],
        ] as [[String: String?]])
    func otherRequest(_ change: [String: String?]) throws {
        let issued = try Self.request([:])
        let ticket = tickets.make(at: now - 1_000, binding: issued.ticketBinding)
        let other = try Self.request(change)
        #expect(tickets.time(of: ticket, binding: other.ticketBinding, now: now) == nil, "\(change)")
    }

    @Test("no value can pass for two: a state holding the next field's text binds differently from that field")
    func unambiguous() throws {
        let a = try Self.request(["state": "s", "nonce": "n1"])
        let b = try Self.request(["state": "s\nnonce 2:n1", "nonce": nil])
        #expect(a.ticketBinding != b.ticketBinding)
        let empty = try Self.request(["state": ""])
        let absent = try Self.request(["state": nil])
        #expect(empty.ticketBinding != absent.ticketBinding)
    }

    @Test("the time is 1 to 19 ASCII digits as the server writes them: a sign, a space, a leading zero or an empty time are refused")
    func timeSpelling() throws {
        let binding = try Self.request([:]).ticketBinding
        let time = now - 1_000
        let ticket = tickets.make(at: time, binding: binding)
        let mac = try #require(ticket.split(separator: ".").last)
        #expect(tickets.time(of: ticket, binding: binding, now: now) == time)
        for spelling in ["+\(time)", " \(time)", "0\(time)", "", "\(time) ", "-0", String(repeating: "1", count: 20)] {
            #expect(tickets.time(of: "\(spelling).\(mac)", binding: binding, now: now) == nil, "'\(spelling)' with the ticket's MAC")
            // Also with a MAC over the respelled text itself, so only the spelling can be why it is refused.
            let signed = Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Array("\(spelling)\n\(binding)".utf8), using: key)))
            #expect(tickets.time(of: "\(spelling).\(signed)", binding: binding, now: now) == nil, "'\(spelling)' signed")
        }
    }
}

/// The login-ticket key rotates: a ticket made with a version is accepted until its successor has been in use for a
/// ticket's lifetime, and new tickets use the successor from its activation on.
@Suite("Login tickets across a rotation of their key")
struct LoginTicketRotationTests {
    static let activation: Int64 = 1_800_000_000_000
    static let old = SecretVersion(number: 1, activeFrom: 0, key: SecureRandom.bytes(32))
    static let new = SecretVersion(number: 2, activeFrom: activation, key: SecureRandom.bytes(32))
    let binding = "client_id 4:wiki"

    @Test("before the new version's time tickets use the old key; from it, the new one; both verify")
    func makesWithTheVersionInUse() {
        let tickets = LoginTicket(versions: [Self.old, Self.new])
        let before = tickets.make(at: Self.activation - 1, binding: binding)
        let after = tickets.make(at: Self.activation, binding: binding)
        #expect(before.hasSuffix(Base64URL.encode(LoginTicket.mac(time: Self.activation - 1, binding: binding, key: Self.old.key))))
        #expect(after.hasSuffix(Base64URL.encode(LoginTicket.mac(time: Self.activation, binding: binding, key: Self.new.key))))
        #expect(tickets.time(of: before, binding: binding, now: Self.activation + 1_000) == Self.activation - 1)
        #expect(tickets.time(of: after, binding: binding, now: Self.activation + 1_000) == Self.activation)
    }

    @Test("a ticket an instance made with the old key after the rotation is accepted for 15 minutes of the new key's use, then refused")
    func oldKeyForFifteenMinutes() {
        // An instance that had not read the new version yet.
        let lagging = LoginTicket(versions: [Self.old])
        let time = Self.activation + 5_000
        let ticket = lagging.make(at: time, binding: binding)
        let current = LoginTicket(versions: [Self.old, Self.new])
        #expect(current.time(of: ticket, binding: binding, now: time + 1_000) == time)
        #expect(current.time(of: ticket, binding: binding, now: Self.activation + LoginTicket.lifetime - 1) == time)
        #expect(current.time(of: ticket, binding: binding, now: Self.activation + LoginTicket.lifetime) == nil, "the old key is retired")
        // A ticket of the new key's time made with a key the server never had is refused.
        let stranger = LoginTicket(versions: [SecretVersion(number: 1, activeFrom: 0, key: SecureRandom.bytes(32))])
        #expect(current.time(of: stranger.make(at: time, binding: binding), binding: binding, now: time + 1) == nil)
    }

    @Test("a rotation stores the next version, a minute ahead, sealed with the key-encryption key, and every version loads")
    func rotateAndLoad() async throws {
        let database = Backend.sqlite.location()
        let store = try await database.openStore(logger: .init(label: "test"))
        defer { Task { try? await store.shutdown() } }
        let kek = try KeyEncryptionKey(bytes: Array(repeating: 3, count: 32))
        let sealer = SecretSealer(key: kek)
        let first = try await LoginTicket.load(from: store, sealer: sealer)
        let record = try await SecretVersions.rotate(
            LoginTicket.secretName, store: store, sealer: sealer, now: Self.activation, origin: .commandLine)
        #expect(record.version == 2 && record.activeFrom == Self.activation + SecretVersions.activationDelay)
        #expect(record.value.hasPrefix("kek1:\(kek.fingerprint):"))
        let versions = try await SecretVersions.load(LoginTicket.secretName, from: store, sealer: sealer)
        #expect(versions.map(\.number) == [1, 2] && versions[1].activeFrom == record.activeFrom)
        // An instance that loaded before the rotation reads it at its next refresh.
        try await first.refresh()
        let ticket = first.make(at: record.activeFrom, binding: binding)
        #expect(ticket.hasSuffix(Base64URL.encode(LoginTicket.mac(time: record.activeFrom, binding: binding, key: versions[1].key))))
        // The wrong key-encryption key is refused before anything is written.
        let wrong = SecretSealer(key: try KeyEncryptionKey(bytes: Array(repeating: 4, count: 32)))
        await #expect(throws: SealedSecretUnreadable.self) {
            _ = try await SecretVersions.rotate(LoginTicket.secretName, store: store, sealer: wrong, now: Self.activation, origin: .commandLine)
        }
        #expect(try await store.secretVersions(named: LoginTicket.secretName).count == 1)
        let audit = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Int64.max, before: nil, limit: 10))
        #expect(audit.filter { $0.action == AuditAction.secretRotated.rawValue }.count == 1)
    }
}
