import Crypto
import _CryptoExtras
import SwiftASN1
import X509

extension SignatureKey {
    /// The certificate's subject public key as a ``SignatureKey``, or nil for a key type WebAuthn does not use.
    init?(certificate: Certificate) {
        let key = certificate.publicKey
        if let k = P256.Signing.PublicKey(key) { self = .p256(k) }
        else if let k = P384.Signing.PublicKey(key) { self = .p384(k) }
        else if let k = P521.Signing.PublicKey(key) { self = .p521(k) }
        else if let k = Curve25519.Signing.PublicKey(key) { self = .ed25519(k) }
        else if let k = _RSA.Signing.PublicKey(key) { self = .rsa(k) }
        else { return nil }
    }
}

extension SignatureKey {
    /// The key as DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): the value of L3's `getPublicKey()` (§5.2.1.1), which
    /// relying parties that cannot read COSE use. (X509's `subjectPublicKeyInfoBytes` is only the BIT STRING's
    /// contents, the bare key, so the whole structure is serialized here.)
    public func subjectPublicKeyInfo() throws(WebAuthnError) -> [UInt8] {
        let key: Certificate.PublicKey
        switch self {
        case .p256(let k): key = Certificate.PublicKey(k)
        case .p384(let k): key = Certificate.PublicKey(k)
        case .p521(let k): key = Certificate.PublicKey(k)
        case .ed25519(let k): key = Certificate.PublicKey(k)
        case .rsa(let k): key = Certificate.PublicKey(k)
        }
        var serializer = DER.Serializer()
        do { try serializer.serialize(key) } catch {
            throw WebAuthnError(.invalidPublicKey, "the credential public key could not be written as SubjectPublicKeyInfo: \(error)")
        }
        return serializer.serializedBytes
    }
}
