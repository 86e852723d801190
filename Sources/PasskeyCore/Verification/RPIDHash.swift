import Crypto

enum RPIDHash {
    static func of(_ rpID: String) -> [UInt8] { Array(SHA256.hash(data: Array(rpID.utf8))) }

    /// §7.1 step 14 / §7.2 step 15.
    static func verify(_ authData: AuthenticatorData, expected: [UInt8], rpID: String) throws(WebAuthnError) {
        guard authData.rpIDHash == expected else {
            throw WebAuthnError(
                .rpIdHashMismatch,
                "authenticatorData.rpIdHash: expected SHA-256('\(rpID)') = \(Hex.encode(expected)), found \(Hex.encode(authData.rpIDHash))")
        }
    }
}
