public import PasskeyCore

/// `AuthenticatorSelectionCriteria` (WebAuthn L3 §5.4.4): which authenticators a registration may use.
///
/// The members are kept as the caller wrote them, in order and including members this package does not know, so
/// options that echo a request's selection (the FIDO conformance server API does) echo it verbatim. The known
/// members are read and set through typed properties; wrong JSON types are refused when the value is read.
public struct AuthenticatorSelectionCriteria: WebAuthnJSONValue {
    /// The members as written.
    public private(set) var json: JSONObject

    /// Criteria with the given members, written in this order; nil members are left out.
    public init(
        authenticatorAttachment: String? = nil, residentKey: ResidentKeyPreference? = nil, requireResidentKey: Bool? = nil,
        userVerification: UserVerificationRequirement? = nil
    ) {
        json = JSONObject()
        if let authenticatorAttachment { json["authenticatorAttachment"] = .string(authenticatorAttachment) }
        if let residentKey { json["residentKey"] = .string(residentKey.rawValue) }
        if let requireResidentKey { json["requireResidentKey"] = .bool(requireResidentKey) }
        if let userVerification { json["userVerification"] = .string(userVerification.rawValue) }
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        let path = "authenticatorSelection"
        _ = try json.optionalString("authenticatorAttachment", in: path)
        _ = try json.optionalString("residentKey", in: path)
        _ = try json.optionalBool("requireResidentKey", in: path)
        // Typed here, unlike the members above: the relying party judges the ceremony by it (raised to its floor),
        // so a value it does not know cannot be kept and ignored as a client would (§5.4.4).
        _ = try json.optionalString("userVerification", in: path).map { (text) throws(WebAuthnError) in
            try UserVerificationRequirement.parse(text, field: "\(path).userVerification")
        }
        self.json = json
    }

    /// `platform` or `cross-platform` (§5.4.5); nil when absent. Unknown values are kept and ignored by clients.
    public var authenticatorAttachment: String? { json["authenticatorAttachment"]?.stringValue }

    /// The requested discoverability; nil when absent or not one of the three values (clients then fall back to
    /// ``requireResidentKey``, §5.4.4).
    public var residentKey: ResidentKeyPreference? { json["residentKey"]?.stringValue.flatMap(ResidentKeyPreference.init(rawValue:)) }

    /// The Level 1 spelling of `residentKey: required`.
    public var requireResidentKey: Bool? { json["requireResidentKey"]?.boolValue }

    /// The user-verification requirement (read and checked by ``init(json:)``); setting it replaces the member in
    /// place (or appends it).
    public var userVerification: UserVerificationRequirement? {
        get { json["userVerification"]?.stringValue.flatMap(UserVerificationRequirement.init(rawValue:)) }
        set { json["userVerification"] = newValue.map { .string($0.rawValue) } }
    }
}
