import Crypto
import SwiftASN1
public import X509

/// The Apple Anonymous attestation statement format, `apple` (WebAuthn L3 §8.8): `{x5c: [credCert, …]}`, where
/// Apple's anonymization CA issues a certificate for the credential key carrying a nonce over the ceremony.
public struct AppleAttestation: AttestationStatementVerifier {
    public let format = "apple"
    /// The `apple` verifier; it has no options.
    public init() {}

    /// The nonce extension (1.2.840.113635.100.8.2): `SEQUENCE { [1] EXPLICIT OCTET STRING nonce }`.
    static let nonceOID: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 8, 2]

    /// Chains end in the Apple WebAuthn Root CA.
    public var builtInRoots: [Certificate] { [BuiltInRoots.appleWebAuthnRootCA] }

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        // Step 1.
        let reader = StatementReader(statement: input.statement, format: format)
        // Devices on iOS 14 also sent `alg` (the credential key's algorithm), which §8.8 does not define; it is
        // accepted only when it says exactly that, so the statement still means one thing.
        try reader.requireOnly(["x5c", "alg"])
        if input.statement[textKey: "alg"] != nil {
            let alg = try reader.algorithm()
            guard alg == input.credentialPublicKey.algorithm else {
                throw reader.invalid("expected the optional 'alg' to be the credential key's \(input.credentialPublicKey.algorithm), found \(alg)")
            }
        }
        guard let chain = try reader.certificates() else { throw reader.invalid("expected an 'x5c' array with credCert, found none") }
        let credCert = chain[0]
        // Steps 2–3: nonce = SHA-256(authenticatorData ‖ clientDataHash).
        let expected = Array(SHA256.hash(data: input.authenticatorData.rawBytes + input.clientDataHash))
        // Step 4: it equals the nonce extension of credCert.
        let found = try Self.nonce(in: credCert)
        guard found == expected else {
            throw reader.invalid(
                "expected credCert's nonce extension \(Self.nonceOID) to equal SHA-256(authenticatorData ‖ clientDataHash), found different bytes")
        }
        // Step 5: credCert's public key is the credential public key.
        guard let key = SignatureKey(certificate: credCert), key.isSameKey(as: input.credentialPublicKey.key) else {
            throw reader.invalid("expected credCert's public key to be the credential public key, found a different key")
        }
        // Step 6.
        return AttestationOutcome(type: .anonCA, trustPath: chain)
    }

    /// The nonce credCert carries (§8.8 step 4), for display and checks.
    public static func nonce(in certificate: Certificate) throws(WebAuthnError) -> [UInt8] {
        func fail(_ message: String) -> WebAuthnError { WebAuthnError(.certificateInvalid, "credCert (apple): \(message)") }
        guard let ext = certificate.extensions[oid: nonceOID] else { throw fail("expected the nonce extension \(nonceOID), found none") }
        do {
            let root = try DER.parse(ext.value)
            guard root.identifier == .sequence, case .constructed(let children) = root.content,
                let tagged = children.first(where: { _ in true }),
                tagged.identifier == ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific),
                case .constructed(let inner) = tagged.content, let octets = inner.first(where: { _ in true })
            else {
                throw fail("expected the nonce extension to be SEQUENCE { [1] OCTET STRING }, found another shape")
            }
            return Array(try ASN1OctetString(derEncoded: octets).bytes)
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw fail("expected a DER nonce extension, found bytes that do not parse (\(error))")
        }
    }
}
