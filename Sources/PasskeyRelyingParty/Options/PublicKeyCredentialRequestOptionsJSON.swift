public import PasskeyCore

/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn L3 §5.1.9): the options of a sign-in, as a relying party sends
/// them to `navigator.credentials.get()` (through `PublicKeyCredential.parseRequestOptionsFromJSON()`) or to a
/// platform API.
///
/// ``json`` writes the members in the order of the L3 IDL, leaving out the optional ones that are nil.
public struct PublicKeyCredentialRequestOptionsJSON: WebAuthnJSONValue {
    /// At least 16 random bytes (§13.4.3), used once; base64url in JSON.
    public var challenge: [UInt8]
    /// How long the client should wait for the user, in milliseconds; nil leaves it to the client.
    public var timeout: Int64?
    /// The RP ID the assertion is scoped to; nil lets the client use the origin's effective domain.
    public var rpId: String?
    /// The credentials that may answer; empty asks for a discoverable credential (§5.5).
    public var allowCredentials: [PublicKeyCredentialDescriptorJSON]
    /// What the client asks of the authenticator (§5.8.6). The relying party judges the result by the policy it
    /// kept with the ceremony, never by this member of options a client could have edited.
    public var userVerification: UserVerificationRequirement
    /// §5.8.8; written only when not empty.
    public var hints: [PublicKeyCredentialHint]
    /// Extension inputs (§9); nil leaves the member out.
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Options with every member given; ``Passkeys/beginAuthentication(username:userVerification:extensions:hints:)`` makes them for you.
    public init(
        challenge: [UInt8], timeout: Int64? = nil, rpId: String? = nil, allowCredentials: [PublicKeyCredentialDescriptorJSON] = [],
        userVerification: UserVerificationRequirement = .preferred, hints: [PublicKeyCredentialHint] = [],
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.challenge = challenge
        self.timeout = timeout
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification
        self.hints = hints
        self.extensions = extensions
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        challenge = try json.requiredBase64URL("challenge", strictness: .strict)
        timeout = try json.optionalInt("timeout")
        rpId = try json.optionalString("rpId")
        allowCredentials = try json.credentialDescriptors("allowCredentials")
        userVerification =
            try json.optionalString("userVerification").map { (text) throws(WebAuthnError) in
                try UserVerificationRequirement.parse(text, field: "userVerification")
            } ?? .preferred
        hints = try json.credentialHints()
        extensions = try json.extensionInputs()
    }

    public var json: JSONObject {
        var object = JSONObject(["challenge": .string(Base64URL.encode(challenge))])
        if let timeout { object["timeout"] = JSONValue(timeout) }
        if let rpId { object["rpId"] = .string(rpId) }
        object["allowCredentials"] = .array(allowCredentials.map { .object($0.json) })
        object["userVerification"] = .string(userVerification.rawValue)
        if !hints.isEmpty { object["hints"] = .array(hints.map { .string($0.rawValue) }) }
        if let extensions { object["extensions"] = .object(extensions.json) }
        return object
    }
}
