import PasskeyCore

/// The `user` and `credential` members of a successful ceremony answer, in the shapes of the conformance API as
/// `passkeys serve` writes them (docs/reference/http.md, "Bodies"), so every HTTP front end over ``Passkeys`` answers alike.
extension PasskeyUser {
    /// `{"id", "name", "displayName"}`: the account as WebAuthn names it (`id` is the user handle, base64url).
    public var userJSON: JSONObject {
        JSONObject(["id": .string(Base64URL.encode(passkeyUserHandle)), "name": .string(passkeyUserName), "displayName": .string(passkeyDisplayName)])
    }
}

extension CredentialRecord {
    /// The passkey as a passkey list shows it: ID, name, times (RFC 3339 UTC with milliseconds), AAGUID, who holds
    /// it (`provider`, with `authenticatorName` kept as its name for older clients), format, backup flags, transports.
    ///
    /// - Parameter provider: the provider or model behind the AAGUID (`AuthenticatorProviders` in PasskeyCore); nil writes
    ///   `null` for both `provider` and `authenticatorName`.
    public func summaryJSON(provider: AuthenticatorProvider?) -> JSONObject {
        JSONObject([
            "id": .string(Base64URL.encode(id)),
            "name": .string(name),
            "createdAt": .string(Timestamp.iso8601(createdAt)),
            "lastUsedAt": lastUsedAt.map { .string(Timestamp.iso8601($0)) } ?? .null,
            "aaguid": .string(aaguid),
            "authenticatorName": provider.map { .string($0.name) } ?? .null,
            "provider": provider.map { .object($0.json) } ?? .null,
            "format": .string(format),
            "backupEligible": .bool(backupEligible),
            "backupState": .bool(backupState),
            "transports": .array(transports.map(JSONValue.string)),
        ])
    }
}

/// Times as the API writes them.
public enum Timestamp {
    /// `2026-11-23T10:09:01.123Z`: RFC 3339 in UTC with milliseconds (`RFC3339.string(millisecondsSince1970:)` in PasskeyModel).
    public static func iso8601(_ milliseconds: Int64) -> String {
        RFC3339.string(millisecondsSince1970: milliseconds)
    }
}
