import Crypto
import PasskeyCore

/// Sign-in options for a username that has no account, indistinguishable from a real user's (against username
/// enumeration through `/assertion/options`).
///
/// Everything is derived with HMAC-SHA-256 under a deployment secret from the username alone, so repeated calls
/// answer the same, every instance on one database answers alike, and nobody without the secret can tell these IDs
/// from real ones. ID lengths follow common authenticators; like real sign-in options, they carry no transports.
struct StandInCredentials: Sendable {
    let key: SymmetricKey

    init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
    }

    /// A user handle no account has: a sign-in begun for it cannot be finished by any stored credential.
    func userHandle(for username: String) -> [UInt8] {
        mac("user-handle", username)
    }

    /// One or two credential descriptors for `username`.
    func descriptors(for username: String) -> [PublicKeyCredentialDescriptorJSON] {
        let shape = mac("shape", username)
        let count = shape[0] & 0x03 == 0 ? 2 : 1
        return (0..<count).map { index in
            let length = Self.lengths[Int(shape[1 + index]) % Self.lengths.count]
            var id: [UInt8] = []
            var block = 0
            while id.count < length {
                id += mac("credential-id/\(index)/\(block)", username)
                block += 1
            }
            return PublicKeyCredentialDescriptorJSON(id: Array(id.prefix(length)))
        }
    }

    /// Credential ID lengths as common platform and roaming authenticators make them.
    private static let lengths = [16, 20, 32, 64]

    private func mac(_ purpose: String, _ username: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("\(purpose)\u{0}\(username)".utf8), using: key))
    }
}
