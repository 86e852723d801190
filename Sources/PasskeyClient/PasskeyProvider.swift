public import PasskeyAuthenticator
public import PasskeyCore

/// Something that performs WebAuthn ceremonies from options JSON: the software authenticator on any platform, the
/// platform authenticator on Apple platforms (issue #6).
public protocol PasskeyProvider: Sendable {
    /// `navigator.credentials.create()`: creation options JSON in, `RegistrationResponseJSON` out.
    func create(_ options: JSONObject) async throws(PasskeyError) -> JSONObject
    /// `navigator.credentials.get()`: request options JSON in, `AuthenticationResponseJSON` out.
    func get(_ options: JSONObject) async throws(PasskeyError) -> JSONObject
}

/// A failed ceremony, as a web page sees it: a DOMException name, a typed code and plain words.
public struct PasskeyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let code: String
    public let message: String

    public init(name: String, code: String, message: String) {
        self.name = name
        self.code = code
        self.message = message
    }

    public var description: String { "\(name) (\(code)): \(message)" }
}

/// The software authenticator behind a ``WebAuthnClient``, as a ``PasskeyProvider``.
public struct SoftwarePasskeyProvider: PasskeyProvider {
    public let client: WebAuthnClient

    public init(client: WebAuthnClient) { self.client = client }

    public func create(_ options: JSONObject) async throws(PasskeyError) -> JSONObject {
        do { return try await client.create(options) } catch { throw Self.map(error) }
    }

    public func get(_ options: JSONObject) async throws(PasskeyError) -> JSONObject {
        do { return try await client.get(options) } catch { throw Self.map(error) }
    }

    static func map(_ error: WebAuthnClientError) -> PasskeyError {
        PasskeyError(name: error.name.rawValue, code: error.code.rawValue, message: error.message)
    }
}
