import X509

/// Root certificates that an attestation statement format names as its only valid anchor (WebAuthn L3 §8.4,
/// §8.5, §8.8) and the FIDO Metadata Service root, compiled in so a relying party gets them without configuration.
///
/// Each lives in its own file with where it is published. They are public certificates, not secrets; a test
/// checks that every one parses, is self-signed and has the SHA-256 fingerprint written next to it.
public enum BuiltInRoots {
    /// Decodes a compiled-in base64 DER constant. The constants are fixed at build time and checked by tests,
    /// so a failure here is a defect in this file set, not bad input.
    static func certificate(_ name: String, base64 lines: String) -> Certificate {
        let text = lines.filter { !$0.isWhitespace }
        guard let der = try? Base64URL.decode(text, strictness: .lenient),
            let certificate = try? Certificate(derEncoded: der)
        else {
            preconditionFailure("built-in root '\(name)' does not decode; the compiled-in constant is corrupt")
        }
        return certificate
    }
}
