public import Foundation
public import SwiftASN1
public import X509

/// One attestation statement format's verification procedure (WebAuthn L3 §8).
public protocol AttestationStatementVerifier: Sendable {
    /// The `fmt` identifier this verifier handles, matched case-sensitively (§7.1 step 21).
    var format: String { get }
    /// Runs the format's verification procedure on `attStmt`, `authData` and the client data hash (§7.1 step 22).
    func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome
    /// Roots the format itself mandates (Apple's, Google's), used as trust anchors for this format only when
    /// ``AttestationPolicy/useBuiltInRoots`` is on. Empty for formats whose roots come from the RP or metadata.
    var builtInRoots: [Certificate] { get }
    /// Critical extensions of the attestation certificate that ``verify(_:)`` enforces itself, which chain
    /// validation may therefore treat as handled (TPM's Subject Alternative Name).
    var checkedCriticalExtensions: [ASN1ObjectIdentifier] { get }
    /// Where the format's trust path may hold a self-signed root, for the chain soundness check every trust path
    /// passes (``AttestationChain``).
    var chainRoots: AttestationChain.RootPlacement { get }
}

extension AttestationStatementVerifier {
    public var builtInRoots: [Certificate] { [] }
    public var checkedCriticalExtensions: [ASN1ObjectIdentifier] { [] }
    public var chainRoots: AttestationChain.RootPlacement { .refused }
}

/// What §7.1 step 22 hands to a format's verification procedure.
public struct AttestationInput: Sendable {
    /// `attStmt`: the format-specific statement, a CBOR map still to be read by the format.
    public let statement: [CBORPair]
    /// The authenticator data the statement signs (`authData`), parsed; its raw bytes are what signatures cover.
    public let authenticatorData: AuthenticatorData
    /// The new credential's ID, AAGUID and key bytes, which the format may have to match against its certificates.
    public let attestedCredential: AttestedCredentialData
    /// The credential public key, already checked: self attestation verifies with it, TPM compares it with `pubArea`.
    public let credentialPublicKey: CredentialPublicKey
    /// SHA-256 of `clientDataJSON` (§7.1 step 12): appended to the authenticator data, the message the attestation
    /// signs.
    public let clientDataHash: [UInt8]
    /// The instant the relying party verifies at (the policy's clock), for formats with freshness rules.
    public let verificationTime: Date
}

/// What a format's verification procedure returns: the attestation type and trust path (§6.5.3).
public struct AttestationOutcome: Sendable {
    /// The attestation type the statement proved (§6.5.3), such as `basic` for a packed statement with `x5c`.
    public let type: AttestationType
    /// The X.509 trust path, leaf first; empty for none and self attestation.
    public let trustPath: [Certificate]

    /// An outcome of `type` with the certificates that support it, leaf first.
    public init(type: AttestationType, trustPath: [Certificate]) {
        self.type = type
        self.trustPath = trustPath
    }
}

/// Reads attestation statement members with precise errors.
struct StatementReader {
    let statement: [CBORPair]
    let format: String

    func invalid(_ message: String) -> WebAuthnError {
        WebAuthnError(.invalidAttestationStatement, "attStmt (\(format)): \(message)")
    }

    /// Rejects members the format does not define, so a statement means exactly one thing.
    func requireOnly(_ keys: Set<String>) throws(WebAuthnError) {
        for pair in statement {
            guard case .text(let key) = pair.key, keys.contains(key) else {
                let shown = pair.key.textValue.map { "'\($0)'" } ?? pair.key.typeName
                throw invalid("expected only the members \(keys.sorted().joined(separator: ", ")), found \(shown)")
            }
        }
    }

    func int(_ key: String) throws(WebAuthnError) -> Int64 {
        guard let value = statement[textKey: key] else { throw invalid("expected an integer '\(key)', found none") }
        guard let int = value.intValue else { throw invalid("expected '\(key)' to be an integer, found \(value.typeName)") }
        return int
    }

    func bytes(_ key: String) throws(WebAuthnError) -> [UInt8] {
        guard let value = statement[textKey: key] else { throw invalid("expected a byte string '\(key)', found none") }
        guard case .bytes(let b) = value else { throw invalid("expected '\(key)' to be a byte string, found \(value.typeName)") }
        return b
    }

    /// The `alg` member as a known COSE algorithm.
    func algorithm(_ key: String = "alg") throws(WebAuthnError) -> COSEAlgorithm {
        let raw = try int(key)
        guard let alg = COSEAlgorithm(rawValue: raw) else {
            throw WebAuthnError(.unsupportedAlgorithm, "attStmt (\(format)).\(key): expected a supported COSE algorithm, found \(raw)")
        }
        return alg
    }

    /// The attestation certificate's key, checked to be usable with `alg` for this format's signature. RSA with
    /// SHA-1 (RS1) is refused here for every format but `tpm`, the only one §8 allows it in.
    func signingKey(of certificate: Certificate, for alg: COSEAlgorithm) throws(WebAuthnError) -> SignatureKey {
        guard alg != .rs1 || format == "tpm" else {
            throw WebAuthnError(
                .unsupportedAlgorithm, "attStmt (\(format)).alg: RS1 (SHA-1) is allowed only in TPM attestation, found it in \(format)")
        }
        guard let key = SignatureKey(certificate: certificate) else {
            throw WebAuthnError(
                .certificateInvalid, "attStmt (\(format)).x5c[0]: expected an EC, Ed25519 or RSA public key, found \(certificate.publicKey)")
        }
        guard key.supports(alg) else { throw invalid("alg \(alg) does not fit the attestation certificate's key, \(key.kindDescription)") }
        return key
    }

    /// The `x5c` member: a non-empty array of DER certificates, leaf first, at most ``maximumChainLength``.
    func certificates(_ key: String = "x5c") throws(WebAuthnError) -> [Certificate]? {
        guard let value = statement[textKey: key] else { return nil }
        guard case .array(let items) = value else { throw invalid("expected '\(key)' to be an array, found \(value.typeName)") }
        guard !items.isEmpty else { throw invalid("expected '\(key)' to hold at least one certificate, found an empty array") }
        guard items.count <= Self.maximumChainLength else {
            throw WebAuthnError(
                .inputTooLarge, "attStmt (\(format)).\(key): expected at most \(Self.maximumChainLength) certificates, found \(items.count)")
        }
        var certificates: [Certificate] = []
        for (index, item) in items.enumerated() {
            guard case .bytes(let der) = item else { throw invalid("expected \(key)[\(index)] to be a byte string, found \(item.typeName)") }
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw WebAuthnError(
                    .certificateInvalid,
                    "attStmt (\(format)).\(key)[\(index)]: expected a DER-encoded X.509 certificate, found bytes that do not parse as one (\(error))")
            }
        }
        return certificates
    }

    static let maximumChainLength = 8
}
