import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyHummingbird
import PasskeyRouteTesting
import Synchronization
import Testing

/// Storing what a ceremony produced and starting its session can be one step
/// (`completeRegistration`, `completeSignIn`), and a hook that stores a registration for the wrong account never gets
/// a session handed out.
@Suite("Example app, hooks: completions and the account check")
struct HookContractTests {
    /// A user of the minimal app below.
    struct Member: PasskeyUser, Equatable {
        let passkeyUserHandle: [UInt8]
        let passkeyUserName: String
        var passkeyDisplayName: String { passkeyUserName }
    }

    /// Accounts in memory.
    final class Members: PasskeyAccounts {
        let state = Mutex<(users: [Member], credentials: [CredentialRecord])>(([], []))
        func user(named name: String) async throws -> Member? {
            state.withLock { $0.users.first { UsernameKey($0.passkeyUserName) == UsernameKey(name) } }
        }
        func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
            state.withLock { $0.credentials.filter { $0.userHandle == userHandle } }
        }
        func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: Member)? {
            state.withLock { state in
                guard let record = state.credentials.first(where: { $0.id == id }),
                    let user = state.users.first(where: { $0.passkeyUserHandle == record.userHandle })
                else { return nil }
                return (record, user)
            }
        }
    }

    /// The hooks the routes called, in order.
    final class CallLog: Sendable {
        private let names = Mutex<[String]>([])
        func add(_ name: String) { names.withLock { $0.append(name) } }
        func clear() { names.withLock { $0.removeAll() } }
        var all: [String] { names.withLock { $0 } }
    }

    /// Hooks that count what the routes call. `wrongUser` makes `storeRegistration` return another account than the
    /// one it stored (the bug the account check catches); `completes` implements the two completions itself.
    struct CountingHooks: PasskeyHooks {
        typealias Context = BasicRequestContext
        let members: Members
        let calls = CallLog()
        let wrongUser: Bool
        let completes: Bool

        func signedInUser(_ request: Request, context: Context) async throws -> SignedInUser<Member>? { nil }

        func storeRegistration(_ registration: PasskeyRegistration, request: Request, context: Context) async throws -> Member {
            calls.add("storeRegistration")
            guard case .new(let new) = registration.account else { throw RelyingPartyError.notSignedIn }
            let member = Member(passkeyUserHandle: new.passkeyUserHandle, passkeyUserName: new.passkeyUserName)
            members.state.withLock {
                $0.users.append(member)
                $0.credentials.append(registration.credential)
            }
            return wrongUser ? Member(passkeyUserHandle: [0xEE], passkeyUserName: "someone else") : member
        }

        func storeSignIn(_ signIn: VerifiedSignIn<Member>, request: Request, context: Context) async throws {
            calls.add("storeSignIn")
        }

        func startSession(for user: Member, credential: CredentialRecord, request: Request, context: Context) async throws -> SessionStart {
            calls.add("startSession")
            return SessionStart(headers: [.setCookie: "s=\(user.passkeyUserName)"], members: JSONObject(["session": .string("token")]))
        }

        func completeSignIn(_ signIn: VerifiedSignIn<Member>, request: Request, context: Context) async throws -> SessionStart {
            guard completes else {
                calls.add("completeSignIn (default)")
                try await storeSignIn(signIn, request: request, context: context)
                return try await startSession(for: signIn.user, credential: signIn.credential, request: request, context: context)
            }
            calls.add("completeSignIn")
            return SessionStart(headers: [.setCookie: "s=completed"], members: JSONObject())
        }
    }

    static func withApp(_ hooks: CountingHooks, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let passkeys = Passkeys(
            configuration: RelyingPartyConfiguration(rpID: "localhost", rpName: "Hooks", origins: [RouteScenarios.origin]), accounts: hooks.members)
        let router = Router()
        router.group("passkeys").addPasskeyRoutes(passkeys, hooks: hooks)
        try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0))).test(.live, body)
    }

    /// POSTs `body`; the answer's status, headers and JSON members other than `status` and `errorMessage`.
    static func post(
        _ client: any TestClientProtocol, _ path: String, _ body: JSONObject
    ) async throws -> (HTTPResponse.Status, HTTPFields, JSONObject) {
        let bytes = Array(JSONValue.object(body).serialized().utf8)
        return try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: bytes)) {
            response in
            var members = (try? JSONParser.parseObject(Array(String(buffer: response.body).utf8))) ?? JSONObject()
            members["status"] = nil
            members["errorMessage"] = nil
            return (response.status, response.headers, members)
        }
    }

    static let ada = JSONObject(["username": .string("ada")])

    @Test("a registration stored for the wrong account is a 500 with no session: startSession is never called, no cookie or token is sent")
    func wrongAccountGetsNoSession() async throws {
        let hooks = CountingHooks(members: Members(), wrongUser: true, completes: false)
        try await Self.withApp(hooks) { client in
            let webAuthn = WebAuthnClient(origin: RouteScenarios.origin, authenticator: SoftwareAuthenticator())
            let (_, _, options) = try await Self.post(client, "/passkeys/attestation/options", Self.ada)
            let (status, headers, answer) = try await Self.post(client, "/passkeys/attestation/result", try await webAuthn.create(options))
            #expect(status == .internalServerError, "\(answer)")
            #expect(headers[.setCookie] == nil && answer["session"] == nil)
            #expect(hooks.calls.all == ["storeRegistration"], "the check runs before any session is started")
        }
    }

    @Test("the routes call completeSignIn, and only it, when the app implements it; the default runs storeSignIn then startSession")
    func signInCompletion() async throws {
        for completes in [true, false] {
            let hooks = CountingHooks(members: Members(), wrongUser: false, completes: completes)
            try await Self.withApp(hooks) { client in
                let webAuthn = WebAuthnClient(origin: RouteScenarios.origin, authenticator: SoftwareAuthenticator())
                let (_, _, options) = try await Self.post(client, "/passkeys/attestation/options", Self.ada)
                #expect(try await Self.post(client, "/passkeys/attestation/result", try await webAuthn.create(options)).0 == .ok)
                hooks.calls.clear()
                let (_, _, request) = try await Self.post(client, "/passkeys/assertion/options", Self.ada)
                let (status, headers, _) = try await Self.post(client, "/passkeys/assertion/result", try await webAuthn.get(request))
                #expect(status == .ok)
                if completes {
                    #expect(hooks.calls.all == ["completeSignIn"])
                    #expect(headers[.setCookie] == "s=completed")
                } else {
                    #expect(hooks.calls.all == ["completeSignIn (default)", "storeSignIn", "startSession"])
                }
            }
        }
    }
}
