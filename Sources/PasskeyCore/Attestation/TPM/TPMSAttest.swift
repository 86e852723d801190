/// `TPMS_ATTEST` for a `TPM2_Certify` result: the `certInfo` of a `tpm` attestation statement
/// (TCG TPM 2.0 Library Part 2 §10.12.12, WebAuthn L3 §8.3).
///
/// Parsed strictly: every field in order, sizes checked against the remaining bytes, no trailing bytes.
public struct TPMSAttest: Sendable {
    /// TPM_GENERATED_VALUE: the TPM produced this structure itself (Part 2 §6.2).
    public static let generatedValue: UInt32 = 0xFF54_4347
    /// TPM_ST_ATTEST_CERTIFY (Part 2 §6.9).
    public static let attestCertify: UInt16 = 0x8017

    /// Must be ``generatedValue``: a TPM writes it only into structures it made itself, so a caller cannot have the AIK
    /// sign a forged one (§8.3).
    public let magic: UInt32
    /// The attestation structure type; parsing accepts only ``attestCertify``, the result of `TPM2_Certify`.
    public let type: UInt16
    /// The Qualified Name of the signing key (the AIK). WebAuthn ignores it; risk engines may look at it.
    public let qualifiedSigner: [UInt8]
    /// The caller's data: for WebAuthn, the hash (with `alg`'s hash function) of `authenticatorData ‖ clientDataHash`,
    /// which binds the statement to this ceremony.
    public let extraData: [UInt8]
    /// `clockInfo.clock`: milliseconds the TPM has been powered on, as it counts them. Informational.
    public let clock: UInt64
    /// `clockInfo.resetCount`: TPM resets since it was manufactured or cleared. Informational.
    public let resetCount: UInt32
    /// `clockInfo.restartCount`: restarts since the last reset. Informational.
    public let restartCount: UInt32
    /// `clockInfo.safe`: whether ``clock`` is known not to have gone backwards. Informational.
    public let safe: Bool
    /// The TPM vendor's firmware version. Informational; metadata or a risk engine may care.
    public let firmwareVersion: UInt64
    /// `TPMS_CERTIFY_INFO.name`: the Name of the certified object (nameAlg ‖ H(pubArea)).
    public let attestedName: [UInt8]
    /// `TPMS_CERTIFY_INFO.qualifiedName`: the certified object's Qualified Name, which includes its hierarchy. Not
    /// checked by WebAuthn.
    public let attestedQualifiedName: [UInt8]

    /// Parses `certInfo` bytes, refusing any type but ``attestCertify`` and anything after the structure.
    ///
    /// - Throws: `WebAuthnError` (`invalidAttestationStatement`) naming the field that is missing or wrong.
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
            throw WebAuthnError(
                .invalidAttestationStatement, "attStmt (tpm).certInfo: expected clockInfo.safe to be a TPMI_YES_NO (0 or 1), found \(safeByte)")
        }
        safe = safeByte == 1
        firmwareVersion = try reader.uint64("firmwareVersion")
        // TPMU_ATTEST for TPM_ST_ATTEST_CERTIFY is TPMS_CERTIFY_INFO; other types have other layouts, so the
        // type is checked before reading on.
        guard type == Self.attestCertify else {
            throw WebAuthnError(
                .invalidAttestationStatement, "attStmt (tpm).certInfo.type: expected TPM_ST_ATTEST_CERTIFY (0x8017), found \(TPMAlgorithm.hex(type))")
        }
        attestedName = try reader.sized16("attested.name")
        attestedQualifiedName = try reader.sized16("attested.qualifiedName")
        try reader.requireEnd("certInfo")
    }
}
