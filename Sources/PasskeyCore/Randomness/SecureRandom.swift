import Crypto

/// Cryptographically secure random bytes for challenges, user handles, session tokens and credential IDs.
///
/// One draw from BoringSSL's generator (seeded by the kernel, refilled in user space) per call. Drawing byte by byte
/// from `SystemRandomNumberGenerator` costs a `getrandom` system call per byte, which a profile of the sign-in path
/// showed as 3% of the server's CPU (issue #13).
public enum SecureRandom {
    /// `count` random bytes; empty for a count of zero or less. Challenges should be at least 16 bytes (WebAuthn L3
    /// §13.4.3).
    public static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}
