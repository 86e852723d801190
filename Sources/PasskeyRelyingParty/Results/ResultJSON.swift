import PasskeyCore

/// The `user` and `credential` members of a successful ceremony answer, in the shapes of the conformance API as
/// `passkeys serve` writes them (CONTRACT.md §2), so every HTTP front end over ``Passkeys`` answers alike.
extension PasskeyUser {
    /// `{"id", "name", "displayName"}`: the account as WebAuthn names it (`id` is the user handle, base64url).
    public var userJSON: JSONObject {
        JSONObject(["id": .string(Base64URL.encode(passkeyUserHandle)), "name": .string(passkeyUserName), "displayName": .string(passkeyDisplayName)])
    }
}

extension CredentialRecord {
    /// The passkey as a passkey list shows it: ID, name, times (RFC 3339 UTC with milliseconds), AAGUID and the
    /// authenticator's name, format, backup flags, transports.
    ///
    /// - Parameter authenticatorName: the model's name (FIDO metadata or the built-in AAGUID list); nil writes `null`.
    public func summaryJSON(authenticatorName: String?) -> JSONObject {
        JSONObject([
            "id": .string(Base64URL.encode(id)),
            "name": .string(name),
            "createdAt": .string(Timestamp.iso8601(createdAt)),
            "lastUsedAt": lastUsedAt.map { .string(Timestamp.iso8601($0)) } ?? .null,
            "aaguid": .string(aaguid),
            "authenticatorName": authenticatorName.map(JSONValue.string) ?? .null,
            "format": .string(format),
            "backupEligible": .bool(backupEligible),
            "backupState": .bool(backupState),
            "transports": .array(transports.map(JSONValue.string)),
        ])
    }
}

/// Times as the API writes them.
public enum Timestamp {
    /// `2026-11-23T10:09:01.123Z`, written directly: an `ISO8601DateFormatter` per call showed in the profile.
    public static func iso8601(_ milliseconds: Int64) -> String {
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, millis) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : (seconds.quotient, seconds.remainder)
        let days = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = days.remainder < 0 ? (days.quotient - 1, days.remainder + 86_400) : (days.quotient, days.remainder)
        // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }
}
