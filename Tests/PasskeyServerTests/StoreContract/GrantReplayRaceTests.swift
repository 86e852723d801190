import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// A code or a refresh token presented by several requests at once, each doing what `/token` does: the first use
/// stores a successor (``OpenIDStore/issueGrant(_:)``), every replay revokes the family
/// (``OpenIDStore/revokeGrant(family:now:events:)``). Whichever order they finish in, no successor and no access
/// token of the family is usable afterwards (RFC 9700 §4.14.2; RFC 6749 §4.1.2). On PostgreSQL half the requests come
/// from a second instance on the database.
@Suite("Store contract: a replay that races the first use leaves nothing usable", .serialized)
struct GrantReplayRaceTests {
    static let rounds = 20

    /// What one request did: the successor it stored and its access token's `jti`, or nothing.
    struct Issued: Sendable {
        let successor: RefreshTokenRecord
        let accessTokenID: String
    }

    /// Runs `body` with the stores the requests use: one, or two instances on PostgreSQL.
    static func withStores(_ backend: Backend, _ body: @escaping @Sendable ([any DatabaseStore]) async throws -> Void) async throws {
        try await Contract.withStore(backend) { (store, location) async throws in
            if backend == .postgres {
                try await Contract.withInstance(location) { (other) async throws in try await body([store, other]) }
            } else {
                try await body([store])
            }
        }
    }

    /// The request a first use goes on to: store a successor of `family` for `client`.
    static func issue(_ store: any DatabaseStore, family: String, client: String) async throws -> Issued? {
        let successor = OpenIDStoreContractTests.refreshToken(for: client, family: family)
        let jti = Contract.unique("jti")
        let issued = try await store.issueGrant(OpenIDStoreContractTests.issue(successor, accessTokenID: jti))
        return issued ? Issued(successor: successor, accessTokenID: jti) : nil
    }

    /// Nothing the burst issued is usable: every successor is a replay, every access token not live.
    static func expectNothingUsable(_ issued: [Issued], _ store: any DatabaseStore, round: Int) async throws {
        for item in issued {
            #expect(try await !store.accessTokenIsLive(id: item.accessTokenID, now: Contract.now + 1), "round \(round): a live access token")
            let use = try await store.useRefreshToken(hash: item.successor.tokenHash, now: Contract.now + 1)
            #expect(use == .replayed(item.successor), "round \(round): a usable successor (\(use))")
        }
    }

    @Test("concurrent refreshes of one token, in bursts of 2 and of 10, 20 rounds each", arguments: Backend.all, [2, 10])
    func refreshBurst(_ backend: Backend, burst: Int) async throws {
        try await Self.withStores(backend) { stores in
            let client = try await OpenIDStoreContractTests.registeredClient(stores[0])
            for round in 0..<Self.rounds {
                let family = Contract.unique("family")
                let token = OpenIDStoreContractTests.refreshToken(for: client.id, family: family)
                try await OpenIDStoreContractTests.store(token, in: stores[0])
                let outcomes = try await Contract.concurrently(burst) { index -> Issued? in
                    let store = stores[index % stores.count]
                    switch try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now) {
                    case .first: return try await Self.issue(store, family: family, client: client.id)
                    case .replayed:
                        try await store.revokeGrant(family: family, now: Contract.now, events: .none)
                        return nil
                    case .unknown: return nil
                    }
                }
                try await Self.expectNothingUsable(outcomes.compactMap { $0 }, stores[0], round: round)
            }
        }
    }

    @Test("concurrent redemptions of one code, in bursts of 2 and of 10, 20 rounds each", arguments: Backend.all, [2, 10])
    func codeBurst(_ backend: Backend, burst: Int) async throws {
        try await Self.withStores(backend) { stores in
            let client = try await OpenIDStoreContractTests.registeredClient(stores[0])
            for round in 0..<Self.rounds {
                let code = OpenIDStoreContractTests.code(for: client.id)
                try await stores[0].insertAuthorizationCode(code)
                let outcomes = try await Contract.concurrently(burst) { index -> Issued? in
                    let store = stores[index % stores.count]
                    switch try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now) {
                    case .first: return try await Self.issue(store, family: code.codeHash, client: client.id)
                    case .replayed:
                        try await store.revokeGrant(family: code.codeHash, now: Contract.now, events: .none)
                        return nil
                    case .unknown: return nil
                    }
                }
                #expect(outcomes.compactMap { $0 }.count <= 1, "round \(round): one first use at most")
                try await Self.expectNothingUsable(outcomes.compactMap { $0 }, stores[0], round: round)
            }
        }
    }
}
