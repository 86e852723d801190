public import PasskeyCore

/// `AuthenticationExtensionsClientInputsJSON` (WebAuthn L3 §5.7.1, §9): extension inputs for the client.
///
/// Extensions are an open set, so the members are kept as written, in order; the conformance server API echoes a
/// request's extensions verbatim. The extensions this package's verifier and clients understand have typed
/// accessors.
public struct AuthenticationExtensionsClientInputsJSON: WebAuthnJSONValue {
    /// The members as written.
    public var json: JSONObject

    /// No extensions.
    public init() { json = JSONObject() }

    public init(json: JSONObject) throws(WebAuthnError) {
        _ = try json.optionalBool("credProps", in: "extensions")
        _ = try json.optionalObject("prf", in: "extensions")
        _ = try json.optionalObject("largeBlob", in: "extensions")
        self.json = json
    }

    /// `credProps` (§10.1.3): ask the client to report whether the new credential is discoverable.
    public var credProps: Bool? {
        get { json["credProps"]?.boolValue }
        set { json["credProps"] = newValue.map(JSONValue.bool) }
    }

    /// `prf` (§10.1.4) inputs as written: `eval` and, for sign-in, `evalByCredential`.
    public var prf: JSONObject? { json["prf"]?.objectValue }

    /// `largeBlob` (§10.1.5) inputs as written: `support` at registration, `read` or `write` at sign-in.
    public var largeBlob: JSONObject? { json["largeBlob"]?.objectValue }

    /// Whether no extension is requested.
    public var isEmpty: Bool { json.isEmpty }
}
