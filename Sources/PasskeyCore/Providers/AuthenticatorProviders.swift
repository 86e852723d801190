public import PasskeyModel

/// Who holds a passkey, by its AAGUID: FIDO metadata first (MDS3 with Metadata Statement 3.1.1's localized
/// `friendlyNames`, `icon`/`iconDark` and provider logos), then the built-in table of well-known passkey providers.
///
/// The AAGUID is the authenticator's own claim unless its attestation was trusted (``AuthenticatorPolicy``): the
/// provider shown is a label for people, never a security decision.
public enum AuthenticatorProviders {
    /// The provider for `aaguid`, or nil when neither metadata nor the table knows it (and for the all-zero AAGUID,
    /// which U2F devices and authenticators that hide their model send).
    /// - Parameters:
    ///   - aaguid: the AAGUID recorded with the credential.
    ///   - metadata: verified FIDO metadata, when the relying party has it.
    ///   - languages: the reader's preferred languages, best first, as BCP 47 tags (an `Accept-Language` list);
    ///     `friendlyNames` in the first language metadata has is used, else English, else the model's description.
    public static func provider(for aaguid: AAGUID, metadata: MetadataIndex?, languages: [String] = []) -> AuthenticatorProvider? {
        guard aaguid != .zero else { return nil }
        // Names from metadata pass a rename's rules (``UserFacingName``: length, no control or bidirectional
        // characters) before they are shown or stored as a passkey's name; one that fails is not used.
        if let entry = metadata?.entry(for: aaguid),
            let name = friendlyName(entry.friendlyNames, languages: languages) ?? entry.description.flatMap(UserFacingName.acceptable)
        {
            // Metadata Statement 3.1.1: the model's own icon first, the provider's logo where the model has none.
            let icon = (entry.icon ?? entry.providerLogoLight).flatMap(ProviderIcon.init(dataURL:))
            let iconDark = (entry.iconDark ?? entry.providerLogoDark).flatMap(ProviderIcon.init(dataURL:))
            return AuthenticatorProvider(name: name, icon: icon, iconDark: iconDark, source: .metadata)
        }
        // The built-in names pass the same rules (a test reads them all); checked here too, as they are for metadata.
        return KnownPasskeyProviders.byAAGUID[aaguid].flatMap(UserFacingName.acceptable).map { AuthenticatorProvider(name: $0, source: .builtIn) }
    }

    /// The provider for an AAGUID in its text form, as stored with a credential; nil for text that is not a UUID.
    public static func provider(for aaguid: String, metadata: MetadataIndex?, languages: [String] = []) -> AuthenticatorProvider? {
        AAGUID(string: aaguid).flatMap { provider(for: $0, metadata: metadata, languages: languages) }
    }

    /// The name in the first of `languages` that `names` has: an exact tag, then the same primary language
    /// ("de" for "de-CH"), then English (`en-US`, `en`), in that order; nil when `names` is empty. Names that break
    /// ``UserFacingName``'s rules are left out, as if the metadata did not have them.
    static func friendlyName(_ names: [String: String], languages: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        var byTag: [String: String] = [:]
        for (tag, text) in names { if let name = UserFacingName.acceptable(text) { byTag[tag.lowercased()] = name } }
        func primary(_ tag: String) -> Substring { tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag) }
        for language in languages.map({ $0.lowercased() }) + ["en-us", "en"] {
            if let name = byTag[language] { return name }
            let wanted = primary(language)
            if let tag = byTag.keys.sorted().first(where: { primary($0) == wanted }), let name = byTag[tag] { return name }
        }
        return byTag.keys.sorted().first.flatMap { byTag[$0] }
    }
}
