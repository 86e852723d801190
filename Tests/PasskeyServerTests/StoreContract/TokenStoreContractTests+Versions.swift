import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

extension TokenStoreContractTests {
    @Test(
        "insertSecretVersion stores a version once, with its entry; secretVersions lists a secret's own, oldest first; resealSecretVersion replaces only the value expected",
        arguments: Backend.all)
    func secretVersions(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, location) async throws in
            let (name, other) = (Contract.unique("secret"), Contract.unique("secret"))
            #expect(try await store.secretVersions(named: name).isEmpty)
            let entry = AuditEntry(
                time: 5, userID: nil, action: AuditAction.secretRotated.rawValue, actor: AuditActor(kind: .cli, name: "test"), clientAddress: nil,
                outcome: AuditOutcome.success.rawValue, detail: name)
            let third = SecretVersionRecord(name: name, version: 3, value: "plain:Aw", activeFrom: 30)
            let second = SecretVersionRecord(name: name, version: 2, value: "plain:Ag", activeFrom: 20)
            #expect(try await store.insertSecretVersion(third, audit: entry))
            #expect(try await store.insertSecretVersion(second, audit: nil))
            #expect(try await store.insertSecretVersion(SecretVersionRecord(name: other, version: 2, value: "x", activeFrom: 1), audit: nil))
            let raced = SecretVersionRecord(name: name, version: 2, value: "plain:AA", activeFrom: 99)
            #expect(try await !store.insertSecretVersion(raced, audit: entry), "a version stored already wins")
            #expect(try await store.secretVersions(named: name) == [second, third])
            let entries = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 10))
            #expect(entries.filter { $0.detail == name }.count == 1, "the entry only with the version written")

            try await store.resealSecretVersion(named: name, version: 2, value: "kek1:f:Ag", replacing: "plain:other")
            #expect(try await store.secretVersions(named: name).first?.value == "plain:Ag", "not what was expected: left alone")
            try await store.resealSecretVersion(named: name, version: 2, value: "kek1:f:Ag", replacing: "plain:Ag")
            // Another instance on the database reads the same.
            try await Contract.withInstance(location) { (reopened) async throws in
                let read = try await reopened.secretVersions(named: name)
                #expect(read.map(\.value) == ["kek1:f:Ag", "plain:Aw"] && read.map(\.activeFrom) == [20, 30])
            }
        }
    }
}
