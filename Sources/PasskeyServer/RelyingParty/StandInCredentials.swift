import Crypto
import PasskeyCore

/// Sign-in options for a username that has no account, indistinguishable from a real user's (issue: username
/// enumeration through `/assertion/options`).
///
/// Everything is derived with HMAC-SHA-256 under a deployment secret from the username alone, so repeated calls
/// answer the same, every instance on one database answers alike, and nobody without the secret can tell these IDs
/// from real ones. The shapes (ID length, transports) follow common authenticators.
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
    func descriptors(for username: String) -> [JSONValue] {
        let shape = mac("shape", username)
        let count = shape[0] & 0x03 == 0 ? 2 : 1
        return (0..<count).map { index in
            let form = Self.forms[Int(shape[1 + index]) % Self.forms.count]
            var id: [UInt8] = []
            var block = 0
            while id.count < form.length {
                id += mac("credential-id/\(index)/\(block)", username)
                block += 1
            }
            return .object(JSONObject([
                "type": .string("public-key"),
                "id": .string(Base64URL.encode(Array(id.prefix(form.length)))),
                "transports": .array(form.transports.map(JSONValue.string)),
            ]))
        }
    }

    /// Credential ID lengths and transports as platform and roaming authenticators report them.
    private static let forms: [(length: Int, transports: [String])] = [
        (16, ["hybrid", "internal"]), (20, ["hybrid", "internal"]), (32, ["hybrid", "internal"]), (64, ["nfc", "usb"]),
    ]

    private func mac(_ purpose: String, _ username: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("\(purpose)\u{0}\(username)".utf8), using: key))
    }
}
