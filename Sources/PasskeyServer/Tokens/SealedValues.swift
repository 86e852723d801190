import PasskeyCore
import PasskeyStore

/// Every value the database keeps sealed under the key-encryption key: the signing keys' private keys and the sealed
/// secrets (``SealedSecret/all``). The last step of a rotation seals them all with the
/// current key, so the previous one can be dropped.
package enum SealedValues {
    /// What ``reseal(store:sealer:)`` did.
    package struct Report: Sendable, Equatable {
        /// Signing keys sealed again with the current key.
        package var signingKeys = 0
        /// Sealed secrets (and their later versions) sealed again with the current key.
        package var secrets = 0
        /// Values that were sealed with the current key already.
        package var alreadyCurrent = 0
    }

    /// Opens every sealed value with `sealer` (its key or its previous one) and seals each one that is not in the
    /// current key's form again with it. Each row is replaced only if it still holds what was read, so a value another
    /// instance changed meanwhile is left to it. A value neither key opens stops the run with its name.
    package static func reseal(store: any TokenStore, sealer: SecretSealer) async throws -> Report {
        var report = Report()
        for algorithm in SigningAlgorithm.allCases {
            for row in try await store.signingKeys(algorithm: algorithm.rawValue) {
                let context = SigningKeyRing.context(row.kid)
                guard !sealer.isCurrent(row.privateKey) else {
                    report.alreadyCurrent += 1
                    continue
                }
                let raw = try sealer.open(row.privateKey, context: context)
                try await store.resealSigningKey(kid: row.kid, privateKey: try sealer.seal(raw, context: context), replacing: row.privateKey)
                report.signingKeys += 1
            }
        }
        for name in SealedSecret.all {
            let context = SealedSecret.context(name)
            // A secret not made yet is made now, sealed with the current key, as a server starting would make it.
            let stored = try await store.sealedSecret(named: name) { try sealer.seal(SecureRandom.bytes(32), context: context) }
            guard !sealer.isCurrent(stored) else {
                report.alreadyCurrent += 1
                continue
            }
            let raw = try sealer.open(stored, context: context)
            try await store.resealSecret(named: name, value: try sealer.seal(raw, context: context), replacing: stored)
            report.secrets += 1
        }
        for name in SealedSecret.all {
            // The versions a rotation added, each its own row.
            for row in try await store.secretVersions(named: name) {
                guard !sealer.isCurrent(row.value) else {
                    report.alreadyCurrent += 1
                    continue
                }
                let context = SecretVersions.context(name, version: row.version)
                let raw = try sealer.open(row.value, context: context)
                try await store.resealSecretVersion(
                    named: name, version: row.version, value: try sealer.seal(raw, context: context), replacing: row.value)
                report.secrets += 1
            }
        }
        return report
    }
}
