import Foundation
import Logging
import PasskeyCore
import PasskeyServer
import Testing

/// A change's audit entry names the origin its caller passed, and nothing else decides it: no value set beside the
/// call (a task-local, a middleware) reaches the write.
@Suite("Where a change came from travels with the call")
struct ChangeOriginTests {
    @Test("each change's entry names the actor and address it was called with; outside a request, the user and no address", arguments: Backend.all)
    func entriesNameTheOrigin(_ backend: Backend) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .warning
        let configuration = TestServer.configuration(backend.location())
        let store = try await configuration.database.openStore(logger: logger)
        do {
            try await Self.changes(RelyingParty(configuration: configuration.relyingParty, store: store), store)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    static func changes(_ relyingParty: RelyingParty, _ store: any DatabaseStore) async throws {
        let username = uniqueName()

        // A sign-up from a client's address: the user acts.
        var phone = TestBrowser(origin: TestServer.origin)
        let options = try await relyingParty.beginRegistration(
            JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes(), session: nil)
        let fromPhone = ChangeOrigin(actor: nil, clientAddress: "198.51.100.7")
        let token = try await relyingParty.finishRegistration(try phone.create(options), origin: fromPhone).sessionToken

        // Its sign-out, as an operator acting from another address: the operator acts.
        let support = AuditActor(kind: .operator, name: "support desk")
        try await relyingParty.signOut(token: token, origin: ChangeOrigin(actor: support, clientAddress: "203.0.113.9"))

        // A sign-in made outside any request (as `passkeys credentials` makes one): the user, and no address.
        let signIn = try await relyingParty.beginAuthentication(
            JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes())
        _ = try await relyingParty.finishAuthentication(try phone.get(signIn), origin: .outsideRequest)

        let user = try #require(try await store.user(username: username))
        let entries = try await store.auditEntries(
            AuditQuery(userID: Base64URL.encode(user.handle), from: 0, until: Int64.max, before: nil, limit: 10))
        let byAction = Dictionary(entries.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })
        let created = try #require(byAction["user.created"], "\(entries.map(\.action))")
        #expect(created.actor == .user(username) && created.clientAddress == "198.51.100.7")
        let revoked = try #require(byAction["session.revoked"], "\(entries.map(\.action))")
        #expect(revoked.actor == support && revoked.clientAddress == "203.0.113.9")
        let started = try #require(byAction["session.created"], "\(entries.map(\.action))")
        #expect(started.actor == .user(username) && started.clientAddress == nil)
    }
}
