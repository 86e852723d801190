public import SwiftASN1
public import X509

/// The Android Keystore attestation extension, `KeyDescription` (OID 1.3.6.1.4.1.11129.2.1.17), as documented in
/// "Key and ID attestation" (https://source.android.com/docs/security/features/keystore/attestation) and used by
/// WebAuthn L3 §8.4.
///
/// Read with BER rules: KeyMint implementations in the field do not all emit canonical DER (unsorted SET OF),
/// and the values are unambiguous either way.
public struct AndroidKeyDescription: Sendable {
    /// 1.3.6.1.4.1.11129.2.1.17: the extension of the Android Keystore leaf certificate that holds the description.
    public static let oid: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 11129, 2, 1, 17]

    /// Where Keystore (KeyMint) runs, and so how much its statements about the key are worth.
    public enum SecurityLevel: Int64, Sendable, CustomStringConvertible {
        /// In the Android OS: a compromised OS could lie about the key.
        case software = 0
        /// In a trusted execution environment (TEE) beside the OS.
        case trustedEnvironment = 1
        /// In a separate secure element (StrongBox), the strongest level.
        case strongBox = 2

        /// Android's name for the level (`Software`, `TrustedEnvironment`, `StrongBox`), as `passkeys inspect` shows
        /// it.
        public var description: String {
            switch self {
            case .software: "Software"
            case .trustedEnvironment: "TrustedEnvironment"
            case .strongBox: "StrongBox"
            }
        }
    }

    /// The subset of `AuthorizationList` that WebAuthn and `passkeys inspect` use.
    public struct AuthorizationList: Sendable {
        /// Tag numbers present, in order, so checks can ask "is X present" for any tag.
        public let tags: [UInt]
        /// purpose [1]: KM_PURPOSE_SIGN is 2.
        public let purposes: [Int64]
        /// algorithm [2]: 1 = RSA, 3 = EC.
        public let algorithm: Int64?
        /// keySize [3]
        public let keySize: Int64?
        /// origin [702]: KM_ORIGIN_GENERATED is 0.
        public let origin: Int64?
        /// osVersion [705], e.g. 140000 for Android 14.
        public let osVersion: Int64?
        /// osPatchLevel [706], YYYYMM.
        public let osPatchLevel: Int64?

        /// allApplications [600]
        public var hasAllApplications: Bool { tags.contains(600) }
    }

    /// The schema version of the description (Keymaster 1 to 4, KeyMint 100 and up), which decides its fields.
    public let attestationVersion: Int64
    /// Where the attestation was produced: a `software` attestation is the OS vouching for itself.
    public let attestationSecurityLevel: SecurityLevel
    /// The Keymaster or KeyMint version that made the key.
    public let keymasterVersion: Int64
    /// Where the key lives: a `software` key can be copied off a compromised device.
    public let keymasterSecurityLevel: SecurityLevel
    /// The challenge the app passed to Keystore: for WebAuthn, the client data hash, which §8.4 requires it to equal.
    public let attestationChallenge: [UInt8]
    /// Authorizations the OS enforces: trusted only with ``AndroidKeyAttestation/acceptSoftwareEnforced``.
    public let softwareEnforced: AuthorizationList
    /// `teeEnforced` in older schema versions, `hardwareEnforced` in KeyMint's.
    public let teeEnforced: AuthorizationList

    static func fail(_ message: String) -> WebAuthnError {
        WebAuthnError(.certificateInvalid, "attestation certificate (android-key): \(message)")
    }

    /// Reads the extension from the certificate; fails when it is absent or malformed.
    public init(certificate: Certificate) throws(WebAuthnError) {
        guard let ext = certificate.extensions[oid: Self.oid] else {
            throw Self.fail("expected the key attestation extension \(Self.oid), found none")
        }
        do {
            try self.init(der: Array(ext.value))
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw Self.fail("expected a well-formed KeyDescription in extension \(Self.oid), found bytes that do not parse (\(error))")
        }
    }

    init(der bytes: [UInt8]) throws {
        let root = try BER.parse(bytes)
        guard root.identifier == .sequence, case .constructed(let children) = root.content else {
            throw Self.fail("expected KeyDescription to be a SEQUENCE")
        }
        let fields = Array(children)
        guard fields.count >= 8 else { throw Self.fail("expected at least 8 KeyDescription fields, found \(fields.count)") }
        attestationVersion = try Self.integer(fields[0], "attestationVersion")
        attestationSecurityLevel = try Self.securityLevel(fields[1], "attestationSecurityLevel")
        keymasterVersion = try Self.integer(fields[2], "keymasterVersion")
        keymasterSecurityLevel = try Self.securityLevel(fields[3], "keymasterSecurityLevel")
        attestationChallenge = Array(try ASN1OctetString(berEncoded: fields[4]).bytes)
        softwareEnforced = try Self.authorizationList(fields[6], "softwareEnforced")
        teeEnforced = try Self.authorizationList(fields[7], "teeEnforced")
    }

    /// A small INTEGER or ENUMERATED (Android uses both for the same kind of value).
    static func integer(_ node: ASN1Node, _ field: String) throws -> Int64 {
        guard node.identifier == .integer || node.identifier == .enumerated, case .primitive(let raw) = node.content,
            !raw.isEmpty, raw.count <= 8
        else {
            throw fail("expected \(field) to be a small INTEGER, found tag \(node.identifier)")
        }
        // Two's complement, big-endian.
        var value: Int64 = raw.first.map { $0 & 0x80 != 0 ? -1 : 0 } ?? 0
        for byte in raw { value = value << 8 | Int64(byte) }
        return value
    }

    static func securityLevel(_ node: ASN1Node, _ field: String) throws -> SecurityLevel {
        let raw = try integer(node, field)
        guard let level = SecurityLevel(rawValue: raw) else { throw fail("expected \(field) 0, 1 or 2, found \(raw)") }
        return level
    }

    static func authorizationList(_ node: ASN1Node, _ field: String) throws -> AuthorizationList {
        guard node.identifier == .sequence, case .constructed(let entries) = node.content else {
            throw fail("expected \(field) to be a SEQUENCE (AuthorizationList)")
        }
        var tags: [UInt] = []
        var purposes: [Int64] = []
        var values: [UInt: Int64] = [:]
        for entry in entries {
            // Every AuthorizationList member is [tag] EXPLICIT.
            guard entry.identifier.tagClass == .contextSpecific, case .constructed(let wrapped) = entry.content,
                let inner = wrapped.first(where: { _ in true })
            else {
                throw fail("expected every \(field) member to be an explicitly tagged value, found tag \(entry.identifier)")
            }
            let tag = entry.identifier.tagNumber
            tags.append(tag)
            switch tag {
            case 1:
                guard case .constructed(let set) = inner.content else { throw fail("expected \(field).purpose to be a SET OF INTEGER") }
                for item in set { purposes.append(try integer(item, "\(field).purpose")) }
            case 2, 3, 702, 705, 706:
                values[tag] = try integer(inner, "\(field)[\(tag)]")
            default:
                continue
            }
        }
        return AuthorizationList(
            tags: tags, purposes: purposes, algorithm: values[2], keySize: values[3], origin: values[702],
            osVersion: values[705], osPatchLevel: values[706])
    }
}
