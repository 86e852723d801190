/// The flags byte of authenticator data (WebAuthn L3 §6.1, table "flags").
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The flags byte as it appears in authenticator data (byte 32).
    public let rawValue: UInt8
    /// Flags from the byte; bits WebAuthn reserves (1 and 5) are kept, so ``names`` can show them.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0, User Present.
    public static let userPresent = AuthenticatorFlags(rawValue: 1 << 0)
    /// Bit 2, User Verified.
    public static let userVerified = AuthenticatorFlags(rawValue: 1 << 2)
    /// Bit 3, Backup Eligibility.
    public static let backupEligible = AuthenticatorFlags(rawValue: 1 << 3)
    /// Bit 4, Backup State.
    public static let backupState = AuthenticatorFlags(rawValue: 1 << 4)
    /// Bit 6, Attested credential data included.
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 1 << 6)
    /// Bit 7, Extension data included.
    public static let extensionData = AuthenticatorFlags(rawValue: 1 << 7)

    /// The flags by their spec names (UP, UV, BE, BS, AT, ED), plus RFU bits if any are set.
    public var names: [String] {
        var out: [String] = []
        if contains(.userPresent) { out.append("UP") }
        if rawValue & 0x02 != 0 { out.append("RFU1") }
        if contains(.userVerified) { out.append("UV") }
        if contains(.backupEligible) { out.append("BE") }
        if contains(.backupState) { out.append("BS") }
        if rawValue & 0x20 != 0 { out.append("RFU2") }
        if contains(.attestedCredentialData) { out.append("AT") }
        if contains(.extensionData) { out.append("ED") }
        return out
    }

    /// The set flags' names separated by spaces, such as `UP UV BE BS AT`; empty for no flags.
    public var description: String { names.joined(separator: " ") }
}
