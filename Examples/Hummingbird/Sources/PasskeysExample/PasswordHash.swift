import Crypto
import Foundation
import PasskeyHummingbird
import Synchronization
import _CryptoExtras

/// Password hashes for the example's password accounts: PBKDF2-HMAC-SHA256 (RFC 8018 §5.2) with 600,000 rounds, a
/// 16-byte random salt and a 32-byte output, OWASP's Password Storage Cheat Sheet setting for PBKDF2-SHA256 (2023).
/// There is no bcrypt or Argon2 among the package's dependencies; swift-crypto's `_CryptoExtras` has PBKDF2 and
/// scrypt, and PBKDF2 needs no memory per guess, so a flood of sign-ins cannot exhaust the process's memory
/// (docs/decisions/0121-example-passwords-pbkdf2.md).
///
/// Stored as `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64url), so the cost can be raised later and old hashes still
/// verify at the cost they were made with.
enum PasswordHash {
    static let rounds = 600_000
    static let scheme = "pbkdf2-sha256"
    /// Passwords are at most this many UTF-8 bytes (and at least ``minimumLength`` characters): a bound on what one
    /// request can make the server hash.
    static let maximumBytes = 1024
    static let minimumLength = 8

    /// A new hash of `password` with a fresh salt.
    static func make(_ password: String) throws -> String {
        let salt = SecureRandom.bytes(16)
        let hash = try derive(password, salt: salt, rounds: rounds)
        return [scheme, String(rounds), Base64URL.encode(salt), Base64URL.encode(hash)].joined(separator: "$")
    }

    /// Whether `password` matches `stored`. With no stored hash (an unknown name, an account without a password) the
    /// same work is done against a fixed hash and the answer is false, so the time taken does not tell them apart.
    static func verify(_ password: String, against stored: String?) throws -> Bool {
        guard let stored, let parsed = parse(stored) else {
            _ = try derive(password, salt: decoySalt, rounds: rounds)
            return false
        }
        let candidate = try derive(password, salt: parsed.salt, rounds: parsed.rounds)
        // Constant time over the whole hash: how many leading bytes matched is not observable.
        return candidate.count == parsed.hash.count && zip(candidate, parsed.hash).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static let decoySalt = [UInt8](repeating: 0x5A, count: 16)

    private static func parse(_ stored: String) -> (rounds: Int, salt: [UInt8], hash: [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), (210_000...10_000_000).contains(rounds),
            let salt = try? Base64URL.decode(String(parts[2])), let hash = try? Base64URL.decode(String(parts[3])), hash.count == 32
        else { return nil }
        return (rounds, salt, hash)
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }
}

/// At most `capacity` password hashes at once, process-wide: each takes a core for a while (about a tenth of a second
/// or more), so a burst of sign-in attempts is answered 429 instead of queueing until every request times out.
final class PasswordHashingGate: Sendable {
    private let capacity: Int
    private let running: Mutex<Int>

    init(capacity: Int) {
        self.capacity = capacity
        running = Mutex(0)
    }

    /// Runs `body` when a slot is free; throws `RelyingPartyError` 429 `rateLimited` when none is.
    func run<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
        guard admit() else {
            throw RelyingPartyError(.tooManyRequests, "Too many password checks at once; try again in a moment.", code: "rateLimited")
        }
        defer { leave() }
        return try body()
    }

    /// Takes a slot if one is free.
    func admit() -> Bool {
        running.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a slot ``admit()`` took.
    func leave() { running.withLock { $0 -= 1 } }
}
