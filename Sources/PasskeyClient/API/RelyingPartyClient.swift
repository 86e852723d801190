public import PasskeyModel

/// The relying-party API of docs/reference/http.md (the FIDO2 conformance server API plus sessions and passkey management),
/// over any ``HTTPTransport``: ``URLSessionTransport`` in apps, AsyncHTTPClient in the CLI.
///
/// Requests and answers are typed; ceremony options stay the L3 JSON objects
/// (`PublicKeyCredentialCreationOptionsJSON`, `PublicKeyCredentialRequestOptionsJSON`) that authenticators and
/// `navigator.credentials` take, passed on without being re-encoded. Every failure is a ``RelyingPartyClientError``
/// carrying the server's `errorMessage`.
public struct RelyingPartyClient: Sendable {
    /// The server's root without a trailing slash, such as `https://example.com`; paths are appended to it.
    public let baseURL: String
    /// What sends the requests.
    public let transport: any HTTPTransport
    /// Session tokens for the app's API, kept while fresh (``apiToken(session:)``).
    let tokenCache = SessionTokenCache()

    /// A client for one relying party.
    ///
    /// - Parameters:
    ///   - baseURL: the server's root, e.g. `https://example.com` (a trailing slash is ignored).
    ///   - transport: what sends the requests, such as ``URLSessionTransport``.
    public init(baseURL: String, transport: any HTTPTransport) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    // MARK: Ceremonies

    /// `POST /attestation/options`: creation options for `navigator.credentials.create` (without `status` and
    /// `errorMessage`). Pass `session` when a signed-in user adds a passkey to their account.
    public func beginRegistration(_ request: RegistrationOptionsRequest, session: String? = nil) async throws(RelyingPartyClientError) -> JSONObject {
        Self.options(try await call(.post, "/attestation/options", body: request.json, session: session))
    }

    /// `POST /attestation/result`: registers the credential and signs in.
    public func finishRegistration(_ response: JSONObject) async throws(RelyingPartyClientError) -> Registered {
        try Self.decode(try await call(.post, "/attestation/result", body: response), "/attestation/result", Registered.init(json:))
    }

    /// `POST /assertion/options`: request options for `navigator.credentials.get`.
    public func beginAuthentication(
        _ request: AuthenticationOptionsRequest = AuthenticationOptionsRequest()
    ) async throws(RelyingPartyClientError) -> JSONObject {
        Self.options(try await call(.post, "/assertion/options", body: request.json))
    }

    /// `POST /assertion/result`: verifies the assertion and signs in.
    public func finishAuthentication(_ response: JSONObject) async throws(RelyingPartyClientError) -> SignedIn {
        let credentialID = response["id"]?.stringValue ?? ""
        return try Self.decode(try await call(.post, "/assertion/result", body: response), "/assertion/result") { (json) throws(WebAuthnError) in
            try SignedIn(json: json, credentialID: credentialID)
        }
    }

    // MARK: Sessions and passkeys

    /// `GET /session`: the signed-in account.
    public func currentUser(session: String) async throws(RelyingPartyClientError) -> AccountUser {
        try Self.decode(try await call(.get, "/session", session: session), "/session") { (json) throws(WebAuthnError) in
            try AccountUser(json: try json.requiredObject("user"), in: "user")
        }
    }

    /// `DELETE /session`: signs out; the session token stops working.
    public func signOut(session: String) async throws(RelyingPartyClientError) {
        await tokenCache.clear()
        _ = try await call(.delete, "/session", session: session)
    }

    /// `GET /credentials`: the signed-in account's passkeys.
    public func passkeys(session: String) async throws(RelyingPartyClientError) -> [PasskeySummary] {
        try Self.decode(try await call(.get, "/credentials", session: session), "/credentials") { (json) throws(WebAuthnError) in
            guard case .array(let items)? = json["credentials"] else { throw WebAuthnError(.malformedInput, "credentials: expected an array") }
            var passkeys: [PasskeySummary] = []
            for (index, item) in items.enumerated() {
                guard case .object(let object) = item else {
                    throw WebAuthnError(.malformedInput, "credentials[\(index)]: expected an object, found \(item.typeName)")
                }
                passkeys.append(try PasskeySummary(json: object, in: "credentials[\(index)]"))
            }
            return passkeys
        }
    }

    /// `PATCH /credentials/{id}`: renames one of the signed-in account's passkeys.
    public func renamePasskey(id: String, to name: String, session: String) async throws(RelyingPartyClientError) -> PasskeySummary {
        let answer = try await call(.patch, "/credentials/\(try Self.pathSegment(id))", body: JSONObject(["name": .string(name)]), session: session)
        return try Self.decode(answer, "/credentials/{id}") { (json) throws(WebAuthnError) in
            try PasskeySummary(json: try json.requiredObject("credential"), in: "credential")
        }
    }

    /// `DELETE /credentials/{id}`: removes one of the signed-in account's passkeys on the server.
    public func removePasskey(id: String, session: String) async throws(RelyingPartyClientError) {
        _ = try await call(.delete, "/credentials/\(try Self.pathSegment(id))", session: session)
    }

    /// `DELETE /account`: deletes the signed-in account with all its passkeys and sessions.
    public func deleteAccount(session: String) async throws(RelyingPartyClientError) {
        _ = try await call(.delete, "/account", session: session)
    }

    // MARK: Plumbing

    /// Sends one request and returns the JSON body of an `ok` answer.
    func call(
        _ method: TransportRequest.Method, _ path: String, body: JSONObject? = nil, session: String? = nil
    ) async throws(RelyingPartyClientError) -> JSONObject {
        var headers = [("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if let session { headers.append(("Authorization", "Bearer \(session)")) }
        let request = TransportRequest(
            method: method, url: baseURL + path, headers: headers, body: body.map { Array(JSONValue.object($0).serialized().utf8) })
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
            throw .server(
                status: response.status, message: message, code: object["code"]?.stringValue, credentialID: object["credentialId"]?.stringValue)
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

    static func decode<T>(
        _ answer: JSONObject, _ endpoint: String, _ body: (JSONObject) throws(WebAuthnError) -> T
    ) throws(RelyingPartyClientError) -> T {
        do { return try body(answer) } catch {
            throw .malformedResponse("\(endpoint): \(error.message)")
        }
    }

    /// Credential IDs are unpadded base64url, which is already safe in a path; anything else is refused before it is sent.
    static func pathSegment(_ id: String) throws(RelyingPartyClientError) -> String {
        guard !id.isEmpty, (try? Base64URL.decode(id, strictness: .strict)) != nil else {
            throw .invalidArgument("a credential ID is unpadded base64url, found '\(id)'")
        }
        return id
    }
}
