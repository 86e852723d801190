import PasskeyCore
import Synchronization

/// Parsed credential public keys, so a returning passkey's COSE key is decoded and imported into the crypto library
/// once rather than on every sign-in.
///
/// Keyed by the stored COSE bytes themselves, so an entry can never stand for another key: a credential whose
/// record changed (removed, registered again) simply has different bytes. Bounded by two generations: lookups hit
/// the current or the previous one (and are promoted), and when the current one is full it becomes the previous
/// one, so the least recently used keys fall out and memory stays under `2 × generation` entries.
final class PublicKeyCache: Sendable {
    fileprivate struct Generations {
        var current: [[UInt8]: CredentialPublicKey] = [:]
        var previous: [[UInt8]: CredentialPublicKey] = [:]
    }

    private let generations = Mutex(Generations())
    private let generation: Int

    init(generation: Int = 10_000) {
        self.generation = max(1, generation)
    }

    /// The parsed key for `coseBytes`, parsing (and keeping) it when it is not cached. A key that does not parse is
    /// not cached: its error is thrown each time.
    func key(for coseBytes: [UInt8]) throws(WebAuthnError) -> CredentialPublicKey {
        if let cached = generations.withLock({ $0.lookup(coseBytes, generation: generation) }) { return cached }
        let parsed = try CredentialPublicKey(coseBytes: coseBytes)
        generations.withLock { $0.insert(coseBytes, parsed, generation: generation) }
        return parsed
    }

    var count: Int { generations.withLock { $0.current.count + $0.previous.count } }
}

extension PublicKeyCache.Generations {
    fileprivate mutating func lookup(_ bytes: [UInt8], generation: Int) -> CredentialPublicKey? {
        if let key = current[bytes] { return key }
        guard let key = previous.removeValue(forKey: bytes) else { return nil }
        insert(bytes, key, generation: generation)
        return key
    }

    fileprivate mutating func insert(_ bytes: [UInt8], _ key: CredentialPublicKey, generation: Int) {
        if current.count >= generation {
            previous = current
            current = [:]
        }
        current[bytes] = key
    }
}
