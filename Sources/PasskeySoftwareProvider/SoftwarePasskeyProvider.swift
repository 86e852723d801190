public import PasskeyAuthenticator
public import PasskeyClient

/// The software authenticator behind a `WebAuthnClient`, as a `PasskeyProvider`: the same flows as the platform
/// provider on Linux, in the CLI and in tests.
///
/// It has no UI, so every mediation answers at once: a conditional or immediate request with no matching
/// credential fails with `PasskeyError.Kind.noCredentials`, as a modal one does.
public struct SoftwarePasskeyProvider: PasskeyProvider {
    /// The WebAuthn client and, through it, the software authenticator and its credential store.
    public let client: WebAuthnClient

    /// A provider performing ceremonies with `client`, at the client's origin.
    public init(client: WebAuthnClient) { self.client = client }

    public func create(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        // A conditional create is made without asking (UP and UV clear), as a platform does after a password sign-in.
        do { return try await client.create(options, conditional: mediation == .conditional) } catch { throw PasskeyErrorClassifier.classify(error) }
    }

    public func get(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        do { return try await client.get(options) } catch { throw PasskeyErrorClassifier.classify(error) }
    }

    public func forget(credentialID: [UInt8]) async throws(PasskeyError) {
        do {
            _ = try await client.authenticator.store.delete(id: credentialID)
        } catch {
            throw PasskeyError(.failed(reason: "storageFailed"), "the software authenticator could not delete the passkey: \(error)")
        }
    }
}
