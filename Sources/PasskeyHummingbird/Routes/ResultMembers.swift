import Foundation

/// The members a successful result carries, in the shapes `passkeys serve` uses (CONTRACT.md §2), so a client of
/// the conformance API reads an app's answers as it reads the server's.
enum ResultMembers {
    /// `user`: the account as WebAuthn names it (`id` is the user handle, base64url).
    static func user(_ user: some PasskeyUser) -> JSONValue {
        .object(JSONObject([
            "id": .string(Base64URL.encode(user.passkeyUserHandle)), "name": .string(user.passkeyUserName),
            "displayName": .string(user.passkeyDisplayName),
        ]))
    }

    /// `credential`: the new passkey as a passkey list shows it.
    static func credential(_ registered: RegisteredPasskey) -> JSONValue {
        let record = registered.credential
        return .object(JSONObject([
            "id": .string(Base64URL.encode(record.id)),
            "name": .string(record.name),
            "createdAt": .string(iso8601(record.createdAt)),
            "lastUsedAt": record.lastUsedAt.map { .string(iso8601($0)) } ?? .null,
            "aaguid": .string(record.aaguid),
            "authenticatorName": registered.authenticatorName.map(JSONValue.string) ?? .null,
            "format": .string(record.format),
            "backupEligible": .bool(record.backupEligible),
            "backupState": .bool(record.backupState),
            "transports": .array(record.transports.map(JSONValue.string)),
        ]))
    }

    /// RFC 3339 with milliseconds, UTC: `2026-11-23T10:09:01.123Z`.
    static func iso8601(_ milliseconds: Int64) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
