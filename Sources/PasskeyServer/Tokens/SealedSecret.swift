import PasskeyCore
import PasskeyStore

/// One of the deployment's secrets in the database's sealed secrets: made once (32 random bytes), read by every
/// instance, and kept under the key-encryption key when one is configured. The names in ``all`` are every secret the
/// server keeps; ``SealedValues/reseal(store:sealer:)`` seals each of them with a new key-encryption key.
enum SealedSecret {
    /// The key that derives stand-in credential IDs for names without an account (``Passkeys``).
    static let standInCredentials = "stand-in-credentials"
    /// The key of the recovery codes' keyed hash (``RecoveryCodeHasher``).
    static let recoveryCodes = "recovery-codes"

    /// Every sealed secret by name.
    static let all = [SessionIdentifiers.secretName, LoginTicket.secretName, standInCredentials, recoveryCodes]

    /// The associated data the secret `name` is sealed with (``SecretSealer``): a value copied to another row does not
    /// open there.
    static func context(_ name: String) -> String { "sealed_secrets/\(name)" }

    /// The secret `name`, made on first use; a plain value (stored before a key-encryption key was configured, or by
    /// an earlier release) is sealed again as it is read.
    static func load(_ name: String, from store: any TokenStore, sealer: SecretSealer) async throws -> [UInt8] {
        let context = context(name)
        let stored = try await store.sealedSecret(named: name) { try sealer.seal(SecureRandom.bytes(32), context: context) }
        let secret = try sealer.open(stored, context: context)
        if sealer.needsResealing(stored) {
            try await store.resealSecret(named: name, value: try sealer.seal(secret, context: context), replacing: stored)
        }
        return secret
    }
}
