import Foundation
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The events of a change are written in its own transaction, and on PostgreSQL the one-statement sign-up
/// and sign-in stay one statement (the outbox is one more `WITH` query), counted by `statementsExecuted`, the counter
/// behind `passkeys_sql_statements_total` (SignInStatementsTests holds whole ceremonies to their budget). SQLite adds
/// one INSERT inside the same transaction, so no fsync more.
@Suite("Event outbox: written with the change, no statement more on PostgreSQL")
struct OutboxStatementsTests {
    static func events(_ endpoint: String, _ labels: [String], user: [UInt8]) -> ChangeRecord {
        ChangeRecord(endpoints: [endpoint]) { _ in labels.map { OutboxTests.event($0, user: Base64URL.encode(user)) } }
    }

    @Test("a sign-up and a sign-in write their events in their own statements' count; a refused one writes none", arguments: Backend.all)
    func statements(_ backend: Backend) async throws {
        try await OutboxTests.withStore(backend) { store in
            let endpoint = "http://127.0.0.1:9/\(UUID().uuidString)"
            let run = UUID().uuidString.prefix(8)
            let (user, credential, session) = PostgresStoreTests.registration(
                "events-\(run)", credential: Array("events-\(run)".utf8), token: "events-\(run)")

            let before = store.statementsExecuted
            #expect(
                try await store.finishRegistration(
                    newUser: user, credential: credential, session: session, requiredSession: nil, endsRequiredSession: false, recoveryCodeHashes: [],
                    now: 1, events: Self.events(endpoint, ["user.created", "passkey.created", "session.created"], user: user.handle)) == .registered)
            let registration = store.statementsExecuted - before
            // PostgreSQL: the one statement; SQLite: BEGIN, user, credential, session, events, COMMIT (no recovery codes here).
            #expect(registration == (backend == .postgres ? 1 : 6), "registration ran \(registration)")

            let signInStart = store.statementsExecuted
            let signInSession = SessionRecord(
                tokenHash: "events-in-\(run)", userHandle: user.handle, credentialID: credential.id, expiresAt: PostgresStoreTests.farFuture)
            #expect(
                try await store.recordSignIn(
                    credentialID: credential.id, signCount: 1, backupState: false, uvInitialized: true, at: 2, session: signInSession,
                    events: Self.events(endpoint, ["signed-in"], user: user.handle)))
            let signIn = store.statementsExecuted - signInStart
            #expect(signIn == (backend == .postgres ? 1 : 5), "sign-in ran \(signIn)")

            // A sign-in that loses (its counter is not above the stored one) stores no session and no event.
            #expect(
                try await !store.recordSignIn(
                    credentialID: credential.id, signCount: 1, backupState: false, uvInitialized: true, at: 3,
                    session: SessionRecord(tokenHash: "lost-\(run)", userHandle: user.handle, credentialID: credential.id, expiresAt: 5),
                    events: Self.events(endpoint, ["lost"], user: user.handle)))
            // A name that is taken: no account, no event.
            let (_, otherCredential, otherSession) = PostgresStoreTests.registration(
                "events-\(run)", credential: Array("other-\(run)".utf8), token: "other-\(run)")
            let taken = UserRecord(handle: otherCredential.userHandle, username: user.username, displayName: "x", createdAt: 1)
            #expect(
                try await store.finishRegistration(
                    newUser: taken, credential: otherCredential, session: otherSession, requiredSession: nil, endsRequiredSession: false,
                    recoveryCodeHashes: [], now: 1, events: Self.events(endpoint, ["taken"], user: taken.handle)) == .usernameTaken)

            // What was written, in order: one user's queue, read by delivering each head in turn.
            var labels: [String] = []
            while let head = try await store.deliverableEvents(endpoint: endpoint, now: OutboxTests.far, limit: 16).first {
                labels.append(contentsOf: OutboxTests.labels([head]))
                try await store.recordDelivered(head, endpoint: endpoint)
            }
            #expect(labels == ["user.created", "passkey.created", "session.created", "signed-in"])
        }
    }

    @Test("without webhooks a change runs no statement for events", arguments: Backend.all)
    func noWebhooksNoStatement(_ backend: Backend) async throws {
        try await OutboxTests.withStore(backend) { store in
            let run = UUID().uuidString.prefix(8)
            let (user, credential, session) = PostgresStoreTests.registration(
                "quiet-\(run)", credential: Array("quiet-\(run)".utf8), token: "quiet-\(run)")
            let before = store.statementsExecuted
            _ = try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
            #expect(store.statementsExecuted - before == (backend == .postgres ? 1 : 5))
        }
    }
}
