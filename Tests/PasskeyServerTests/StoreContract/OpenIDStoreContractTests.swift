import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `OpenIDStore` (Sources/PasskeyStore/OpenIDStore.swift): clients, and codes and refresh tokens each used once, a
/// replayed refresh token revoking its family. The concurrent uses are in ``StoreContractRaceTests``.
@Suite("Store contract: OpenIDStore", .serialized)
struct OpenIDStoreContractTests {
    static let requirements = [
        "insertOIDCClient(_:audit:)", "oidcClient(id:)", "oidcClients()", "updateOIDCClient(_:audit:)", "deleteOIDCClient(id:audit:)",
        "insertAuthorizationCode(_:)",
        "useAuthorizationCode(hash:now:)", "issueGrant(_:)", "useRefreshToken(hash:now:)", "revokeGrant(family:now:events:)",
        "accessTokenIsLive(id:now:)", "refreshTokenGrant(hash:)", "accessTokenFamily(id:)",
    ]

    static func client(createdAt: Int64 = 1, confidential: Bool = true) -> OIDCClientRecord {
        OIDCClientRecord(
            id: Contract.unique("client"), name: "App", secretHash: confidential ? Contract.unique("secret") : nil,
            redirectURIs: ["https://app.example/cb", "http://127.0.0.1/cb"], postLogoutRedirectURIs: ["https://app.example/bye"],
            idTokenAlgorithm: "RS256", createdAt: createdAt)
    }

    static func code(for client: String, nonce: String? = "n-0S6") -> AuthorizationCodeRecord {
        AuthorizationCodeRecord(
            codeHash: Contract.unique("code"), clientID: client, redirectURI: "https://app.example/cb", codeChallenge: "E9Melhoa2Owv",
            sessionHash: Contract.unique("session"), subject: "c3ViamVjdA", nonce: nonce, scope: "openid profile", authTime: Contract.now,
            authenticationMethods: "hwk user", expiresAt: Contract.now + 60_000)
    }

    static func refreshToken(for client: String, family: String) -> RefreshTokenRecord {
        RefreshTokenRecord(
            tokenHash: Contract.unique("refresh"), family: family, clientID: client, sessionHash: Contract.unique("session"), subject: "c3ViamVjdA",
            scope: "openid", authTime: Contract.now, authenticationMethods: "hwk", expiresAt: Contract.far)
    }

    /// What a token response stores for `token`: it, and an access token (`jti`) of its family for a minute.
    static func issue(_ token: RefreshTokenRecord, accessTokenID: String = Contract.unique("jti")) -> GrantIssue {
        GrantIssue(refreshToken: token, accessTokenID: accessTokenID, accessTokenExpiresAt: Contract.now + 60_000)
    }

    /// Stores `token` as a token response would, expecting its family not to be revoked.
    static func store(_ token: RefreshTokenRecord, in store: any DatabaseStore) async throws {
        #expect(try await store.issueGrant(issue(token)), "the family \(token.family) is not revoked")
    }

    /// A stored client.
    static func registeredClient(_ store: any DatabaseStore) async throws -> OIDCClientRecord {
        let client = client()
        try await store.insertOIDCClient(client, audit: nil)
        return client
    }

    @Test("insertOIDCClient stores a client whole, public or confidential", arguments: Backend.all)
    func insertClient(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (confidential, open) = (Self.client(), Self.client(confidential: false))
            let marker = Contract.unique("client-created")
            try await store.insertOIDCClient(confidential, audit: TokenStoreContractTests.entry(.oidcClientCreated, marker: marker))
            try await store.insertOIDCClient(open, audit: nil)
            #expect(try await store.oidcClient(id: confidential.id) == confidential)
            #expect(try await store.oidcClient(id: open.id) == open)
            #expect(try await TokenStoreContractTests.entries(store, marker: marker).map(\.action) == ["oidc-client.created"], "in its transaction")
        }
    }

    @Test("oidcClient(id:) reads the client; nil for an unknown id", arguments: Backend.all)
    func clientByID(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            #expect(try await store.oidcClient(id: client.id) == client)
            #expect(try await store.oidcClient(id: Contract.unique("client")) == nil)
        }
    }

    @Test("oidcClients lists every client, oldest first", arguments: Backend.all)
    func clients(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let clients = [Self.client(createdAt: 30), Self.client(createdAt: 10), Self.client(createdAt: 20)]
            for client in clients { try await store.insertOIDCClient(client, audit: nil) }
            #expect(try await store.oidcClients() == clients.sorted { $0.createdAt < $1.createdAt })
        }
    }

    @Test("updateOIDCClient replaces the stored client of the same id; false when there is none", arguments: Backend.all)
    func updateClient(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            var client = try await Self.registeredClient(store)
            let other = try await Self.registeredClient(store)
            client.name = "Renamed"
            client.secretHash = nil
            client.redirectURIs = ["https://new.example/cb"]
            client.postLogoutRedirectURIs = []
            client.idTokenAlgorithm = "ES256"
            let marker = Contract.unique("client-updated")
            let entry = TokenStoreContractTests.entry(.oidcClientUpdated, marker: marker)
            #expect(try await store.updateOIDCClient(client, audit: entry))
            #expect(try await store.oidcClient(id: client.id) == client)
            #expect(try await store.oidcClient(id: other.id) == other)
            #expect(try await !store.updateOIDCClient(Self.client(), audit: entry), "no such client")
            #expect(try await TokenStoreContractTests.entries(store, marker: marker).count == 1, "no entry for the update that found none")
        }
    }

    @Test("deleteOIDCClient removes the client with its codes and refresh tokens, no other's; false when there is none", arguments: Backend.all)
    func deleteClient(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (client, other) = (try await Self.registeredClient(store), try await Self.registeredClient(store))
            let (code, othersCode) = (Self.code(for: client.id), Self.code(for: other.id))
            let (token, othersToken) = (Self.refreshToken(for: client.id, family: code.codeHash), Self.refreshToken(for: other.id, family: "f"))
            for code in [code, othersCode] { try await store.insertAuthorizationCode(code) }
            for token in [token, othersToken] { try await Self.store(token, in: store) }

            let marker = Contract.unique("client-deleted")
            let entry = TokenStoreContractTests.entry(.oidcClientDeleted, marker: marker)
            #expect(try await store.deleteOIDCClient(id: client.id, audit: entry))
            #expect(try await store.oidcClient(id: client.id) == nil)
            #expect(try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now) == .unknown)
            #expect(try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now) == .unknown)
            #expect(try await !store.deleteOIDCClient(id: client.id, audit: entry), "gone already")
            #expect(try await TokenStoreContractTests.entries(store, marker: marker).count == 1, "no entry for the delete that found none")
            #expect(try await store.oidcClients() == [other])
            #expect(try await store.useAuthorizationCode(hash: othersCode.codeHash, now: Contract.now) == .first(othersCode))
            #expect(try await store.useRefreshToken(hash: othersToken.tokenHash, now: Contract.now) == .first(othersToken))
        }
    }

    @Test("insertAuthorizationCode stores a code whole, nonce or none", arguments: Backend.all)
    func insertCode(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let (code, noNonce) = (Self.code(for: client.id), Self.code(for: client.id, nonce: nil))
            try await store.insertAuthorizationCode(code)
            try await store.insertAuthorizationCode(noNonce)
            #expect(try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now) == .first(code))
            #expect(try await store.useAuthorizationCode(hash: noNonce.codeHash, now: Contract.now) == .first(noNonce))
        }
    }

    @Test("useAuthorizationCode: the first use gets the code, every later one is a replay; unknown for a hash never stored", arguments: Backend.all)
    func useCode(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let code = Self.code(for: client.id)
            try await store.insertAuthorizationCode(code)
            #expect(try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now) == .first(code))
            #expect(try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now + 1) == .replayed(code))
            #expect(try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now + 2) == .replayed(code))
            #expect(try await store.useAuthorizationCode(hash: Contract.unique("code"), now: Contract.now) == .unknown)
        }
    }

    @Test(
        "issueGrant stores the refresh token whole and its access token's jti as live; nothing, and false, once its family is revoked",
        arguments: Backend.all)
    func issueGrant(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let family = Contract.unique("family")
            let token = Self.refreshToken(for: client.id, family: family)
            let jti = Contract.unique("jti")
            #expect(try await store.issueGrant(Self.issue(token, accessTokenID: jti)))
            #expect(try await store.accessTokenIsLive(id: jti, now: Contract.now))
            #expect(try await !store.accessTokenIsLive(id: jti, now: Contract.now + 60_000), "past its expiry")
            #expect(try await !store.accessTokenIsLive(id: Contract.unique("jti"), now: Contract.now), "never recorded")
            #expect(try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now) == .first(token))

            try await store.revokeGrant(family: family, now: Contract.now, events: .none)
            let late = Self.refreshToken(for: client.id, family: family)
            let lateJTI = Contract.unique("jti")
            #expect(try await !store.issueGrant(Self.issue(late, accessTokenID: lateJTI)), "a successor after the revocation is refused")
            #expect(try await store.useRefreshToken(hash: late.tokenHash, now: Contract.now) == .unknown, "and not stored")
            #expect(try await !store.accessTokenIsLive(id: lateJTI, now: Contract.now))
        }
    }

    @Test("useRefreshToken: the first use gets the token; a replay is reported and revokes its whole family, no other", arguments: Backend.all)
    func useRefreshToken(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let family = Contract.unique("family")
            let (used, rotated) = (Self.refreshToken(for: client.id, family: family), Self.refreshToken(for: client.id, family: family))
            let unrelated = Self.refreshToken(for: client.id, family: Contract.unique("family"))
            for token in [used, rotated, unrelated] { try await Self.store(token, in: store) }
            #expect(try await store.useRefreshToken(hash: used.tokenHash, now: Contract.now) == .first(used))
            #expect(try await store.useRefreshToken(hash: used.tokenHash, now: Contract.now + 1) == .replayed(used))
            #expect(try await store.useRefreshToken(hash: rotated.tokenHash, now: Contract.now + 2) == .replayed(rotated), "its family is revoked")
            #expect(try await store.useRefreshToken(hash: unrelated.tokenHash, now: Contract.now + 3) == .first(unrelated))
            #expect(try await store.useRefreshToken(hash: Contract.unique("refresh"), now: Contract.now) == .unknown)
        }
    }

    @Test(
        "revokeGrant revokes every refresh and access token of the family, whether it had a row or not, and writes its events; other families stay",
        arguments: Backend.all)
    func revokeGrant(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let family = Contract.unique("family")
            let members = [Self.refreshToken(for: client.id, family: family), Self.refreshToken(for: client.id, family: family)]
            let jtis = [Contract.unique("jti"), Contract.unique("jti")]
            for (token, jti) in zip(members, jtis) { #expect(try await store.issueGrant(Self.issue(token, accessTokenID: jti))) }
            let unrelated = Self.refreshToken(for: client.id, family: Contract.unique("family"))
            let unrelatedJTI = Contract.unique("jti")
            #expect(try await store.issueGrant(Self.issue(unrelated, accessTokenID: unrelatedJTI)))

            let marker = Contract.unique("replay")
            try await store.revokeGrant(
                family: family, now: Contract.now, events: .audit(TokenStoreContractTests.entry(.oauthReplayDetected, marker: marker)))
            for token in members { #expect(try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now + 1) == .replayed(token)) }
            for jti in jtis { #expect(try await !store.accessTokenIsLive(id: jti, now: Contract.now + 1)) }
            #expect(try await TokenStoreContractTests.entries(store, marker: marker).map(\.action) == [AuditAction.oauthReplayDetected.rawValue])
            #expect(try await store.useRefreshToken(hash: unrelated.tokenHash, now: Contract.now + 1) == .first(unrelated))
            #expect(try await store.accessTokenIsLive(id: unrelatedJTI, now: Contract.now + 1))

            // A family with no row yet (its tokens issued by a release before families had rows) is revoked all the same,
            // and a successor after that is refused.
            let rowless = Contract.unique("family")
            try await store.revokeGrant(family: rowless, now: Contract.now, events: .none)
            #expect(try await !store.issueGrant(Self.issue(Self.refreshToken(for: client.id, family: rowless))))
        }
    }
}
