import ArgumentParser
import Foundation
import PasskeyCore
import PasskeyServer
import X509

/// Attestation flags shared by `verify registration` and `serve`: trust anchors, FIDO metadata and the policy
/// choices of individual formats.
struct AttestationOptions: ParsableArguments {
    @Option(
        name: .customLong("trust-anchor"), parsing: .unconditionalSingleValue,
        help: "A PEM or DER root certificate the attestation chain may end in (repeatable).")
    var trustAnchors: [String] = []

    @Flag(name: .customLong("require-trusted-attestation"), help: "Fail (untrustedAttestation) unless the attestation chain ends in a trust anchor.")
    var requireTrustedAttestation = false

    @Flag(name: .customLong("no-built-in-roots"), help: "Do not trust the roots compiled in for apple, android-key and android-safetynet.")
    var noBuiltInRoots = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A FIDO Metadata Service BLOB (JWT) to verify and use: per-model trust anchors and status.", valueName: "file"))
    var metadata: String?

    @Option(
        name: .customLong("metadata-root"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A PEM or DER root the metadata BLOB must chain to (repeatable; default: FIDO's, GlobalSign Root R46 and Root CA - R3).",
            valueName: "file"))
    var metadataRoots: [String] = []

    @Option(
        name: .customLong("metadata-crl"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A DER or PEM CRL for the metadata BLOB's signing chain (repeatable).", valueName: "file"))
    var metadataCRLs: [String] = []

    @Option(
        name: .customLong("allow-aaguid"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Admit only these authenticator models, by AAGUID (repeatable); judged on an AAGUID a trusted attestation proves.", valueName: "uuid"))
    var allowedAAGUIDs: [String] = []

    @Option(
        name: .customLong("deny-aaguid"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Refuse these authenticator models, by AAGUID (repeatable).", valueName: "uuid"))
    var deniedAAGUIDs: [String] = []

    @Flag(
        name: .customLong("allow-unproven-aaguid"),
        help: "Judge --allow-aaguid on the AAGUID the authenticator claims, without a trusted attestation (keeps out honest models only).")
    var allowUnprovenAAGUID = false

    @Flag(name: .customLong("android-key-allow-software-enforced"), help: "android-key: also accept origin/purpose from the softwareEnforced list.")
    var androidKeyAllowSoftwareEnforced = false

    @Flag(name: .customLong("safetynet-allow-basic-integrity"), help: "android-safetynet: do not require ctsProfileMatch.")
    var safetyNetAllowBasicIntegrity = false

    @Option(
        name: .customLong("safetynet-max-age"), parsing: .unconditional,
        help: ArgumentHelp("android-safetynet: how many seconds old timestampMs may be; 'off' skips the check.", valueName: "seconds"))
    var safetyNetMaxAge: String = "60"

    func validate() throws {
        guard safetyNetMaxAge == "off" || Double(safetyNetMaxAge).map({ $0 >= 0 }) == true else {
            throw ValidationError("--safetynet-max-age: expected a number of seconds or 'off', found '\(safetyNetMaxAge)'")
        }
        _ = try authenticatorPolicy()
        if allowUnprovenAAGUID, allowedAAGUIDs.isEmpty {
            throw ValidationError("--allow-unproven-aaguid needs --allow-aaguid")
        }
    }

    /// The attestation policy these flags describe; verifies the metadata BLOB, if any, at `time`.
    func policy(at time: Date) async throws -> AttestationPolicy {
        let anchors = try trustAnchors.flatMap { try InputFiles.certificates($0) }
        let formats = AttestationFormats.standard(
            androidKey: AndroidKeyAttestation(acceptSoftwareEnforced: androidKeyAllowSoftwareEnforced),
            safetyNet: SafetyNetAttestation(requireCTSProfileMatch: !safetyNetAllowBasicIntegrity, maximumAge: Double(safetyNetMaxAge)))
        return AttestationPolicy(
            trustAnchors: anchors, requireTrustedAttestation: requireTrustedAttestation, formats: formats,
            useBuiltInRoots: !noBuiltInRoots, metadata: try await loadMetadata(at: time), authenticators: try authenticatorPolicy())
    }

    /// The allow and deny lists these flags describe; a value that is not a UUID is a usage error.
    func authenticatorPolicy() throws -> AuthenticatorPolicy {
        func aaguids(_ values: [String], _ flag: String) throws -> Set<AAGUID> {
            Set(
                try values.map { value in
                    guard let aaguid = AAGUID(string: value) else {
                        throw ValidationError("--\(flag): expected an AAGUID such as 00000000-0000-0000-0000-000000000000, found '\(value)'")
                    }
                    return aaguid
                })
        }
        let allowed = try aaguids(allowedAAGUIDs, "allow-aaguid"), denied = try aaguids(deniedAAGUIDs, "deny-aaguid")
        if let both = allowed.intersection(denied).first {
            throw ValidationError("--allow-aaguid and --deny-aaguid both name \(both)")
        }
        return AuthenticatorPolicy(allowed: allowed.isEmpty ? nil : allowed, denied: denied, requireProof: !allowUnprovenAAGUID)
    }

    /// Reads and verifies the BLOB. Configuration files (roots, CRLs) that cannot be read are usage errors;
    /// a BLOB that fails verification is a `metadataInvalid` WebAuthnError.
    func loadMetadata(at time: Date) async throws -> MetadataIndex? {
        guard let metadata else { return nil }
        // Read into one buffer, its size checked first (no Data and copy of it: scripts/measure-metadata-memory measures the peak).
        let blob: [UInt8]
        do { blob = try MetadataFile.contents(of: metadata, maximumBytes: MetadataBLOB.maximumSize) } catch {
            throw UsageError("cannot read the metadata BLOB: \(error)")
        }
        return try await MetadataBLOB.verify(blob, roots: try metadataRootCertificates(), crls: try Self.revocationLists(metadataCRLs), at: time)
    }

    /// The `--metadata-root` certificates, or the built-in metadata roots when none is given.
    func metadataRootCertificates() throws -> [Certificate] {
        metadataRoots.isEmpty ? MetadataRefreshConfiguration.defaultRoots : try metadataRoots.flatMap { try InputFiles.certificates($0) }
    }

    /// The CRLs in `paths` (`--metadata-crl`), read now: the refresher reads them again before each verification.
    static func revocationLists(_ paths: [String]) throws -> [CertificateRevocationList] {
        try paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read the CRL '\(path)'") }
            return try CertificateRevocationList(bytes: Array(data))
        }
    }
}
