import PasskeyCore
import Testing

@testable import PasskeyServer

/// The sealer of a rotation: two keys open, one seals; reading never reseals across keys.
@Suite("SecretSealer during a rotation of the key-encryption key")
struct SecretSealerTests {
    static func key() throws -> KeyEncryptionKey { try KeyEncryptionKey(bytes: SecureRandom.bytes(32)) }

    @Test("values sealed with either key open; new ones are sealed with the current key only; the context still binds")
    func twoKeysOpen() throws {
        let (old, new) = (try Self.key(), try Self.key())
        let secret = SecureRandom.bytes(32)
        let byOld = try SecretSealer(key: old).seal(secret, context: "sealed_secrets/a")
        let byNew = try SecretSealer(key: new).seal(secret, context: "sealed_secrets/a")
        for sealer in [SecretSealer(key: old, previous: new), SecretSealer(key: new, previous: old)] {
            #expect(try sealer.open(byOld, context: "sealed_secrets/a") == secret)
            #expect(try sealer.open(byNew, context: "sealed_secrets/a") == secret)
            #expect(throws: SealedSecretUnreadable.self, "another row") { try sealer.open(byOld, context: "sealed_secrets/b") }
        }
        let rotating = SecretSealer(key: new, previous: old)
        #expect(rotating.isCurrent(try rotating.seal(secret, context: "x")) && !rotating.isCurrent(byOld) && rotating.isCurrent(byNew))
        // Reading does not reseal a value of the other key: in the first phase that key is the new one.
        #expect(!SecretSealer(key: old, previous: new).needsResealing(byNew) && !rotating.needsResealing(byOld))
        #expect(rotating.needsResealing(try SecretSealer(key: nil).seal(secret, context: "x")), "a plain value is sealed on read")
    }

    @Test("a value neither key sealed is refused, naming its key, both configured keys and the option to add")
    func neitherKey() throws {
        let (old, new, other) = (try Self.key(), try Self.key(), try Self.key())
        let stored = try SecretSealer(key: other).seal([1, 2, 3], context: "signing_keys/k")
        do {
            _ = try SecretSealer(key: new, previous: old).open(stored, context: "signing_keys/k")
            Issue.record("opened with neither key")
        } catch {
            for part in [other.fingerprint, new.fingerprint, old.fingerprint, "--previous-key-encryption-key-file"] {
                #expect(error.description.contains(part), "\(error.description)")
            }
        }
    }

    @Test("the previous key needs a current one, and another one")
    func configuration() throws {
        let key = try Self.key()
        #expect(throws: ConfigurationError.self) { try SessionTokenConfiguration(keyEncryptionKey: nil).with(previous: key).checkKeyEncryptionKeys() }
        #expect(throws: ConfigurationError.self) { try SessionTokenConfiguration(keyEncryptionKey: key).with(previous: key).checkKeyEncryptionKeys() }
        try SessionTokenConfiguration(keyEncryptionKey: key).with(previous: try Self.key()).checkKeyEncryptionKeys()
    }
}

extension SessionTokenConfiguration {
    fileprivate func with(previous: KeyEncryptionKey) -> SessionTokenConfiguration {
        var copy = self
        copy.previousKeyEncryptionKey = previous
        return copy
    }
}
