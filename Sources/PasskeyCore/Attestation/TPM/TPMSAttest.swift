/// `TPMS_ATTEST` for a `TPM2_Certify` result: the `certInfo` of a `tpm` attestation statement
/// (TCG TPM 2.0 Library Part 2 §10.12.12, WebAuthn L3 §8.3).
///
/// Parsed strictly: every field in order, sizes checked against the remaining bytes, no trailing bytes.
public struct TPMSAttest: Sendable {
    /// TPM_GENERATED_VALUE: the TPM produced this structure itself (Part 2 §6.2).
    public static let generatedValue: UInt32 = 0xFF54_4347
    /// TPM_ST_ATTEST_CERTIFY (Part 2 §6.9).
    public static let attestCertify: UInt16 = 0x8017

    public let magic: UInt32
    public let type: UInt16
    public let qualifiedSigner: [UInt8]
    public let extraData: [UInt8]
    public let clock: UInt64
    public let resetCount: UInt32
    public let restartCount: UInt32
    public let safe: Bool
    public let firmwareVersion: UInt64
    /// `TPMS_CERTIFY_INFO.name`: the Name of the certified object (nameAlg ‖ H(pubArea)).
    public let attestedName: [UInt8]
    public let attestedQualifiedName: [UInt8]

    public init(bytes: [UInt8]) throws(WebAuthnError) {
        var reader = ByteReader(bytes) { WebAuthnError(.invalidAttestationStatement, "attStmt (tpm).certInfo: \($0)") }
        magic = try reader.uint32("magic")
        type = try reader.uint16("type")
        qualifiedSigner = try reader.sized16("qualifiedSigner")
        extraData = try reader.sized16("extraData")
        // TPMS_CLOCK_INFO
        clock = try reader.uint64("clockInfo.clock")
        resetCount = try reader.uint32("clockInfo.resetCount")
        restartCount = try reader.uint32("clockInfo.restartCount")
        let safeByte = try reader.read(1, "clockInfo.safe")[0]
        guard safeByte <= 1 else {
            throw WebAuthnError(.invalidAttestationStatement, "attStmt (tpm).certInfo: expected clockInfo.safe to be a TPMI_YES_NO (0 or 1), found \(safeByte)")
        }
        safe = safeByte == 1
        firmwareVersion = try reader.uint64("firmwareVersion")
        // TPMU_ATTEST for TPM_ST_ATTEST_CERTIFY is TPMS_CERTIFY_INFO; other types have other layouts, so the
        // type is checked before reading on.
        guard type == Self.attestCertify else {
            throw WebAuthnError(.invalidAttestationStatement, "attStmt (tpm).certInfo.type: expected TPM_ST_ATTEST_CERTIFY (0x8017), found \(TPMAlgorithm.hex(type))")
        }
        attestedName = try reader.sized16("attested.name")
        attestedQualifiedName = try reader.sized16("attested.qualifiedName")
        try reader.requireEnd("certInfo")
    }
}
