public import PasskeyCore

/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn L3 §5.1.8): the options of a registration, as a relying party
/// sends them to `navigator.credentials.create()` (through `PublicKeyCredential.parseCreationOptionsFromJSON()`) or
/// to a platform API.
///
/// ``json`` writes the members in the order of the L3 IDL, leaving out the optional ones that are nil.
public struct PublicKeyCredentialCreationOptionsJSON: WebAuthnJSONValue {
    /// The relying party the credential is scoped to.
    public var rp: PublicKeyCredentialRpEntity
    /// The account the credential is for.
    public var user: PublicKeyCredentialUserEntityJSON
    /// At least 16 random bytes (§13.4.3), used once; base64url in JSON.
    public var challenge: [UInt8]
    /// Acceptable key algorithms, most preferred first (§5.4 `pubKeyCredParams`).
    public var pubKeyCredParams: [PublicKeyCredentialParameters]
    /// How long the client should wait for the user, in milliseconds; nil leaves it to the client.
    public var timeout: Int64?
    /// Credentials the account has already, so an authenticator that holds one declines to make another (§5.4).
    public var excludeCredentials: [PublicKeyCredentialDescriptorJSON]
    /// Which authenticators may be used (§5.4.4); nil leaves the member out.
    public var authenticatorSelection: AuthenticatorSelectionCriteria?
    /// §5.8.8; written only when not empty.
    public var hints: [PublicKeyCredentialHint]
    /// nil leaves the member out, which clients read as `none`.
    public var attestation: AttestationConveyancePreference?
    /// Attestation statement formats the relying party prefers, most preferred first (§5.4); written only when not
    /// empty.
    public var attestationFormats: [String]
    /// Extension inputs (§9); nil leaves the member out.
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Options with every member given; ``Passkeys/beginRegistration(for:excluding:authenticatorSelection:attestation:extensions:hints:sessionHash:conditional:)`` makes them for you.
    public init(
        rp: PublicKeyCredentialRpEntity, user: PublicKeyCredentialUserEntityJSON, challenge: [UInt8],
        pubKeyCredParams: [PublicKeyCredentialParameters], timeout: Int64? = nil, excludeCredentials: [PublicKeyCredentialDescriptorJSON] = [],
        authenticatorSelection: AuthenticatorSelectionCriteria? = nil, hints: [PublicKeyCredentialHint] = [],
        attestation: AttestationConveyancePreference? = nil, attestationFormats: [String] = [],
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.rp = rp
        self.user = user
        self.challenge = challenge
        self.pubKeyCredParams = pubKeyCredParams
        self.timeout = timeout
        self.excludeCredentials = excludeCredentials
        self.authenticatorSelection = authenticatorSelection
        self.hints = hints
        self.attestation = attestation
        self.attestationFormats = attestationFormats
        self.extensions = extensions
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        rp = try PublicKeyCredentialRpEntity(json: json.requiredObject("rp"))
        user = try PublicKeyCredentialUserEntityJSON(json: json.requiredObject("user"))
        challenge = try json.requiredBase64URL("challenge", strictness: .strict)
        guard
            let parameters = try json.optionalArray(
                "pubKeyCredParams", in: "",
                { (item, field) throws(WebAuthnError) in
                    try PublicKeyCredentialParameters(json: item.object(field))
                })
        else {
            throw .malformed("pubKeyCredParams: expected an array, found nothing (the member is required)")
        }
        pubKeyCredParams = parameters
        timeout = try json.optionalInt("timeout")
        excludeCredentials = try json.credentialDescriptors("excludeCredentials")
        authenticatorSelection = try json.optionalObject("authenticatorSelection").map { (object) throws(WebAuthnError) in
            try AuthenticatorSelectionCriteria(json: object)
        }
        hints = try json.credentialHints()
        attestation = try json.optionalString("attestation").map { (text) throws(WebAuthnError) in
            guard let preference = AttestationConveyancePreference(rawValue: text) else {
                throw .malformed("attestation: expected none, indirect, direct or enterprise, found '\(text)'")
            }
            return preference
        }
        attestationFormats = try json.optionalStringArray("attestationFormats") ?? []
        extensions = try json.extensionInputs()
    }

    public var json: JSONObject {
        var object = JSONObject([
            "rp": .object(rp.json),
            "user": .object(user.json),
            "challenge": .string(Base64URL.encode(challenge)),
            "pubKeyCredParams": .array(pubKeyCredParams.map { .object($0.json) }),
        ])
        if let timeout { object["timeout"] = JSONValue(timeout) }
        object["excludeCredentials"] = .array(excludeCredentials.map { .object($0.json) })
        if let authenticatorSelection { object["authenticatorSelection"] = .object(authenticatorSelection.json) }
        if !hints.isEmpty { object["hints"] = .array(hints.map { .string($0.rawValue) }) }
        if let attestation { object["attestation"] = .string(attestation.rawValue) }
        if !attestationFormats.isEmpty { object["attestationFormats"] = .array(attestationFormats.map(JSONValue.string)) }
        if let extensions { object["extensions"] = .object(extensions.json) }
        return object
    }
}
