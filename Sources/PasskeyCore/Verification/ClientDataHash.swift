import Crypto

/// SHA-256 of `clientDataJSON` (WebAuthn L3 §7.1 step 11, §7.2 step 20): what the authenticator signed over.
enum ClientDataHash {
    /// The hash, through `SHA256`'s own `update(bufferPointer:)`. `SHA256.hash(data:)` is generic over
    /// `DataProtocol`, and unspecialized across the module boundary it walked the bytes' regions through witness
    /// tables: 2,400 instructions of an ES256 verification, a thirtieth of what it spends beyond the raw signature check.
    static func of(_ clientDataJSON: [UInt8]) -> SHA256.Digest {
        var hasher = SHA256()
        clientDataJSON.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hasher.finalize()
    }
}
