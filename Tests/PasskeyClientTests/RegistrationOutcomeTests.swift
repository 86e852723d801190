import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The coordinator deletes a new key only when the server has certainly not stored its credential: an HTTP 4xx
/// refusal. Any other failure of `/attestation/result` may have come after the server stored it, so the key stays.
@Suite("PasskeyCoordinator: a registration whose outcome is unknown keeps its key")
struct RegistrationOutcomeTests {
    /// Serves creation options, then answers `/attestation/result` with `finish`.
    struct ScriptedRelyingParty: HTTPTransport {
        let finish: @Sendable () throws -> TransportResponse

        static let options = JSONObject([
            "status": .string("ok"), "errorMessage": .string(""),
            "rp": .object(JSONObject(["id": .string("app.example.com"), "name": .string("Example")])),
            "user": .object(JSONObject(["id": .string("AQID"), "name": .string("ada"), "displayName": .string("Ada")])),
            "challenge": .string("AAECAwQFBgcICQoLDA0ODw"),
            "pubKeyCredParams": .array([.object(JSONObject(["type": .string("public-key"), "alg": .number("-7")]))]),
        ])

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            if request.url.hasSuffix("/attestation/options") {
                return TransportResponse(status: 200, body: Array(JSONValue.object(Self.options).serialized().utf8))
            }
            return try finish()
        }
    }

    enum Finish: String, CaseIterable, Sendable {
        case connectionLost, timedOut, serverError, badGateway, okWithoutSession, badRequest, forbidden
        /// What a retried POST meets when its first attempt was stored: not a refusal of the credential.
        case retriedAfterSuccess, alreadyRegistered

        func answer() throws -> TransportResponse {
            switch self {
            case .connectionLost: throw URLError(.networkConnectionLost)
            case .timedOut: throw URLError(.timedOut)
            case .serverError: return Self.json(500, #"{"status":"failed","errorMessage":"the database is unavailable"}"#)
            case .badGateway: return Self.json(502, "<html><body>Bad Gateway</body></html>")
            case .okWithoutSession: return Self.json(200, #"{"status":"ok","errorMessage":""}"#)
            case .badRequest: return Self.json(400, #"{"status":"failed","errorMessage":"origin mismatch","code":"originMismatch"}"#)
            case .forbidden: return Self.json(403, #"{"status":"failed","errorMessage":"sign in to add a passkey to this account"}"#)
            case .retriedAfterSuccess: return Self.json(400, #"{"status":"failed","errorMessage":"unknown or finished","code":"unknownCeremony"}"#)
            case .alreadyRegistered:
                return Self.json(400, #"{"status":"failed","errorMessage":"already registered","code":"credentialAlreadyRegistered"}"#)
            }
        }

        /// Whether the server definitely refused the credential (a 4xx answer).
        var refused: Bool { self == .badRequest || self == .forbidden }

        static func json(_ status: Int, _ body: String) -> TransportResponse { TransportResponse(status: status, body: Array(body.utf8)) }
    }

    @Test(
        "a 4xx refusal forgets the key; a network error, a timeout, a 5xx or a malformed answer keep it and report the outcome as unknown",
        arguments: Finish.allCases)
    func outcome(_ finish: Finish) async throws {
        let store = InMemoryCredentialStore()
        let provider = SoftwarePasskeyProvider(
            client: WebAuthnClient(origin: "https://app.example.com", authenticator: SoftwareAuthenticator(store: store)))
        let relyingParty = RelyingPartyClient(baseURL: "https://app.example.com", transport: ScriptedRelyingParty(finish: finish.answer))
        let passkeys = PasskeyCoordinator(relyingParty: relyingParty, provider: provider)

        let error = try #require(await thrown { try await passkeys.register(username: "ada") } as? PasskeyError)
        let kept = await store.allCredentials()
        #expect(await passkeys.session == nil)
        if finish.refused {
            #expect(kept.isEmpty, "a refused registration is rolled back")
            guard case .server(let status, _, _) = error.kind else {
                Issue.record("expected the server's refusal, found \(error)")
                return
            }
            #expect((400..<500).contains(status))
        } else {
            #expect(kept.count == 1, "the key the server may have registered is kept")
            #expect(error.code == "registrationOutcomeUnknown", "\(error)")
            let id = try #require(kept.first.map { Base64URL.encode($0.id) })
            #expect(error.message.contains(id), "the message names the kept passkey: \(error.message)")
        }
    }
}
