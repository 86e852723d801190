#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
import Crypto
#endif

/// Cryptographically secure random bytes for challenges, user handles, session tokens and credential IDs.
///
/// One call to the C library's `arc4random_buf` per draw: on Linux (glibc 2.36 and later) one `getrandom` system
/// call for the whole buffer, on Apple platforms the system's generator without a system call. swift-crypto's
/// `SymmetricKey(size:)`, used before, draws through `SystemRandomNumberGenerator` eight bytes at a time, a `getrandom`
/// call each: about 45 system calls per PostgreSQL registration (`strace -c`, issue #28). Elsewhere (musl) that path
/// remains.
public enum SecureRandom {
    /// `count` random bytes; empty for a count of zero or less. Challenges should be at least 16 bytes (WebAuthn L3
    /// §13.4.3).
    public static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        #if canImport(Glibc) || canImport(Darwin)
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            // A non-empty array always has storage.
            if let base = buffer.baseAddress { arc4random_buf(base, buffer.count) }
        }
        return bytes
        #else
        return SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
        #endif
    }
}
