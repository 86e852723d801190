import PasskeyCore

// Members both options dictionaries share (L3 §5.4 and §5.5), read once here with the same rules and error text.

extension JSONObject {
    /// `excludeCredentials` or `allowCredentials` (§5.8.3 descriptors); absent means none.
    func credentialDescriptors(_ key: String) throws(WebAuthnError) -> [PublicKeyCredentialDescriptorJSON] {
        try optionalArray(key, in: "") { (item, field) throws(WebAuthnError) in
            try PublicKeyCredentialDescriptorJSON(json: item.object(field))
        } ?? []
    }

    /// `hints` (§5.8.8); absent means none.
    func credentialHints() throws(WebAuthnError) -> [PublicKeyCredentialHint] {
        try optionalArray("hints", in: "") { (item, field) throws(WebAuthnError) in try PublicKeyCredentialHint(item, field: field) } ?? []
    }

    /// `extensions` (§9); absent is nil.
    func extensionInputs() throws(WebAuthnError) -> AuthenticationExtensionsClientInputsJSON? {
        try optionalObject("extensions").map { (object) throws(WebAuthnError) in
            try AuthenticationExtensionsClientInputsJSON(json: object)
        }
    }
}

extension PublicKeyCredentialHint {
    init(_ value: JSONValue, field: String) throws(WebAuthnError) {
        guard case .string(let text) = value else { throw .malformed("\(field): expected a string, found \(value.typeName)") }
        guard let hint = PublicKeyCredentialHint(rawValue: text) else {
            throw .malformed("\(field): expected security-key, client-device or hybrid, found '\(text)'")
        }
        self = hint
    }
}
