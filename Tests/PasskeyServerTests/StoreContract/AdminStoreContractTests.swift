import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `AdminStore` (Sources/PasskeyStore/AdminStore.swift): accounts a page at a time in handle order, an account's live
/// sessions newest first, and the audit log read and pruned.
@Suite("Store contract: AdminStore", .serialized)
struct AdminStoreContractTests {
    static let requirements = ["users(after:limit:)", "sessions(userHandle:now:)", "auditEntries(_:)", "pruneAudit(before:)"]

    static func entry(time: Int64, user: [UInt8], action: String = "passkey.renamed") -> AuditEntry {
        AuditEntry(
            time: time, userID: Base64URL.encode(user), action: action, actor: .user("ada"), clientAddress: "192.0.2.1", outcome: "success",
            detail: #"{"name":"Laptop"}"#)
    }

    /// The entry as written: without the place the store gave it.
    static func unsequenced(_ entry: AuditEntry) -> AuditEntry {
        AuditEntry(
            time: entry.time, userID: entry.userID, action: entry.action, actor: entry.actor, clientAddress: entry.clientAddress,
            outcome: entry.outcome, detail: entry.detail)
    }

    /// Writes `entries` in order, each as the audit entry of a rename of `account`'s passkey.
    static func write(_ entries: [AuditEntry], _ account: Contract.Account, _ store: any DatabaseStore) async throws {
        for entry in entries {
            #expect(
                try await store.renameCredential(id: account.credential.id, userHandle: account.handle, name: "Laptop", events: .audit(entry)))
        }
    }

    @Test("users(after:limit:) pages through the accounts in handle (base64url) order, at most `limit` a page", arguments: Backend.all)
    func users(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            var accounts: [UserRecord] = []
            for _ in 0..<5 { accounts.append(try await Contract.register(store).user) }
            let ordered = accounts.sorted { Base64URL.encode($0.handle) < Base64URL.encode($1.handle) }
            let first = try await store.users(after: nil, limit: 2)
            #expect(first == Array(ordered[0..<2]))
            let cursor = try #require(first.last).handle
            #expect(try await store.users(after: Base64URL.encode(cursor), limit: 2) == Array(ordered[2..<4]))
            #expect(try await store.users(after: Base64URL.encode(ordered[3].handle), limit: 2) == [ordered[4]])
            #expect(try await store.users(after: Base64URL.encode(ordered[4].handle), limit: 2).isEmpty)
        }
    }

    @Test("sessions(userHandle:now:) lists the account's sessions not expired at `now`, newest first, no other account's", arguments: Backend.all)
    func sessions(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let other = try await Contract.register(store)
            var stored: [SessionRecord] = []
            for (index, expiresAt) in [Contract.far, Contract.now + 5, Contract.far].enumerated() {
                let session = SessionRecord(
                    tokenHash: Contract.unique("token"), userHandle: account.handle, credentialID: account.credential.id, expiresAt: expiresAt,
                    startedAt: Contract.now + 10 + Int64(index), authenticationMethods: ["hwk"])
                #expect(
                    try await store.recordSignIn(
                        credentialID: account.credential.id, signCount: UInt32(index + 2), backupState: false, uvInitialized: false,
                        at: Contract.now, session: session))
                stored.append(session)
            }
            let listed = try await store.sessions(userHandle: account.handle, now: Contract.now + 5)
            #expect(listed == [stored[2], stored[0], account.session], "the expired one left out; newest started first")
            #expect(try await store.sessions(userHandle: other.handle, now: Contract.now) == [other.session])
            #expect(try await store.sessions(userHandle: Contract.handle(), now: Contract.now).isEmpty)
        }
    }

    @Test(
        "auditEntries reads the entries of the account (or all) in [from, until), older than `before`, newest first, at most `limit`",
        arguments: Backend.all)
    func auditEntries(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (ada, bob) = (try await Contract.register(store), try await Contract.register(store))
            let entries = [100, 200, 300, 400].map { Self.entry(time: $0, user: $0 == 200 ? bob.handle : ada.handle) }
            try await Self.write([entries[0]], ada, store)
            try await Self.write([entries[1]], bob, store)
            try await Self.write([entries[2], entries[3]], ada, store)

            let all = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 10))
            #expect(all.map(Self.unsequenced) == entries.reversed(), "newest first, as written")
            let adas = AuditQuery(userID: Base64URL.encode(ada.handle), from: 100, until: 400, before: nil, limit: 10)
            #expect(try await store.auditEntries(adas).map(\.time) == [300, 100], "the account's, `until` exclusive, `from` inclusive")
            var page = adas
            page.limit = 1
            let newest = try await store.auditEntries(page)
            #expect(newest.map(\.time) == [300])
            page.before = try #require(newest.first?.seq)
            #expect(try await store.auditEntries(page).map(\.time) == [100], "the next page: older than the last one read")
        }
    }

    @Test("pruneAudit(before:) removes the entries older than the time and returns how many", arguments: Backend.all)
    func pruneAudit(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            try await Self.write([100, 200, 300].map { Self.entry(time: $0, user: account.handle) }, account, store)
            #expect(try await store.pruneAudit(before: 300) == 2)
            #expect(try await store.pruneAudit(before: 300) == 0)
            let left = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 10))
            #expect(left.map(\.time) == [300])
        }
    }
}
