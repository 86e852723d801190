public import PasskeyCore

/// The relying-party API of CONTRACT.md §2 (the FIDO2 conformance server API plus sessions and passkey management),
/// over any ``HTTPTransport``. Errors surface the server's `errorMessage`.
public struct RelyingPartyClient: Sendable {
    public let baseURL: String
    public let transport: any HTTPTransport

    public init(baseURL: String, transport: any HTTPTransport) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    // MARK: Ceremonies

    /// `POST /attestation/options`: the creation options, ready for `navigator.credentials.create` (status removed).
    public func beginRegistration(username: String, displayName: String? = nil, authenticatorSelection: JSONObject? = nil, session: String? = nil) async throws(RelyingPartyClientError) -> JSONObject {
        var body = JSONObject(["username": .string(username)])
        if let displayName { body["displayName"] = .string(displayName) }
        if let authenticatorSelection { body["authenticatorSelection"] = .object(authenticatorSelection) }
        return Self.options(try await call(.post, "/attestation/options", body: body, session: session))
    }

    /// `POST /attestation/result`: registers the credential; returns the server's answer (`session`, `user`, `credential`).
    public func finishRegistration(_ response: JSONObject) async throws(RelyingPartyClientError) -> JSONObject {
        try await call(.post, "/attestation/result", body: response)
    }

    /// `POST /assertion/options`: nil or empty username begins a discoverable sign-in.
    public func beginAuthentication(username: String? = nil, userVerification: String? = nil) async throws(RelyingPartyClientError) -> JSONObject {
        var body = JSONObject()
        if let username, !username.isEmpty { body["username"] = .string(username) }
        if let userVerification { body["userVerification"] = .string(userVerification) }
        return Self.options(try await call(.post, "/assertion/options", body: body))
    }

    /// `POST /assertion/result`: returns `session` and `user`.
    public func finishAuthentication(_ response: JSONObject) async throws(RelyingPartyClientError) -> JSONObject {
        try await call(.post, "/assertion/result", body: response)
    }

    // MARK: Sessions and passkeys

    public func currentUser(session: String) async throws(RelyingPartyClientError) -> JSONObject {
        try await call(.get, "/session", session: session)
    }

    public func signOut(session: String) async throws(RelyingPartyClientError) {
        _ = try await call(.delete, "/session", session: session)
    }

    public func credentials(session: String) async throws(RelyingPartyClientError) -> [JSONObject] {
        (try await call(.get, "/credentials", session: session))["credentials"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    public func renameCredential(id: String, name: String, session: String) async throws(RelyingPartyClientError) -> JSONObject {
        try await call(.patch, "/credentials/\(id)", body: JSONObject(["name": .string(name)]), session: session)
    }

    public func deleteCredential(id: String, session: String) async throws(RelyingPartyClientError) {
        _ = try await call(.delete, "/credentials/\(id)", session: session)
    }

    // MARK: Plumbing

    /// Sends one request and returns the JSON body of an `ok` answer.
    public func call(_ method: TransportRequest.Method, _ path: String, body: JSONObject? = nil, session: String? = nil) async throws(RelyingPartyClientError) -> JSONObject {
        var headers = [("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if let session { headers.append(("Authorization", "Bearer \(session)")) }
        let request = TransportRequest(method: method, url: baseURL + path, headers: headers, body: body.map { Array(JSONValue.object($0).serialized().utf8) })
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .network("\(method.rawValue) \(baseURL + path) failed: \(error)")
        }
        let object: JSONObject
        do {
            object = try JSONParser.parseObject(response.body, what: "the server's answer")
        } catch {
            throw .malformedResponse("\(method.rawValue) \(path) answered \(response.status) with a body that is not a JSON object")
        }
        guard (200..<300).contains(response.status), object["status"] == .string("ok") else {
            let message = object["errorMessage"]?.stringValue ?? "the server answered \(response.status)"
            throw .server(status: response.status, message: message, code: object["code"]?.stringValue)
        }
        return object
    }

    /// The options members of an options answer: everything but `status` and `errorMessage`.
    static func options(_ answer: JSONObject) -> JSONObject {
        var options = answer
        options["status"] = nil
        options["errorMessage"] = nil
        return options
    }
}

/// Why a call to the relying party failed.
public enum RelyingPartyClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused, with its `errorMessage` (and the verification code when it has one).
    case server(status: Int, message: String, code: String?)
    /// The server could not be reached.
    case network(String)
    /// The server answered something that is not the API's JSON.
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .server(let status, let message, let code): "the server refused (\(status)\(code.map { ", \($0)" } ?? "")): \(message)"
        case .network(let message): "network error: \(message)"
        case .malformedResponse(let message): "unexpected answer: \(message)"
        }
    }

    /// A short reason for counting failures: the verification code, the HTTP status, or the kind.
    public var reason: String {
        switch self {
        case .server(let status, _, let code): code ?? "http\(status)"
        case .network: "network"
        case .malformedResponse: "malformedResponse"
        }
    }
}
