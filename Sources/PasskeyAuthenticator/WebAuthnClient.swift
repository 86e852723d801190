import Crypto
public import PasskeyCore

/// A WebAuthn client (the browser's part, L3 §5.1.3 `[[Create]]` and §5.1.4 `[[DiscoverFromExternalSource]]`) in
/// front of a ``SoftwareAuthenticator``: it takes options JSON as a relying party sends them and returns the L3
/// response JSON the relying party verifies.
public struct WebAuthnClient: Sendable {
    /// The caller's origin (`https://example.com`, or `http://localhost:8080` in development): it goes into
    /// `clientDataJSON` and decides which RP IDs the client may use.
    public let origin: String
    /// The authenticator the client drives.
    public let authenticator: SoftwareAuthenticator

    /// A client for `origin`. The origin is checked on each ceremony, so an insecure one fails there with
    /// `SecurityError`.
    public init(origin: String, authenticator: SoftwareAuthenticator) {
        self.origin = origin
        self.authenticator = authenticator
        self.checkedOrigin = Result { () throws(WebAuthnClientError) in try RPIDValidation.origin(origin) }
    }

    /// The origin parsed and checked once (it cannot change), failing each ceremony the same way when it is not a
    /// secure origin. Parsing it per ceremony was 3% of `passkeys load`'s CPU.
    private let checkedOrigin: Result<RPIDValidation.Origin, WebAuthnClientError>

    // MARK: create()

    /// `navigator.credentials.create({publicKey})`: options are a `PublicKeyCredentialCreationOptionsJSON`.
    /// `conditional` is `create({mediation: "conditional"})` (WebAuthn L3 §5.1.3): the authenticator makes the
    /// credential without asking the user, so the response carries neither UP nor UV.
    public func create(_ options: JSONObject, conditional: Bool = false) async throws(WebAuthnClientError) -> JSONObject {
        let parsed = try CreationOptions(options)
        let (origin, rpID) = try resolve(parsed.rpID)
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: parsed.challenge, origin: origin.serialized)
        var making = MakeCredentialRequest(
            clientDataHash: Array(SHA256.hash(data: clientData)), rpID: rpID, userHandle: parsed.userHandle, userName: parsed.userName,
            userDisplayName: parsed.userDisplayName, algorithms: parsed.algorithms, excludeList: parsed.excludeList,
            residentKey: parsed.residentKey, userVerification: parsed.userVerification)
        making.userPresence = !conditional
        let request = making
        let authenticator = self.authenticator
        let made = try await Self.withTimeout(parsed.timeout) { () async throws(WebAuthnClientError) in
            do { return try await authenticator.authenticatorMakeCredential(request) } catch let error as AuthenticatorError {
                throw WebAuthnClientError(error)
            } catch {
                throw WebAuthnClientError(.unknown, .failed, "\(error)")
            }
        }
        var extensions = JSONObject()
        if parsed.credPropsRequested { extensions["credProps"] = .object(JSONObject(["rk": .bool(made.credential.discoverable)])) }
        do {
            return try CredentialResponseJSON.registration(
                credentialID: made.credential.id, clientDataJSON: clientData, attestationObject: made.attestationObject,
                transports: ["internal"], authenticatorAttachment: "platform", clientExtensionResults: extensions)
        } catch {
            throw WebAuthnClientError(.unknown, .failed, "the authenticator returned an attestation object that does not parse: \(error.message)")
        }
    }

    // MARK: get()

    /// `navigator.credentials.get({publicKey})`: options are a `PublicKeyCredentialRequestOptionsJSON`.
    public func get(_ options: JSONObject) async throws(WebAuthnClientError) -> JSONObject {
        let parsed = try RequestOptions(options)
        let (origin, rpID) = try resolve(parsed.rpID)
        let clientData = ClientDataBuilder.json(type: "webauthn.get", challenge: parsed.challenge, origin: origin.serialized)
        let request = GetAssertionRequest(
            clientDataHash: Array(SHA256.hash(data: clientData)), rpID: rpID, allowList: parsed.allowList, userVerification: parsed.userVerification)
        let authenticator = self.authenticator
        let assertion = try await Self.withTimeout(parsed.timeout) { () async throws(WebAuthnClientError) in
            do { return try await authenticator.authenticatorGetAssertion(request) } catch let error as AuthenticatorError {
                throw WebAuthnClientError(error)
            } catch {
                throw WebAuthnClientError(.unknown, .failed, "\(error)")
            }
        }
        return CredentialResponseJSON.authentication(
            credentialID: assertion.credential.id, clientDataJSON: clientData, authenticatorData: assertion.authenticatorData,
            signature: assertion.signature, userHandle: assertion.credential.userHandle, authenticatorAttachment: "platform")
    }

    // MARK: Helpers

    /// §5.1.3 steps 6–8 / §5.1.4.1 steps 5–7: a secure origin, and an RP ID (default: its host) that it may use.
    private func resolve(_ requestedRPID: String?) throws(WebAuthnClientError) -> (RPIDValidation.Origin, String) {
        let origin = try checkedOrigin.get()
        return (origin, try RPIDValidation.rpID(requestedRPID, for: origin))
    }

    /// Runs `body`, failing with NotAllowedError (timeout) when it takes longer than `milliseconds` (L3 §5.1.3 steps 4 and 23).
    static func withTimeout<T: Sendable>(
        _ milliseconds: Int64, _ body: @escaping @Sendable () async throws(WebAuthnClientError) -> T
    ) async throws(WebAuthnClientError) -> T {
        let result: Result<T, WebAuthnClientError> = await withTaskGroup(of: Result<T, WebAuthnClientError>?.self) { group in
            group.addTask { () async -> Result<T, WebAuthnClientError>? in
                do { return .success(try await body()) } catch let error as WebAuthnClientError {
                    return .failure(error)
                } catch {
                    return .failure(WebAuthnClientError(.unknown, .failed, "\(error)"))
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(milliseconds))
                return Task.isCancelled ? nil : .failure(WebAuthnClientError(.notAllowed, .timeout, "the request timed out after \(milliseconds) ms"))
            }
            var first: Result<T, WebAuthnClientError>? = nil
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first ?? .failure(WebAuthnClientError(.abort, .cancelled, "the request was cancelled"))
        }
        return try result.get()
    }
}
