public import Foundation
public import PasskeyModel

/// One passkey of the signed-in account, as `GET /credentials` lists it (docs/reference/http.md, "Bodies").
public struct PasskeySummary: Sendable, Equatable, Identifiable {
    /// The credential ID, base64url: the `{id}` of `PATCH` / `DELETE /credentials/{id}`.
    public let id: String
    /// The name the user gave it, or the one the server chose (the authenticator model).
    public let name: String
    /// When the passkey was registered.
    public let createdAt: Date
    /// When it last signed in; nil when it never has.
    public let lastUsedAt: Date?
    /// The authenticator model's AAGUID as the server shows it (8-4-4-4-12 hex); all zeroes when the model is not
    /// disclosed.
    public let aaguid: String
    /// The authenticator model, when the server knows it (FIDO metadata or its built-in table).
    public let authenticatorName: String?
    /// The attestation statement format it was registered with.
    public let format: String
    /// Whether the passkey can be synced or backed up (BE), as recorded at registration: a synced passkey survives the
    /// loss of a device.
    public let backupEligible: Bool
    /// Whether it was backed up (BS) when last seen: at registration or its latest sign-in.
    public let backupState: Bool
    /// How the client reached the authenticator at registration (`internal`, `hybrid`, `usb`, …).
    public let transports: [String]
    /// Who holds the passkey (iCloud Keychain, Google Password Manager, a security key model), with icons for light and
    /// dark backgrounds, whatever the user named it; nil when the server does not know the AAGUID or is older.
    public let provider: AuthenticatorProvider?

    init(json: JSONObject, in path: String) throws(WebAuthnError) {
        id = try json.requiredString("id", in: path)
        name = try json.requiredString("name", in: path)
        createdAt = try Self.date(json.requiredString("createdAt", in: path), field: "\(path).createdAt")
        if let text = try json.nullableString("lastUsedAt", in: path) {
            lastUsedAt = try Self.date(text, field: "\(path).lastUsedAt")
        } else {
            lastUsedAt = nil
        }
        aaguid = try json.requiredString("aaguid", in: path)
        authenticatorName = try json.nullableString("authenticatorName", in: path)
        format = try json.requiredString("format", in: path)
        backupEligible = try json.optionalBool("backupEligible", in: path) ?? false
        backupState = try json.optionalBool("backupState", in: path) ?? false
        transports = try json.optionalStringArray("transports", in: path) ?? []
        switch json["provider"] {
        case nil, .null?: provider = nil
        case .object(let object)?: provider = try AuthenticatorProvider(json: object, in: "\(path).provider")
        case let other?: throw WebAuthnError(.malformedInput, "\(path).provider: expected an object or null, found \(other.typeName)")
        }
    }

    /// RFC 3339 date-times, with or without fractional seconds.
    static func date(_ text: String, field: String) throws(WebAuthnError) -> Date {
        guard let seconds = RFC3339.secondsSince1970(text) else {
            throw WebAuthnError(.malformedInput, "\(field): expected an RFC 3339 date-time, found '\(text)'")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
