import Crypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cryptographically secure random bytes for challenges, user handles, session tokens and credential IDs.
///
/// One system call per draw on Linux: a `read` of the kernel's generator (`/dev/urandom`, opened once; the same
/// source as `getrandom`, which glibc exposes only from 2.36 and Ubuntu 22.04 has 2.35). On Apple platforms
/// `arc4random_buf`, the system's generator without a system call. swift-crypto's `SymmetricKey(size:)`, used before
/// and still the fallback where neither is available, draws through `SystemRandomNumberGenerator` eight bytes at a
/// time, a `getrandom` call each: about 45 system calls per PostgreSQL registration by `strace -c`.
public enum SecureRandom {
    /// `count` random bytes; empty for a count of zero or less. Challenges should be at least 16 bytes (WebAuthn L3
    /// §13.4.3).
    public static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = bytes.withUnsafeMutableBytes { fill($0) }
        guard filled else { return SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) } }
        return bytes
    }

    /// Fills `buffer` from the system's generator; false when it cannot (the caller falls back).
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        #if canImport(Darwin)
        arc4random_buf(base, buffer.count)
        return true
        #elseif canImport(Glibc)
        guard let device = urandom else { return false }
        var offset = 0
        while offset < buffer.count {
            let read = Glibc.read(device, base + offset, buffer.count - offset)
            if read > 0 {
                offset += read
            } else if read < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// `/dev/urandom`, open for the life of the process (close-on-exec); nil where it cannot be opened (a jail
    /// without /dev), which makes every draw take the fallback.
    private static let urandom: Int32? = {
        let device = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        return device >= 0 ? device : nil
    }()
    #endif
}
