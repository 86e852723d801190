/// How JSON objects and CBOR maps find a key: by a linear scan while they are small, by hashing beyond.
///
/// A WebAuthn object or map has a handful of short keys, where comparing a few keys is cheaper than hashing one and
/// allocating a table; an attacker's document has thousands, where a scan per key makes parsing quadratic.
/// Swift's `Hasher` is seeded randomly per process, so an attacker cannot precompute keys that collide.
enum KeyLookup {
    /// The largest member count that is searched linearly.
    static let linearLimit = 16
}
