public import PasskeyModel

/// The body of `POST /attestation/options` (FIDO2 conformance server API; docs/reference/http.md).
public struct RegistrationOptionsRequest: Sendable, Equatable {
    /// The account name: an existing one to add a passkey to (with that account's session), or a new one to create. The
    /// server normalizes it (NFC) and bounds it (64 characters, 256 bytes).
    public var username: String
    /// The name authenticators show beside the username; the username itself unless given.
    public var displayName: String
    /// `AuthenticatorSelectionCriteria` (WebAuthn L3 §5.4.4), echoed back verbatim by the server.
    public var authenticatorSelection: JSONObject?
    /// `none`, `indirect`, `direct` or `enterprise` (§5.4.7).
    public var attestation: String?
    /// Client extension inputs (`credProps`, `prf`, `largeBlob`, …) for the server to put into the options; nil for
    /// none.
    public var extensions: JSONObject?
    /// Ask for a conditional create (`"mediation": "conditional"`): the one registration the server accepts
    /// without user presence, for `create()` with `mediation: "conditional"` after a password sign-in.
    public var conditional: Bool = false

    /// A request with the given members; nil leaves a member out, so the server's defaults apply.
    ///
    /// - Parameters:
    ///   - username: the account name.
    ///   - displayName: defaults to the username.
    ///   - authenticatorSelection: `residentKey`, `userVerification`, `authenticatorAttachment` wishes.
    ///   - attestation: the attestation conveyance preference.
    ///   - extensions: client extension inputs.
    public init(
        username: String, displayName: String? = nil, authenticatorSelection: JSONObject? = nil, attestation: String? = nil,
        extensions: JSONObject? = nil
    ) {
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
        if conditional { body["mediation"] = .string("conditional") }
        return body
    }
}

/// The body of `POST /assertion/options`: no username begins a discoverable (usernameless) sign-in.
public struct AuthenticationOptionsRequest: Sendable, Equatable {
    /// The account to sign in to, which makes the server list its passkeys in `allowCredentials`; nil or empty for a
    /// discoverable sign-in, where the user picks a passkey and its user handle names the account.
    public var username: String?
    /// `required`, `preferred` or `discouraged` (§5.8.6).
    public var userVerification: String?
    /// Client extension inputs (`prf`, `largeBlob`, …) for the server to put into the options; nil for none.
    public var extensions: JSONObject?

    /// A request; with no arguments, a discoverable sign-in under the server's user-verification policy.
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
