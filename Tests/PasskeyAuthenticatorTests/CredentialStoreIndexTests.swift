import Foundation
import PasskeyAuthenticator
import Testing

/// The in-memory store answers allow lists, exclude lists and account lookups from its indexes. Those
/// answers must equal a pass over every credential after any mix of saves, replacements and deletions.
@Suite("In-memory credential store indexes")
struct CredentialStoreIndexTests {
    @Test("indexed answers equal a pass over every credential after saves, replacements and deletions")
    func indexesStayTrue() async throws {
        let store = InMemoryCredentialStore()
        let key = try CredentialPrivateKey.generate(.es256)
        func credential(_ id: UInt8, _ rpID: String, _ user: UInt8, discoverable: Bool = true) -> SoftwareCredential {
            SoftwareCredential(id: [id], rpID: rpID, userHandle: [user], privateKey: key, discoverable: discoverable)
        }
        for id in UInt8(0)..<12 { await store.save(credential(id, id % 3 == 0 ? "b.example" : "a.example", id % 4)) }
        // Replacing a credential under the same ID moves it to another account (and RP).
        await store.save(credential(5, "b.example", 9))
        await store.save(credential(6, "a.example", 2, discoverable: false))
        #expect(await store.delete(id: [7]))
        #expect(await !store.delete(id: [7]))

        let all = await store.allCredentials()
        #expect(all.map(\.id) == (UInt8(0)..<12).filter { $0 != 7 }.map { [$0] }, "order of first save is kept")
        for rpID in ["a.example", "b.example", "c.example"] {
            for user in UInt8(0)..<10 {
                let expected = all.filter { $0.rpID == rpID && $0.userHandle == [user] }.map(\.id)
                let indexed = try await store.credentials(rpID: rpID, userHandle: [user]).map(\.id)
                #expect(Set(indexed) == Set(expected) && indexed.count == expected.count, "\(rpID) user \(user)")
            }
            let lists: [[[UInt8]]] = [[], [[5]], [[5], [5], [7], [99]], (UInt8(0)..<12).map { [$0] }]
            for list in lists {
                let expected = all.filter { $0.rpID == rpID && list.contains($0.id) }.map(\.id)
                let indexed = try await store.credentials(ids: list, rpID: rpID).map(\.id)
                #expect(Set(indexed) == Set(expected) && indexed.count == expected.count, "\(rpID) \(list)")
            }
        }
    }
}
