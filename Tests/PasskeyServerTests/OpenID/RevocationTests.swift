import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// RFC 7009 revocation, client authentication by Basic with or without padding, and the OAuth endpoints' refusals
/// in RFC 6749 §5.2's shape.
@Suite struct RevocationTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// A code flow's tokens for `app`.
    static func tokens(
        _ client: any TestClientProtocol, app: OIDCClientRecord, basic: String, session: String, verifier: String, challenge: String
    ) async throws -> (access: String, refresh: String) {
        let authorize = try await client.raw(
            .get,
            "/authorize?response_type=code&scope=openid&client_id=\(app.id)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=s&nonce=n&code_challenge=\(challenge)&code_challenge_method=S256",
            headers: [.authorization: "Bearer \(session)"])
        let code = try #require(try OpenIDProviderTests.location(authorize)["code"])
        var headers = form
        headers[.authorization] = basic
        let exchange = try await client.raw(
            .post, "/token",
            body: "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(verifier)",
            headers: headers)
        #expect(exchange.status == .ok, "\(exchange.body)")
        return (try #require(exchange.json["access_token"]?.stringValue), try #require(exchange.json["refresh_token"]?.stringValue))
    }

    static func basic(_ id: String, _ secret: String) -> String { "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString() }

    @Test(
        "revoking a refresh or an access token ends its whole grant; unknown and other clients' tokens are 200 and revoke nothing",
        arguments: Backend.all)
    func revocation(_ backend: Backend) async throws {
        let database = try await backend.ownLocation()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let (app, secret, session, verifier, challenge) = try await OpenIDProviderTests.start(client, database: database)
            let basic = Self.basic(app.id, try #require(secret))
            func revoke(_ body: String, authorization: String? = basic) async throws -> RawAnswer {
                var headers = Self.form
                if let authorization { headers[.authorization] = authorization }
                return try await client.raw(.post, "/revoke", body: body, headers: headers)
            }
            func userinfo(_ access: String) async throws -> HTTPResponse.Status {
                try await client.raw(.get, "/userinfo", headers: [.authorization: "Bearer \(access)"]).status
            }
            func refresh(_ token: String) async throws -> RawAnswer {
                var headers = Self.form
                headers[.authorization] = basic
                return try await client.raw(.post, "/token", body: "grant_type=refresh_token&refresh_token=\(token)", headers: headers)
            }

            // By the refresh token: the refresh token and the access token of the grant both end.
            let first = try await Self.tokens(client, app: app, basic: basic, session: session, verifier: verifier, challenge: challenge)
            #expect(try await userinfo(first.access) == .ok)
            let revoked = try await revoke("token=\(first.refresh)&token_type_hint=refresh_token")
            #expect(revoked.status == .ok && revoked.headers[.cacheControl] == "no-store", "\(revoked.body)")
            #expect(try await refresh(first.refresh).json["error"] == .string("invalid_grant"))
            #expect(try await userinfo(first.access) == .unauthorized)
            #expect(try await client.call(.get, "/session", session: session).ok, "the user's session at the provider lives on")
            // Revoked already: the same 200, and no further audit entry however often it is presented (counted below).
            for token in [first.refresh, first.refresh, first.access] {
                #expect(try await revoke("token=\(token)").status == .ok)
            }

            // By the access token, with the other hint or an unknown one: the same.
            for hint in ["access_token", "some_other_type"] {
                let grant = try await Self.tokens(client, app: app, basic: basic, session: session, verifier: verifier, challenge: challenge)
                #expect(try await revoke("token=\(grant.access)&token_type_hint=\(hint)").status == .ok)
                #expect(try await userinfo(grant.access) == .unauthorized, "\(hint)")
                #expect(try await refresh(grant.refresh).json["error"] == .string("invalid_grant"), "\(hint)")
            }

            // Another client's tokens, unknown or malformed ones: 200, nothing revoked.
            let kept = try await Self.tokens(client, app: app, basic: basic, session: session, verifier: verifier, challenge: challenge)
            let store = try await database.openStore(logger: .init(label: "test"))
            let (other, otherSecret) = try await OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
                .create(name: "other", redirectURIs: ["https://other.example.com/cb"], isPublic: false)
            try await store.shutdown()
            let otherBasic = Self.basic(other.id, try #require(otherSecret))
            for token in [kept.refresh, kept.access] {
                #expect(try await revoke("token=\(token)", authorization: otherBasic).status == .ok)
            }
            for token in ["unknown", String(repeating: "x", count: 2_000), "a.b.c"] {
                #expect(try await revoke("token=\(token)").status == .ok)
            }
            #expect(try await userinfo(kept.access) == .ok, "another client cannot revoke this client's grant")
            #expect(try await refresh(kept.refresh).status == .ok)

            // Client authentication as at /token; no token is invalid_request.
            let wrong = try await revoke("token=\(kept.refresh)", authorization: Self.basic(app.id, "pcs_wrong"))
            #expect(wrong.status == .unauthorized && wrong.json["error"] == .string("invalid_client"), "\(wrong.body)")
            #expect(wrong.headers[.wwwAuthenticate] == "Basic realm=\"passkeys\"")
            let none = try await revoke("token_type_hint=refresh_token")
            #expect(none.status == .badRequest && none.json["error"] == .string("invalid_request"), "\(none.body)")

            let audit = try await (try await database.openStore(logger: .init(label: "test"))).auditEntries(
                AuditQuery(userID: nil, from: 0, until: Int64.max, before: nil, limit: 100))
            #expect(audit.filter { $0.action == AuditAction.oauthGrantRevoked.rawValue }.count == 3)
        }
    }

    @Test("Basic credentials: base64 with or without padding; the url alphabet, misplaced padding and stray bits are refused")
    func basicCredentials() throws {
        let text = "client:pcs_secret+with%3Aa colon"
        let padded = Data(text.utf8).base64EncodedString()
        #expect(padded.hasSuffix("="))
        for spelling in [padded, String(padded.prefix { $0 != "=" })] {
            let parsed = try #require(BasicCredentials.parse(spelling), "\(spelling)")
            #expect(parsed.id == "client" && parsed.secret == "pcs_secret with:a colon", "form-decoded after the split")
        }
        let unpadded = String(padded.prefix { $0 != "=" })
        for bad in [
            unpadded + "=", padded + "=", "=" + unpadded, "Y2xpZW50Oi0-_w", String(unpadded.dropLast()) + "B",
            Data("no colon".utf8).base64EncodedString(), "Y2xpZW50OnNlY3JldA=@", "",
        ] where bad != padded && bad != unpadded {
            #expect(BasicCredentials.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("/token refuses in RFC 6749's shape: a repeated parameter, bad percent-encoding, a body too large (413), a spent budget (429)")
    func oauthShapedRefusals() async throws {
        let database = Backend.sqlite.location()
        try await TestServer.withServer(TestServer.configuration(database, rateLimit: 1)) { client in
            for body in ["grant_type=refresh_token&grant_type=refresh_token", "grant_type=%zz", String(repeating: "a", count: 70_000)] {
                let answer = try await client.raw(.post, "/token", body: body, headers: Self.form)
                #expect([.badRequest, .contentTooLarge].contains(answer.status), "\(answer.status)")
                #expect(answer.json["error"] == .string("invalid_request") && answer.json["error_description"] != nil, "\(answer.body.prefix(200))")
                #expect(answer.json["status"] == nil, "not the API's shape")
                if answer.status == .contentTooLarge { #expect(answer.json["error_description"] == .string("The body is larger than 64 KiB.")) }
            }
            var limited: RawAnswer?
            for _ in 0..<60 {
                let answer = try await client.raw(.post, "/token", body: "grant_type=refresh_token&client_id=unknown", headers: Self.form)
                if answer.status == .tooManyRequests {
                    limited = answer
                    break
                }
            }
            let answer = try #require(limited, "no 429 within 60 failed attempts")
            #expect(answer.json["error"] == .string("invalid_request") && answer.headers[.retryAfter] != nil, "\(answer.body)")
            #expect(answer.json["error_description"]?.stringValue?.hasPrefix("Too many failed attempts; retry after") == true)
        }
    }

    @Test("Basic without padding authenticates at /token")
    func unpaddedBasicAtToken() async throws {
        let database = Backend.sqlite.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let (app, secret, session, verifier, challenge) = try await OpenIDProviderTests.start(client, database: database)
            let encoded = Data("\(app.id):\(try #require(secret))".utf8).base64EncodedString()
            #expect(encoded.hasSuffix("="), "the credentials need padding, so leaving it out is a real test")
            let unpadded = "Basic " + String(encoded.prefix { $0 != "=" })
            let tokens = try await Self.tokens(client, app: app, basic: unpadded, session: session, verifier: verifier, challenge: challenge)
            #expect(!tokens.refresh.isEmpty)
        }
    }
}
