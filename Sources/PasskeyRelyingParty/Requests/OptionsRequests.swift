public import PasskeyCore

/// The body of `POST /attestation/options` (FIDO conformance server API `ServerPublicKeyCredentialCreationOptionsRequest`,
/// docs/reference/http.md): who is registering and what they ask of the authenticator.
public struct RegistrationOptionsRequest: Sendable, Equatable {
    /// The account's name: NFC-normalized, trimmed, 1–64 characters and at most 256 UTF-8 bytes, with no control or
    /// invisible format characters (so two names cannot look alike).
    public var username: String
    /// Checked like ``username``; the username when absent.
    public var displayName: String
    /// Echoed verbatim in the options, except that a user-verification requirement below the relying party's floor
    /// is raised to it.
    public var authenticatorSelection: AuthenticatorSelectionCriteria?
    /// Echoed; `none` when absent.
    public var attestation: AttestationConveyancePreference?
    /// Echoed verbatim.
    public var extensions: AuthenticationExtensionsClientInputsJSON?
    /// `mediation: "conditional"` in the body: begin a conditional create (`Passkeys.beginRegistration`'s
    /// `conditional`), whose response alone may lack the UP flag.
    public var conditional: Bool = false

    /// A request as an app or test would build it; `displayName` defaults to `username`. Unlike
    /// ``init(json:)`` it does not check the names.
    public init(
        username: String, displayName: String? = nil, authenticatorSelection: AuthenticatorSelectionCriteria? = nil,
        attestation: AttestationConveyancePreference? = nil, extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.username = username
        self.displayName = displayName ?? username
        self.authenticatorSelection = authenticatorSelection
        self.attestation = attestation
        self.extensions = extensions
    }

    /// Reads a request body, refusing wrong types and unusable names with 400 and the member's name.
    public init(json request: JSONObject) throws(RelyingPartyError) {
        username = try RequestMembers.requiredName(request, "username")
        displayName = try RequestMembers.name(request, "displayName", required: false) ?? username
        let selection = try RequestMembers.optionalObject(request, "authenticatorSelection")
        extensions = try RequestMembers.optionalObject(request, "extensions").map { (object) throws(RelyingPartyError) in
            try RequestMembers.typed { () throws(WebAuthnError) in try AuthenticationExtensionsClientInputsJSON(json: object) }
        }
        attestation = try RequestMembers.optionalString(request, "attestation").map { (text) throws(RelyingPartyError) in
            guard let preference = AttestationConveyancePreference(rawValue: text) else {
                throw RelyingPartyError.badRequest("attestation: expected none, indirect, direct or enterprise, found '\(text)'")
            }
            return preference
        }
        authenticatorSelection = try selection.map { (object) throws(RelyingPartyError) in
            try RequestMembers.typed { () throws(WebAuthnError) in try AuthenticatorSelectionCriteria(json: object) }
        }
        // Credential Management's CredentialMediationRequirement; for create() only "conditional" changes anything.
        if let mediation = try RequestMembers.optionalString(request, "mediation") {
            guard mediation == "conditional" else {
                throw RelyingPartyError.badRequest("mediation: expected 'conditional' or no member, found '\(mediation)'")
            }
            conditional = true
        }
    }
}

/// The body of `POST /assertion/options` (FIDO conformance server API `ServerPublicKeyCredentialGetOptionsRequest`,
/// docs/reference/http.md).
public struct AuthenticationOptionsRequest: Sendable, Equatable {
    /// The account to sign in to; nil (an empty or absent member) begins a discoverable sign-in.
    public var username: String?
    /// Raises the relying party's user-verification floor, never lowers it.
    public var userVerification: UserVerificationRequirement?
    /// Echoed verbatim.
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// A request as an app or test would build it.
    public init(
        username: String? = nil, userVerification: UserVerificationRequirement? = nil, extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.username = username
        self.userVerification = userVerification
        self.extensions = extensions
    }

    /// Reads a request body, refusing wrong types, unusable names and unknown user-verification values with 400.
    public init(json request: JSONObject) throws(RelyingPartyError) {
        // Contract: an empty or absent username begins a discoverable sign-in.
        let given = try RequestMembers.optionalString(request, "username") ?? ""
        username = given.isEmpty ? nil : try RequestMembers.name(request, "username", required: false)
        userVerification = try RequestMembers.optionalString(request, "userVerification").map { (requested) throws(RelyingPartyError) in
            try RequestMembers.typed { () throws(WebAuthnError) in try UserVerificationRequirement.parse(requested, field: "userVerification") }
        }
        extensions = try RequestMembers.optionalObject(request, "extensions").map { (object) throws(RelyingPartyError) in
            try RequestMembers.typed { () throws(WebAuthnError) in try AuthenticationExtensionsClientInputsJSON(json: object) }
        }
    }
}
