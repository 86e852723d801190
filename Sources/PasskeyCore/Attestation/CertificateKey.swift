import Crypto
import X509
import _CryptoExtras

extension SignatureKey {
    /// The certificate's subject public key as a ``SignatureKey``, or nil for a key type WebAuthn does not use.
    init?(certificate: Certificate) {
        let key = certificate.publicKey
        if let k = P256.Signing.PublicKey(key) {
            self = .p256(k)
        } else if let k = P384.Signing.PublicKey(key) {
            self = .p384(k)
        } else if let k = P521.Signing.PublicKey(key) {
            self = .p521(k)
        } else if let k = Curve25519.Signing.PublicKey(key) {
            self = .ed25519(k)
        } else if let k = _RSA.Signing.PublicKey(key) {
            self = .rsa(k)
        } else {
            return nil
        }
    }
}
