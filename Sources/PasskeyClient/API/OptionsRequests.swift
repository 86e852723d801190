public import PasskeyModel

/// The body of `POST /attestation/options` (FIDO2 conformance server API, CONTRACT.md §2).
public struct RegistrationOptionsRequest: Sendable, Equatable {
    public var username: String
    public var displayName: String
    /// `AuthenticatorSelectionCriteria` (WebAuthn L3 §5.4.4), echoed back verbatim by the server.
    public var authenticatorSelection: JSONObject?
    /// `none`, `indirect`, `direct` or `enterprise` (§5.4.7).
    public var attestation: String?
    public var extensions: JSONObject?

    /// - Parameter displayName: defaults to the username.
    public init(username: String, displayName: String? = nil, authenticatorSelection: JSONObject? = nil, attestation: String? = nil, extensions: JSONObject? = nil) {
        self.username = username
        self.displayName = displayName ?? username
        self.authenticatorSelection = authenticatorSelection
        self.attestation = attestation
        self.extensions = extensions
    }

    /// What apps ask for by default: a discoverable credential (a passkey), user verification when available.
    public static func passkey(username: String, displayName: String? = nil) -> RegistrationOptionsRequest {
        RegistrationOptionsRequest(
            username: username, displayName: displayName,
            authenticatorSelection: JSONObject(["residentKey": .string("required"), "userVerification": .string("preferred")]))
    }

    var json: JSONObject {
        var body = JSONObject(["username": .string(username), "displayName": .string(displayName)])
        if let authenticatorSelection { body["authenticatorSelection"] = .object(authenticatorSelection) }
        if let attestation { body["attestation"] = .string(attestation) }
        if let extensions { body["extensions"] = .object(extensions) }
        return body
    }
}

/// The body of `POST /assertion/options`: no username begins a discoverable (usernameless) sign-in.
public struct AuthenticationOptionsRequest: Sendable, Equatable {
    public var username: String?
    /// `required`, `preferred` or `discouraged` (§5.8.6).
    public var userVerification: String?
    public var extensions: JSONObject?

    public init(username: String? = nil, userVerification: String? = nil, extensions: JSONObject? = nil) {
        self.username = username
        self.userVerification = userVerification
        self.extensions = extensions
    }

    var json: JSONObject {
        var body = JSONObject()
        if let username, !username.isEmpty { body["username"] = .string(username) }
        if let userVerification { body["userVerification"] = .string(userVerification) }
        if let extensions { body["extensions"] = .object(extensions) }
        return body
    }
}
