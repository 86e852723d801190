import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `Store`'s sign-ins, sessions, recovery codes and upkeep.
extension StoreContractTests {
    @Test(
        "recordSignIn moves the counter only upward (zero may stay zero), updates backup state and last use, never unsets uvInitialized, stores the session",
        arguments: Backend.all)
    func recordSignIn(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let id = account.credential.id
            let first = Contract.session(for: account.handle, credential: id)
            #expect(
                try await store.recordSignIn(
                    credentialID: id, signCount: 5, backupState: true, uvInitialized: true, at: Contract.now + 1, session: first))
            let updated = try #require(try await store.credential(id: id))
            #expect(updated.signCount == 5 && updated.backupState && updated.lastUsedAt == Contract.now + 1 && updated.uvInitialized)
            #expect(try await store.session(tokenHash: first.tokenHash, now: Contract.now) == first)

            // The same counter again, or a lower one: lost, no session, nothing changed.
            for count: UInt32 in [5, 3] {
                let refused = Contract.session(for: account.handle, credential: id)
                #expect(
                    try await !store.recordSignIn(
                        credentialID: id, signCount: count, backupState: false, uvInitialized: false, at: Contract.now + 2, session: refused))
                #expect(try await store.session(tokenHash: refused.tokenHash, now: Contract.now) == nil)
            }
            #expect(try await store.credential(id: id) == updated)

            // A higher counter without UV: uvInitialized stays true.
            let later = Contract.session(for: account.handle, credential: id)
            #expect(
                try await store.recordSignIn(
                    credentialID: id, signCount: 6, backupState: false, uvInitialized: false, at: Contract.now + 3, session: later))
            let after = try #require(try await store.credential(id: id))
            #expect(after.signCount == 6 && !after.backupState && after.uvInitialized, "uvInitialized never turns back")

            // An authenticator that keeps no counter: zero stays zero, sign-in after sign-in.
            let counterless = Contract.credential(for: account.handle, signCount: 0)
            #expect(
                try await store.finishRegistration(
                    newUser: nil, credential: counterless, session: Contract.session(for: account.handle, credential: counterless.id),
                    requiredSession: nil, now: Contract.now) == .registered)
            for step in Int64(1)...2 {
                #expect(
                    try await store.recordSignIn(
                        credentialID: counterless.id, signCount: 0, backupState: false, uvInitialized: false, at: Contract.now + step,
                        session: Contract.session(for: account.handle, credential: counterless.id)))
            }

            // A passkey removed meanwhile: lost, no session.
            #expect(try await store.deleteCredential(id: counterless.id, userHandle: account.handle, keepingSession: nil) == .deleted)
            let orphan = Contract.session(for: account.handle, credential: counterless.id)
            #expect(
                try await !store.recordSignIn(
                    credentialID: counterless.id, signCount: 9, backupState: false, uvInitialized: false, at: Contract.now, session: orphan))
            #expect(try await store.session(tokenHash: orphan.tokenHash, now: Contract.now) == nil)
        }
    }

    @Test(
        "session(tokenHash:now:) reads a session as stored until it expires; nil from its expiry on and for an unknown hash", arguments: Backend.all)
    func sessionByHash(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let stored = SessionRecord(
                tokenHash: Contract.unique("token"), userHandle: account.handle, credentialID: account.credential.id, expiresAt: Contract.now + 100,
                verifiedAt: Contract.now, isRecovery: false, startedAt: Contract.now - 5, authenticationMethods: ["hwk", "user"])
            #expect(
                try await store.recordSignIn(
                    credentialID: account.credential.id, signCount: 2, backupState: false, uvInitialized: true, at: Contract.now, session: stored))
            #expect(try await store.session(tokenHash: stored.tokenHash, now: Contract.now + 99) == stored)
            #expect(try await store.session(tokenHash: stored.tokenHash, now: Contract.now + 100) == nil, "expiresAt is exclusive")
            #expect(try await store.session(tokenHash: Contract.unique("unknown"), now: Contract.now) == nil)
        }
    }

    @Test("deleteSession ends the session, no other; its events are given its token hash only when it was there to end", arguments: Backend.all)
    func deleteSession(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (_, other) = try await Contract.addPasskey(store, to: account)
            let endpoint = Contract.unique("http://127.0.0.1:9/ended")
            try await store.deleteSession(tokenHash: account.session.tokenHash, events: Contract.recordingEndedSessions(endpoint))
            try await store.deleteSession(tokenHash: account.session.tokenHash, events: Contract.recordingEndedSessions(endpoint))
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: other.tokenHash, now: Contract.now) == other)
            #expect(try await Contract.endedSessions(store, endpoint: endpoint) == [[account.session.tokenHash]], "the second found none to end")
        }
    }

    @Test("deleteSessions(userHandle:except:) ends the account's other sessions, keeps the given one and other accounts'", arguments: Backend.all)
    func deleteOtherSessions(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (_, second) = try await Contract.addPasskey(store, to: account)
            let third = Contract.session(for: account.handle, credential: account.credential.id)
            #expect(
                try await store.recordSignIn(
                    credentialID: account.credential.id, signCount: 2, backupState: false, uvInitialized: false, at: Contract.now, session: third))
            let other = try await Contract.register(store)
            let endpoint = Contract.unique("http://127.0.0.1:9/ended")
            try await store.deleteSessions(userHandle: account.handle, except: second.tokenHash, events: Contract.recordingEndedSessions(endpoint))
            #expect(try await store.session(tokenHash: second.tokenHash, now: Contract.now) == second)
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: third.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: other.session.tokenHash, now: Contract.now) == other.session)
            #expect(try await Contract.endedSessions(store, endpoint: endpoint) == [[account.session.tokenHash, third.tokenHash].sorted()])
        }
    }

    @Test(
        "recordReverification updates the counter and marks the session verified; false with nothing changed for a lost counter or an ended session",
        arguments: Backend.all)
    func recordReverification(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (id, token) = (account.credential.id, account.session.tokenHash)
            #expect(
                try await store.recordReverification(
                    credentialID: id, signCount: 4, backupState: true, uvInitialized: true, at: Contract.now + 10, tokenHash: token))
            let credential = try #require(try await store.credential(id: id))
            #expect(credential.signCount == 4 && credential.backupState && credential.lastUsedAt == Contract.now + 10 && credential.uvInitialized)
            #expect(try await store.session(tokenHash: token, now: Contract.now)?.verifiedAt == Contract.now + 10)
            #expect(try await store.session(tokenHash: token, now: Contract.now)?.userVerifiedAt == Contract.now + 10)
            // Without UV (a passkey that cannot verify its user): verified, but the time with UV stays.
            #expect(
                try await store.recordReverification(
                    credentialID: id, signCount: 5, backupState: true, uvInitialized: true, userVerified: false, at: Contract.now + 15,
                    tokenHash: token))
            let afterUVless = try await store.session(tokenHash: token, now: Contract.now)
            #expect(afterUVless?.verifiedAt == Contract.now + 15 && afterUVless?.userVerifiedAt == Contract.now + 10)
            let credentialAfter = try #require(try await store.credential(id: id))

            // A counter that did not move forward: the session is not marked.
            #expect(
                try await !store.recordReverification(
                    credentialID: id, signCount: 5, backupState: false, uvInitialized: false, at: Contract.now + 20, tokenHash: token))
            #expect(try await store.session(tokenHash: token, now: Contract.now)?.verifiedAt == Contract.now + 15)
            #expect(try await store.credential(id: id) == credentialAfter)

            // An ended session: the counter does not move either.
            let (_, other) = try await Contract.addPasskey(store, to: account)
            try await store.deleteSession(tokenHash: token)
            #expect(
                try await !store.recordReverification(
                    credentialID: id, signCount: 9, backupState: false, uvInitialized: false, at: Contract.now + 30, tokenHash: token))
            #expect(try await store.credential(id: id) == credentialAfter, "nothing changed")
            #expect(try await store.session(tokenHash: other.tokenHash, now: Contract.now)?.verifiedAt == nil)
        }
    }

    @Test("replaceRecoveryCodes replaces the account's codes with the new set, no other account's", arguments: Backend.all)
    func replaceRecoveryCodes(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["old-1", "old-2"])
            let other = try await Contract.register(store, recoveryCodes: ["theirs"])
            try await store.replaceRecoveryCodes(userHandle: account.handle, hashes: ["new-1", "new-2", "new-3"])
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 3)
            #expect(try await store.recoveryCodeOwner(username: account.user.username, codeHash: "old-1") == nil, "the old codes are gone")
            #expect(try await store.recoveryCodeOwner(username: account.user.username, codeHash: "new-2") == account.user)
            #expect(try await store.recoveryCodeCount(userHandle: other.handle) == 1)
        }
    }

    @Test("recoveryCodeCount counts the account's unused codes; zero for an account without any", arguments: Backend.all)
    func recoveryCodeCount(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["a", "b", "c"])
            let bare = try await Contract.register(store)
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 3)
            let recovery = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(try await store.useRecoveryCode(userHandle: account.handle, hash: "b", session: recovery))
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 2, "a used code no longer counts")
            #expect(try await store.recoveryCodeCount(userHandle: bare.handle) == 0)
            #expect(try await store.recoveryCodeCount(userHandle: Contract.handle()) == 0)
        }
    }

    @Test("recoveryCodeOwner finds the account only by its name with one of its unused codes", arguments: Backend.all)
    func recoveryCodeOwner(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["mine", "spent"])
            let other = try await Contract.register(store, recoveryCodes: ["theirs"])
            let name = account.user.username
            #expect(try await store.recoveryCodeOwner(username: name, codeHash: "mine") == account.user)
            #expect(try await store.recoveryCodeOwner(username: name, codeHash: "wrong") == nil)
            #expect(try await store.recoveryCodeOwner(username: name, codeHash: "theirs") == nil, "another account's code")
            #expect(try await store.recoveryCodeOwner(username: other.user.username, codeHash: "mine") == nil)
            #expect(try await store.recoveryCodeOwner(username: Contract.unique("nobody"), codeHash: "mine") == nil)
            let recovery = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(try await store.useRecoveryCode(userHandle: account.handle, hash: "spent", session: recovery))
            #expect(try await store.recoveryCodeOwner(username: name, codeHash: "spent") == nil, "a used code")
        }
    }

    @Test(
        "useRecoveryCode removes the code, ends every session of the account and stores the recovery session; false, nothing done, once it is gone",
        arguments: Backend.all)
    func useRecoveryCode(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["code", "spare"])
            let (_, second) = try await Contract.addPasskey(store, to: account)
            let other = try await Contract.register(store, recoveryCodes: ["theirs"])
            let endpoint = Contract.unique("http://127.0.0.1:9/ended")
            let recovery = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(
                try await store.useRecoveryCode(
                    userHandle: account.handle, hash: "code", session: recovery, events: Contract.recordingEndedSessions(endpoint)))
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 1)
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: second.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: recovery.tokenHash, now: Contract.now) == recovery)
            #expect(try await store.session(tokenHash: other.session.tokenHash, now: Contract.now) == other.session)
            #expect(try await Contract.endedSessions(store, endpoint: endpoint) == [[account.session.tokenHash, second.tokenHash].sorted()])

            // Used, or another account's: false, and no session ends or starts.
            let again = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(try await !store.useRecoveryCode(userHandle: account.handle, hash: "code", session: again))
            #expect(try await !store.useRecoveryCode(userHandle: account.handle, hash: "theirs", session: again))
            #expect(try await store.session(tokenHash: again.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: recovery.tokenHash, now: Contract.now) == recovery)
            #expect(try await store.recoveryCodeCount(userHandle: other.handle) == 1)
        }
    }

    @Test("purgeExpired removes the sessions and ceremonies expired at `now`, and keeps the live ones", arguments: Backend.all)
    func purgeExpired(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let short = Contract.session(for: account.handle, credential: account.credential.id, expiresAt: Contract.now + 10)
            #expect(
                try await store.recordSignIn(
                    credentialID: account.credential.id, signCount: 2, backupState: false, uvInitialized: false, at: Contract.now, session: short))
            let (shortCeremony, longCeremony) = (Contract.ceremony(expiresAt: Contract.now + 10), Contract.ceremony())
            try await store.ceremonies.insert(shortCeremony, now: Contract.now)
            try await store.ceremonies.insert(longCeremony, now: Contract.now)
            try await store.purgeExpired(now: Contract.now + 10)
            // Read with an earlier clock: only a removed row is missing then.
            #expect(try await store.session(tokenHash: short.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == account.session)
            #expect(try await store.ceremonies.take(challenge: shortCeremony.challenge, kind: .authentication, now: Contract.now) == nil)
            #expect(try await store.ceremonies.take(challenge: longCeremony.challenge, kind: .authentication, now: Contract.now) == longCeremony)
        }
    }

    @Test("checkReadiness returns when the schema is this build's, and throws StoreUnavailable for another", arguments: Backend.all)
    func checkReadiness(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            try await store.checkReadiness()
            // A newer build migrated the database further.
            try await Contract.execute("INSERT INTO schema_migrations (version) VALUES (\(Schema.migrations.count + 1))", on: store)
            await #expect(throws: StoreUnavailable.self) { try await store.checkReadiness() }
        }
    }

    @Test("raiseMetadataSerial raises a publisher's serial, never lowers it, and returns the highest recorded", arguments: Backend.all)
    func raiseMetadataSerial(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (publisher, other) = (Contract.unique("mds"), Contract.unique("mds"))
            #expect(try await store.raiseMetadataSerial(publisher: publisher, to: 7) == 7)
            #expect(try await store.raiseMetadataSerial(publisher: publisher, to: 9) == 9)
            #expect(try await store.raiseMetadataSerial(publisher: publisher, to: 3) == 9, "a lower serial does not lower it")
            #expect(try await store.raiseMetadataSerial(publisher: other, to: 1) == 1, "each publisher has its own")
        }
    }
}
