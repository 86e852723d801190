import Foundation
import PasskeyCore
import Testing

@testable import PasskeyClient

@Suite("PasskeySignal: what to tell the platform's passkey list, and when")
struct PasskeySignalTests {
    static let user = AccountUser(id: Base64URL.encode([1, 2, 3]), name: "ada", displayName: "Ada Lovelace")

    @Test("a sign-in the server answers unknownCredential names that credential; other failures name none")
    func unknownCredential() {
        let unknown = PasskeyError(
            .server(status: 400, message: "unknown passkey", code: "unknownCredential"), "unknown passkey", credentialID: [9, 9])
        #expect(
            PasskeySignal.afterSignIn(failedWith: unknown, relyingPartyID: "example.com")
                == .unknownCredential(relyingPartyID: "example.com", credentialID: [9, 9]))
        let others = [
            PasskeyError(.server(status: 400, message: "bad signature", code: "signatureInvalid"), "bad signature", credentialID: [9, 9]),
            PasskeyError(.cancelled, "closed"), PasskeyError(.network, "offline"),
            // An older server's unknownCredential names no credential: nothing to signal.
            PasskeyError(.server(status: 400, message: "unknown passkey", code: "unknownCredential"), "unknown passkey"),
            PasskeyError(.server(status: 400, message: "unknown passkey", code: "unknownCredential"), "unknown passkey", credentialID: []),
        ]
        for error in others {
            #expect(PasskeySignal.afterSignIn(failedWith: error, relyingPartyID: "example.com") == nil)
        }
    }

    static func passkey(_ id: String) throws -> PasskeySummary {
        let json = try JSONParser.parseObject(
            Array(
                """
                {"id":"\(id)","name":"iPhone","createdAt":"2026-01-01T00:00:00.000Z","lastUsedAt":null,
                 "aaguid":"00000000-0000-0000-0000-000000000000","authenticatorName":null,"format":"none",
                 "backupEligible":true,"backupState":true,"transports":["internal"]}
                """.utf8), what: "passkey")
        return try PasskeySummary(json: json, in: "passkey")
    }

    @Test("the account's passkey list is the accepted list, by raw credential ID; a malformed ID is left out")
    func accepted() throws {
        let passkeys = [try Self.passkey(Base64URL.encode([7, 7])), try Self.passkey("not base64url!"), try Self.passkey(Base64URL.encode([8]))]
        #expect(
            PasskeySignal.accepted(passkeys, of: Self.user, relyingPartyID: "example.com")
                == .allAcceptedCredentials(relyingPartyID: "example.com", userHandle: [1, 2, 3], credentialIDs: [[7, 7], [8]]))
    }

    @Test("user details carry the raw user handle and both names")
    func details() {
        #expect(
            PasskeySignal.details(of: Self.user, relyingPartyID: "example.com")
                == .currentUserDetails(relyingPartyID: "example.com", userHandle: [1, 2, 3], name: "ada", displayName: "Ada Lovelace"))
    }

    actor Recorder: PasskeySignaling {
        private(set) var signals: [PasskeySignal] = []
        func signal(_ signal: PasskeySignal) { signals.append(signal) }
    }

    /// A coordinator over the software authenticator that records its signals, against a live server.
    static func withDevice(
        _ body: @Sendable (_ device: PasskeyCoordinator, _ recorder: Recorder, _ baseURL: String) async throws -> Void
    ) async throws {
        try await LiveServer.run { baseURL in
            let (provider, _) = LiveServer.softwareProvider()
            let recorder = Recorder()
            try await body(
                PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider, signals: recorder), recorder, baseURL)
        }
    }

    @Test("a sign-in with a passkey whose account was deleted elsewhere signals it as unknown")
    func coordinatorSignalsUnknownCredential() async throws {
        try await Self.withDevice { device, recorder, baseURL in
            let registered = try await device.register(username: "signal")
            // Another device deletes the account; this one still holds the passkey.
            let (otherProvider, _) = LiveServer.softwareProvider()
            let other = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: otherProvider, session: registered.session)
            try await other.deleteAccount()

            await #expect(throws: PasskeyError.self) { try await device.signIn() }
            let signals = await recorder.signals
            guard case .unknownCredential(_, let credentialID)? = signals.first, signals.count == 1 else {
                Issue.record("expected one unknownCredential signal, found \(signals)")
                return
            }
            #expect(Base64URL.encode(credentialID) == registered.credential.id)
        }
    }

    @Test("signing in signals the account's names; reading the passkey list signals it as the accepted list")
    func coordinatorSignalsAccount() async throws {
        try await Self.withDevice { device, recorder, baseURL in
            let registered = try await device.register(username: "ada", displayName: "Ada Lovelace")
            let signedIn = try await device.signIn()
            _ = try await device.passkeys()
            let credentialID = try Base64URL.decode(registered.credential.id)
            let signals = await recorder.signals
            guard signals.count == 2, case .currentUserDetails(let relyingPartyID, let handle, "ada", "Ada Lovelace") = signals[0] else {
                Issue.record("expected user details then the accepted list, found \(signals)")
                return
            }
            #expect(handle == signedIn.user.handle)
            #expect(signals[1] == .allAcceptedCredentials(relyingPartyID: relyingPartyID, userHandle: handle, credentialIDs: [credentialID]))

            // A second passkey, made on another device, then its removal here: the list without it is signalled as
            // the accepted list.
            let (otherProvider, _) = LiveServer.softwareProvider()
            let other = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: otherProvider, session: signedIn.session)
            let second = try await other.register(username: "ada")
            try await device.remove(second.credential.id)
            #expect(
                await recorder.signals.last
                    == .allAcceptedCredentials(relyingPartyID: relyingPartyID, userHandle: handle, credentialIDs: [credentialID]))
            try await device.signOut()
        }
    }
}
