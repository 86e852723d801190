import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

extension OpenIDStoreContractTests {
    @Test(
        "refreshTokenGrant finds a refresh token's family, client and subject, used or revoked (and says so); accessTokenFamily an access token's family",
        arguments: Backend.all)
    func grantLookups(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await Self.registeredClient(store)
            let family = Contract.unique("family")
            let token = Self.refreshToken(for: client.id, family: family)
            let jti = Contract.unique("jti")
            #expect(try await store.issueGrant(Self.issue(token, accessTokenID: jti)))
            let expected = RefreshTokenGrant(family: family, clientID: client.id, subject: token.subject, revoked: false)
            #expect(try await store.refreshTokenGrant(hash: token.tokenHash) == expected)
            #expect(try await store.accessTokenFamily(id: jti) == family)

            _ = try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now)
            try await store.revokeGrant(family: family, now: Contract.now, events: .none)
            let revoked = RefreshTokenGrant(family: family, clientID: client.id, subject: token.subject, revoked: true)
            #expect(try await store.refreshTokenGrant(hash: token.tokenHash) == revoked, "used and revoked, still found, as revoked")
            #expect(try await store.accessTokenFamily(id: jti) == family)

            #expect(try await store.refreshTokenGrant(hash: Contract.unique("refresh")) == nil)
            #expect(try await store.accessTokenFamily(id: Contract.unique("jti")) == nil)
        }
    }
}
