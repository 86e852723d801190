import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `Store` (Sources/PasskeyStore/Store.swift) as its doc comments state it, on SQLite and PostgreSQL: accounts and
/// passkeys here, sessions, sign-ins and recovery in `StoreContractTests+Sessions.swift`. Each test opens a database
/// of its own.
@Suite("Store contract: accounts, passkeys, sessions and recovery", .serialized)
struct StoreContractTests {
    /// The requirements of `Store`, each with a test below or in the extension (checked by ``StoreContractCoverageTests``).
    static let requirements = [
        "user(handle:)", "user(username:)", "credential(id:)", "credentials(userHandle:)", "renameCredential(id:userHandle:name:events:)",
        "finishRegistration(newUser:credential:session:requiredSession:endsRequiredSession:recoveryCodeHashes:now:events:)",
        "deleteCredential(id:userHandle:keepingSession:events:)", "deleteAccount(userHandle:events:)", "ceremonies",
        "userWithCredentials(username:)", "credentialWithOwner(id:)",
        "recordSignIn(credentialID:signCount:backupState:uvInitialized:at:session:events:)", "session(tokenHash:now:)",
        "deleteSession(tokenHash:events:)", "deleteSessions(userHandle:except:events:)",
        "recordReverification(credentialID:signCount:backupState:uvInitialized:userVerified:at:tokenHash:events:)",
        "replaceRecoveryCodes(userHandle:hashes:events:)", "recoveryCodeCount(userHandle:)", "recoveryCodeOwner(username:codeHash:)",
        "useRecoveryCode(userHandle:hash:session:events:)", "purgeExpired(now:)", "checkReadiness()", "raiseMetadataSerial(publisher:to:)",
    ]

    @Test("user(handle:) reads the account by its handle, and nil for a handle no account has", arguments: Backend.all)
    func userByHandle(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            #expect(try await store.user(handle: account.handle) == account.user)
            #expect(try await store.user(handle: Contract.handle()) == nil)
        }
    }

    @Test("user(username:) reads the account by its name, and nil for a name no account has", arguments: Backend.all)
    func userByName(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            #expect(try await store.user(username: account.user.username) == account.user)
            #expect(try await store.user(username: Contract.unique("nobody")) == nil)
        }
    }

    @Test("credential(id:) reads the passkey as it was registered, and nil for an unknown ID", arguments: Backend.all)
    func credentialByID(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            #expect(try await store.credential(id: account.credential.id) == account.credential)
            #expect(try await store.credential(id: SecureRandom.bytes(16)) == nil)
        }
    }

    @Test("credentials(userHandle:) lists the account's own passkeys only, none for an unknown handle", arguments: Backend.all)
    func credentialsOfAccount(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (second, _) = try await Contract.addPasskey(store, to: account)
            let other = try await Contract.register(store)
            let listed = try await store.credentials(userHandle: account.handle)
            #expect(Set(listed.map(\.id)) == [account.credential.id, second.id])
            #expect(try await store.credentials(userHandle: other.handle) == [other.credential])
            #expect(try await store.credentials(userHandle: Contract.handle()).isEmpty)
        }
    }

    @Test("renameCredential renames the account's own passkey; false, nothing renamed, for another account or an unknown ID", arguments: Backend.all)
    func renameCredential(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let other = try await Contract.register(store)
            #expect(try await store.renameCredential(id: account.credential.id, userHandle: account.handle, name: "Laptop"))
            #expect(try await store.credential(id: account.credential.id)?.name == "Laptop")
            #expect(try await !store.renameCredential(id: account.credential.id, userHandle: other.handle, name: "Stolen"))
            #expect(try await store.credential(id: account.credential.id)?.name == "Laptop", "another account cannot rename it")
            #expect(try await !store.renameCredential(id: SecureRandom.bytes(16), userHandle: account.handle, name: "Ghost"))
        }
    }

    @Test(
        "finishRegistration stores account, passkey, session and codes together; refuses a taken name or ID, a gone account or an ended session, writing nothing",
        arguments: Backend.all)
    func finishRegistration(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["code-1", "code-2"])
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == account.session)
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 2)

            // A new account under a taken name: nothing of it is kept.
            let handle = Contract.handle()
            let rival = UserRecord(handle: handle, username: account.user.username, displayName: "Rival", createdAt: 1)
            let rivalSession = Contract.session(for: handle, credential: nil)
            let taken = try await store.finishRegistration(
                newUser: rival, credential: Contract.credential(for: handle), session: rivalSession, requiredSession: nil, now: Contract.now)
            #expect(taken == .usernameTaken)
            #expect(try await store.user(handle: handle) == nil)
            #expect(try await store.session(tokenHash: rivalSession.tokenHash, now: Contract.now) == nil)

            // A credential ID registered already (§7.1 step 26), for a new account or the same one.
            let fresh = UserRecord(handle: handle, username: Contract.unique("fresh"), displayName: "Fresh", createdAt: 1)
            let duplicate = Contract.credential(account.credential.id, for: handle)
            let exists = try await store.finishRegistration(
                newUser: fresh, credential: duplicate, session: rivalSession, requiredSession: nil, now: Contract.now)
            #expect(exists == .credentialExists)
            #expect(try await store.user(handle: handle) == nil, "the refused account is not kept")
            #expect(try await store.credential(id: account.credential.id)?.userHandle == account.handle)

            // Joining an account: it must exist, and so must the session that began the ceremony, at `now`.
            let orphan = Contract.credential(for: handle)
            #expect(
                try await store.finishRegistration(
                    newUser: nil, credential: orphan, session: rivalSession, requiredSession: nil, now: Contract.now) == .accountGone)
            let joining = Contract.credential(for: account.handle)
            let joinSession = Contract.session(for: account.handle, credential: joining.id)
            #expect(
                try await store.finishRegistration(
                    newUser: nil, credential: joining, session: joinSession, requiredSession: Contract.unique("ended"), now: Contract.now)
                    == .sessionEnded)
            #expect(
                try await store.finishRegistration(
                    newUser: nil, credential: joining, session: joinSession, requiredSession: account.session.tokenHash, now: Contract.far)
                    == .sessionEnded, "a session expired at `now` has ended")
            #expect(try await store.credential(id: joining.id) == nil)
            #expect(
                try await store.finishRegistration(
                    newUser: nil, credential: joining, session: joinSession, requiredSession: account.session.tokenHash, now: Contract.now)
                    == .registered)
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) != nil, "an ordinary session goes on")

            // A recovery session adds one passkey: it ends in the same transaction.
            let recovery = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(try await store.useRecoveryCode(userHandle: account.handle, hash: "code-1", session: recovery))
            let recovered = Contract.credential(for: account.handle)
            let outcome = try await store.finishRegistration(
                newUser: nil, credential: recovered, session: Contract.session(for: account.handle, credential: recovered.id),
                requiredSession: recovery.tokenHash, endsRequiredSession: true, recoveryCodeHashes: [], now: Contract.now)
            #expect(outcome == .registered)
            #expect(try await store.session(tokenHash: recovery.tokenHash, now: Contract.now) == nil, "the recovery session ended")
        }
    }

    @Test(
        "deleteCredential removes only the account's own passkey and ends its sessions but the given one; refuses the last passkey and another account's",
        arguments: Backend.all)
    func deleteCredential(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (second, secondSession) = try await Contract.addPasskey(store, to: account)
            let other = try await Contract.register(store)
            let endpoint = Contract.unique("http://127.0.0.1:9/ended")
            // A second session started by the passkey, and the one that asks, which is kept.
            let extra = Contract.session(for: account.handle, credential: second.id)
            #expect(
                try await store.recordSignIn(
                    credentialID: second.id, signCount: 2, backupState: false, uvInitialized: false, at: Contract.now, session: extra))

            #expect(try await store.deleteCredential(id: second.id, userHandle: other.handle, keepingSession: nil) == .notFound)
            #expect(try await store.deleteCredential(id: SecureRandom.bytes(16), userHandle: account.handle, keepingSession: nil) == .notFound)
            #expect(try await store.credential(id: second.id) != nil, "another account cannot remove it")
            #expect(
                try await store.deleteCredential(
                    id: second.id, userHandle: account.handle, keepingSession: secondSession.tokenHash,
                    events: Contract.recordingEndedSessions(endpoint)) == .deleted)
            #expect(try await store.credential(id: second.id) == nil)
            #expect(try await store.session(tokenHash: extra.tokenHash, now: Contract.now) == nil, "its other session ended")
            #expect(try await store.session(tokenHash: secondSession.tokenHash, now: Contract.now) != nil, "the asking session is kept")
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) != nil, "another passkey's session stays")
            #expect(try await Contract.endedSessions(store, endpoint: endpoint) == [[extra.tokenHash]])

            #expect(
                try await store.deleteCredential(id: account.credential.id, userHandle: account.handle, keepingSession: nil) == .lastCredential)
            #expect(try await store.credential(id: account.credential.id) != nil, "the last passkey stays")
            #expect(try await store.credential(id: other.credential.id) != nil)
        }
    }

    @Test(
        "deleteAccount removes the account with its passkeys, sessions and pending ceremonies, no other; false when there is none",
        arguments: Backend.all)
    func deleteAccount(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["code"])
            let (second, secondSession) = try await Contract.addPasskey(store, to: account)
            let other = try await Contract.register(store)
            let pending = Contract.ceremony(kind: .registration, user: account.handle)
            let othersPending = Contract.ceremony(kind: .registration, user: other.handle)
            try await store.ceremonies.insert(pending, now: Contract.now)
            try await store.ceremonies.insert(othersPending, now: Contract.now)

            #expect(try await store.deleteAccount(userHandle: account.handle))
            #expect(try await store.user(handle: account.handle) == nil)
            #expect(try await store.credential(id: account.credential.id) == nil)
            #expect(try await store.credential(id: second.id) == nil)
            #expect(try await store.session(tokenHash: account.session.tokenHash, now: Contract.now) == nil)
            #expect(try await store.session(tokenHash: secondSession.tokenHash, now: Contract.now) == nil)
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 0)
            #expect(try await store.ceremonies.take(challenge: pending.challenge, kind: .registration, now: Contract.now) == nil)
            #expect(try await !store.deleteAccount(userHandle: account.handle), "gone already")
            #expect(try await !store.deleteAccount(userHandle: Contract.handle()))

            #expect(try await store.user(handle: other.handle) == other.user)
            #expect(try await store.session(tokenHash: other.session.tokenHash, now: Contract.now) != nil)
            #expect(try await store.ceremonies.take(challenge: othersPending.challenge, kind: .registration, now: Contract.now) == othersPending)
        }
    }

    @Test("ceremonies keeps a begun ceremony for its finish, whichever instance on the database finishes it", arguments: Backend.all)
    func ceremonies(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, location) async throws in
            let begun = Contract.ceremony()
            try await store.ceremonies.insert(begun, now: Contract.now)
            if backend == .postgres {
                // Several instances share the database: a ceremony begun on one finishes on another.
                try await Contract.withInstance(location) { (other) async throws in
                    #expect(try await other.ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now) == begun)
                }
            } else {
                #expect(try await store.ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now) == begun)
            }
            #expect(try await store.ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now) == nil)
        }
    }

    @Test("userWithCredentials(username:) reads an account with all its passkeys in one step; nil for a name without one", arguments: Backend.all)
    func userWithCredentials(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let (second, _) = try await Contract.addPasskey(store, to: account)
            _ = try await Contract.register(store)
            let found = try #require(try await store.userWithCredentials(username: account.user.username))
            #expect(found.0 == account.user)
            #expect(Set(found.1.map(\.id)) == [account.credential.id, second.id])
            #expect(found.1.first { $0.id == second.id } == second)
            #expect(try await store.userWithCredentials(username: Contract.unique("nobody")) == nil)
        }
    }

    @Test("credentialWithOwner(id:) reads a passkey with the account that owns it; nil for an unknown ID", arguments: Backend.all)
    func credentialWithOwner(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            _ = try await Contract.register(store)
            let found = try #require(try await store.credentialWithOwner(id: account.credential.id))
            #expect(found.0 == account.credential && found.1 == account.user)
            #expect(try await store.credentialWithOwner(id: SecureRandom.bytes(16)) == nil)
        }
    }
}
