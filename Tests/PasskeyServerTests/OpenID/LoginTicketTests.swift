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

    let tickets = LoginTicket(key: SymmetricKey(size: .bits256))
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
            let signed = Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Array("\(spelling)\n\(binding)".utf8), using: tickets.key)))
            #expect(tickets.time(of: "\(spelling).\(signed)", binding: binding, now: now) == nil, "'\(spelling)' signed")
        }
    }
}
