import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// Step-up: a session alone (a stolen cookie or token) cannot add or remove passkeys, end other sessions,
/// delete the account or manage recovery codes; a passkey verification within the reverification window can.
@Suite("Attack: a stolen session takes sensitive actions")
struct StepUpTests {
    /// Past the default five-minute window.
    static let stale: TimeInterval = 301

    /// A registered account whose session is older than the window: what a thief who copied the cookie holds.
    static func staleAccount(
        _ client: any TestClientProtocol, clock: TestClock, browser: inout TestBrowser
    ) async throws -> (username: String, session: String) {
        let username = uniqueName()
        let session = try await client.register(username, browser: &browser)
        clock.advance(stale)
        return (username, session)
    }

    @Test("each gate refuses a session alone with 403 reverificationRequired, and allows it after a step-up", arguments: Backend.all)
    func gates(_ backend: Backend) async throws {
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(backend.location(), clock: clock)) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var thief = TestBrowser(origin: TestServer.origin)
            let (username, stolen) = try await Self.staleAccount(client, clock: clock, browser: &phone)
            let other = try #require(try await client.signIn(username, browser: &phone).object["session"]?.stringValue)
            clock.advance(Self.stale)
            let phoneID = Base64URL.encode(phone.credentials[0].id)

            // The attacks, each with the session alone.
            let addOwnPasskey = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: stolen)
            let removePasskey = try await client.call(.delete, "/credentials/\(phoneID)", session: stolen)
            let endOthers = try await client.call(.delete, "/sessions", session: stolen)
            let newCodes = try await client.call(.post, "/recovery-codes", json: JSONObject(), session: stolen)
            let deleteAccount = try await client.call(.delete, "/account", session: stolen)
            for (what, answer) in [
                ("add a passkey", addOwnPasskey), ("remove a passkey", removePasskey), ("end other sessions", endOthers),
                ("regenerate recovery codes", newCodes), ("delete the account", deleteAccount),
            ] {
                #expect(answer.status == .forbidden && answer.code == "reverificationRequired", "\(what): \(answer.status) \(answer.object)")
            }
            #expect(try await client.call(.get, "/session", session: other).ok, "nothing was ended")
            #expect(try await client.call(.get, "/credentials", session: stolen).object["credentials"]?.arrayValue?.count == 1)

            // The owner verifies with the passkey: the same session may now do each.
            let verified = try await client.stepUp(stolen, browser: &phone)
            #expect(verified.ok, "\(verified.object)")
            #expect(verified.object["verifiedAt"]?.stringValue != nil && verified.object["verifiedUntil"]?.stringValue != nil)
            _ = try await client.register(username, browser: &thief, session: stolen)
            #expect(try await client.call(.get, "/credentials", session: stolen).object["credentials"]?.arrayValue?.count == 2, "a passkey was added")
            let codes = try await client.call(.post, "/recovery-codes", json: JSONObject(), session: stolen)
            #expect(codes.ok && codes.object["recoveryCodes"]?.arrayValue?.count == 10)
            #expect(try await client.call(.delete, "/credentials/\(Base64URL.encode(thief.credentials[0].id))", session: stolen).ok)
            #expect(try await client.call(.delete, "/sessions", session: stolen).ok)
            #expect(try await client.call(.get, "/session", session: other).status == .unauthorized)
            #expect(try await client.call(.delete, "/account", session: stolen).ok)
        }
    }

    @Test(
        "a verification lasts the window: a step-up or a fresh user-verified sign-in counts, an older one or one without UV does not",
        arguments: Backend.all)
    func window(_ backend: Backend) async throws {
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(backend.location(), clock: clock)) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            let (username, session) = try await Self.staleAccount(client, clock: clock, browser: &phone)
            #expect(try await client.stepUp(session, browser: &phone).ok)
            clock.advance(299)
            #expect(try await client.call(.post, "/recovery-codes", json: JSONObject(), session: session).ok, "within the window")
            clock.advance(2)
            #expect(try await client.call(.post, "/recovery-codes", json: JSONObject(), session: session).code == "reverificationRequired", "past it")

            let fresh = try #require(try await client.signIn(username, browser: &phone).object["session"]?.stringValue)
            #expect(try await client.call(.post, "/recovery-codes", json: JSONObject(), session: fresh).ok, "a fresh sign-in counts")

            // A sign-in without user verification (allowed by the default preferred policy) proves only possession.
            let options = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let unverified = try await client.call(.post, "/assertion/result", bytes: try phone.get(options.object, userVerified: false))
            let weak = try #require(unverified.object["session"]?.stringValue)
            #expect(try await client.call(.post, "/recovery-codes", json: JSONObject(), session: weak).code == "reverificationRequired")
        }
    }

    @Test("a step-up needs user verification, the session's own account and its own ceremony", arguments: Backend.all)
    func stepUpCeremony(_ backend: Backend) async throws {
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(backend.location(), clock: clock)) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var mallory = TestBrowser(origin: TestServer.origin)
            let (username, session) = try await Self.staleAccount(client, clock: clock, browser: &phone)
            let malloryName = uniqueName("mallory")
            let mallorySession = try await client.register(malloryName, browser: &mallory)

            // The options: this account's passkeys only, user verification required.
            let options = try await client.call(.post, "/session/verify/options", json: JSONObject(), session: session)
            #expect(options.object["userVerification"] == .string("required"))
            #expect(
                options.object["allowCredentials"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [
                    Base64URL.encode(phone.credentials[0].id)
                ])
            // A passkey held without the user's PIN or biometric (UV=0) does not verify the user.
            let noUV = try await client.call(
                .post, "/session/verify/result", bytes: try phone.get(options.object, userVerified: false), session: session)
            #expect(noUV.status == .badRequest && noUV.code == "userNotVerified", "\(noUV.object)")

            // Another account's passkey, answering this session's step-up: not this user's credential.
            let second = try await client.call(.post, "/session/verify/options", json: JSONObject(), session: session)
            let foreign = try await client.call(
                .post, "/session/verify/result", bytes: try mallory.get(second.object, credentialIndex: 0), session: session)
            #expect(foreign.code == "unknownCredential")
            // A step-up begun for Mallory's session, finished on the victim's session.
            let mallorysOwn = try await client.call(.post, "/session/verify/options", json: JSONObject(), session: mallorySession)
            let crossed = try await client.call(.post, "/session/verify/result", bytes: try mallory.get(mallorysOwn.object), session: session)
            #expect(crossed.code == "ceremonyUserMismatch")
            // An ordinary sign-in's response (it would start a session elsewhere) does not verify a session.
            let signIn = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let plain = try await client.call(.post, "/session/verify/result", bytes: try phone.get(signIn.object), session: session)
            #expect(plain.code == "ceremonyUserMismatch")
            // A step-up's response posted to the sign-in finish starts no session (the ceremony stays bound to its
            // user in either store).
            let bound = try await client.call(.post, "/session/verify/options", json: JSONObject(), session: session)
            let asSignIn = try await client.call(.post, "/assertion/result", bytes: try phone.get(bound.object))
            #expect(asSignIn.code == "ceremonyUserMismatch" && asSignIn.object["session"] == nil, "\(asSignIn.object)")
            // None of it verified the victim's session.
            #expect(try await client.call(.delete, "/sessions", session: session).code == "reverificationRequired")
            // Without a session there is nobody to verify.
            #expect(try await client.call(.post, "/session/verify/options", json: JSONObject()).status == .unauthorized)
        }
    }
}

extension TestClientProtocol {
    /// A step-up on `session` with `browser`'s passkey.
    func stepUp(_ session: String, browser: inout TestBrowser, userVerified: Bool = true) async throws -> JSONResponse {
        let options = try await call(.post, "/session/verify/options", json: JSONObject(), session: session)
        #expect(options.ok, "\(options.object)")
        return try await call(.post, "/session/verify/result", bytes: try browser.get(options.object, userVerified: userVerified), session: session)
    }
}
