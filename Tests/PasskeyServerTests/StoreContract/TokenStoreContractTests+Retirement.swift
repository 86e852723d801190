import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

extension TokenStoreContractTests {
    static func retiredEntry(_ retirement: SigningKeyRetirement) -> AuditEntry {
        AuditEntry(
            time: 5, userID: nil, action: AuditAction.signingKeyRetired.rawValue, actor: AuditActor(kind: .cli, name: "test"),
            clientAddress: nil, outcome: AuditOutcome.success.rawValue, detail: retirement.promoted)
    }

    @Test(
        "retireSigningKey removes the key with its entry, promotes the next generation of a signing key, and is nil, writing nothing, for an unknown kid",
        arguments: Backend.all)
    func retireSigningKey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let algorithm = Contract.unique("alg")
            // Generation 1 signs in [10, 20), generation 2 from 20, generation 3 from 30.
            let keys = [Self.key(algorithm, generation: 1), Self.key(algorithm, generation: 2), Self.key(algorithm, generation: 3)]
            for key in keys { #expect(try await store.insertSigningKey(key)) }
            let other = Self.key(Contract.unique("alg"), generation: 2)
            #expect(try await store.insertSigningKey(other))
            #expect(try await store.signingKeyExists(kid: keys[0].kid))

            let retired = try #require(try await store.retireSigningKey(kid: keys[0].kid, at: 15, audit: Self.retiredEntry))
            #expect(retired == SigningKeyRetirement(retired: keys[0], promoted: keys[1].kid))
            #expect(try await !store.signingKeyExists(kid: keys[0].kid))
            let rows = try await store.signingKeys(algorithm: algorithm)
            #expect(rows.map(\.kid) == [keys[1].kid, keys[2].kid])
            #expect(rows[0].signsFrom == 15 && rows[0].signsUntil == keys[1].signsUntil, "the successor signs from the retirement on")
            #expect(rows[1] == keys[2], "later generations keep their schedule")
            #expect(try await store.signingKeys(algorithm: other.algorithm) == [other], "another algorithm's keys stay")

            // A key not signing at the time (the next one) is removed and nothing is promoted.
            let next = try #require(try await store.retireSigningKey(kid: keys[2].kid, at: 16, audit: Self.retiredEntry))
            let left = try await store.signingKeys(algorithm: algorithm)
            #expect(next.promoted == nil && left.map(\.kid) == [keys[1].kid])

            #expect(try await store.retireSigningKey(kid: keys[0].kid, at: 17, audit: Self.retiredEntry) == nil, "once")
            #expect(try await store.retireSigningKey(kid: Contract.unique("kid"), at: 17, audit: Self.retiredEntry) == nil)
            let entries = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 10))
            #expect(entries.filter { $0.action == AuditAction.signingKeyRetired.rawValue }.map(\.detail) == [nil, keys[1].kid])
        }
    }

    @Test("signingKeyExists is true for a stored key and false for one never stored or removed", arguments: Backend.all)
    func signingKeyExists(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let key = Self.key(Contract.unique("alg"), generation: 1, publishedUntil: 100)
            #expect(try await !store.signingKeyExists(kid: key.kid))
            #expect(try await store.insertSigningKey(key))
            #expect(try await store.signingKeyExists(kid: key.kid))
            try await store.deleteSigningKeys(publishedBefore: 101)
            #expect(try await !store.signingKeyExists(kid: key.kid))
        }
    }

    @Test("sealedSecrets lists every sealed secret as stored, by name", arguments: Backend.all)
    func sealedSecrets(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (first, second) = (Contract.unique("secret"), Contract.unique("secret"))
            _ = try await store.sealedSecret(named: first) { "plain:AQ" }
            _ = try await store.sealedSecret(named: second) { "kek1:abc:AQ" }
            let all = try await store.sealedSecrets()
            #expect(all[first] == "plain:AQ" && all[second] == "kek1:abc:AQ")
        }
    }
}
