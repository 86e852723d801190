/// Who holds a passkey: the provider or authenticator model behind its AAGUID, with its icons, as shown beside the
/// passkey whatever name the user gave it ("iCloud Keychain", "YubiKey 5 Series").
public struct AuthenticatorProvider: Sendable, Hashable {
    /// Where the name came from: which table named the AAGUID, not whether the authenticator proved it is that model
    /// (with `none` attestation, the usual case for passkeys, the AAGUID is a claim).
    public enum Source: String, Sendable {
        /// FIDO metadata (MDS3) the relying party verified.
        case metadata
        /// The built-in table of well-known passkey providers.
        case builtIn
    }

    /// The provider's or model's name, in the language asked for where metadata gives one.
    public let name: String
    /// The icon for light backgrounds, checked.
    public let icon: ProviderIcon?
    /// The icon for dark backgrounds, checked; pages fall back to ``icon``.
    public let iconDark: ProviderIcon?
    /// Where ``name`` came from.
    public let source: Source

    /// A provider with a name and, when known, checked icons.
    public init(name: String, icon: ProviderIcon? = nil, iconDark: ProviderIcon? = nil, source: Source) {
        self.name = name
        self.icon = icon
        self.iconDark = iconDark
        self.source = source
    }

    /// `{"name": …, "source": …, "icon": …, "iconDark": …}` as the HTTP API writes it, icons only when known.
    public var json: JSONObject {
        var object = JSONObject(["name": .string(name), "source": .string(source.rawValue)])
        if let icon { object["icon"] = .string(icon.dataURL) }
        if let iconDark { object["iconDark"] = .string(iconDark.dataURL) }
        return object
    }

    /// Reads the API's `provider` object; icons that fail ``ProviderIcon``'s checks are dropped, not trusted.
    public init(json: JSONObject, in path: String) throws(WebAuthnError) {
        name = try json.requiredString("name", in: path)
        let sourceText = try json.requiredString("source", in: path)
        guard let source = Source(rawValue: sourceText) else {
            throw .malformed("\(path).source: expected 'metadata' or 'builtIn', found '\(sourceText)'")
        }
        self.source = source
        icon = try json.optionalString("icon", in: path).flatMap(ProviderIcon.init(dataURL:))
        iconDark = try json.optionalString("iconDark", in: path).flatMap(ProviderIcon.init(dataURL:))
    }
}
