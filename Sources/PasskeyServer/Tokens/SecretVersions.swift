import PasskeyCore
import PasskeyStore

/// One version of a sealed secret, opened: the key, and when it takes over (milliseconds since 1970).
struct SecretVersion: Sendable, Equatable {
    let number: Int64
    let activeFrom: Int64
    let key: [UInt8]
}

/// The versions of a rotatable sealed secret: the first is the secret's `sealed_secrets` row, in use from the start;
/// each `passkeys keys rotate` adds one (``SecretVersionRecord``) that takes over ``activationDelay`` after it was
/// made, once every instance has read it (they read the versions every 10 seconds, with the signing keys), so no
/// instance ever meets a value made under a key it does not have yet.
package enum SecretVersions {
    /// From a rotation to its version's first use.
    static let activationDelay: Int64 = 60_000

    /// The associated data version `version` of `name` is sealed with (the first is ``SealedSecret/context(_:)``).
    static func context(_ name: String, version: Int64) -> String { "secret_versions/\(name)/\(version)" }

    /// The secrets `passkeys keys rotate` rotates, by the name the command takes.
    package static let rotatable: [String: String] = ["authorization-ticket": LoginTicket.secretName]

    /// Every version of `name`, oldest first, opened with `sealer`; a plain one is sealed again as it is read.
    static func load(_ name: String, from store: any TokenStore, sealer: SecretSealer) async throws -> [SecretVersion] {
        [SecretVersion(number: 1, activeFrom: 0, key: try await SealedSecret.load(name, from: store, sealer: sealer))]
            + (try await later(name, from: store, sealer: sealer))
    }

    /// The versions a rotation added (all but the first), oldest first: what a refresh reads again. The first is made
    /// once and never changes, so reading it again (a write on a new database) every refresh would be work for nothing.
    static func later(_ name: String, from store: any TokenStore, sealer: SecretSealer) async throws -> [SecretVersion] {
        var versions: [SecretVersion] = []
        for row in try await store.secretVersions(named: name) {
            let context = context(name, version: row.version)
            let key = try sealer.open(row.value, context: context)
            if sealer.needsResealing(row.value) {
                try await store.resealSecretVersion(
                    named: name, version: row.version, value: try sealer.seal(key, context: context), replacing: row.value)
            }
            versions.append(SecretVersion(number: row.version, activeFrom: row.activeFrom, key: key))
        }
        return versions
    }

    /// The version in use at `time`: the latest whose time has come.
    static func current(_ versions: [SecretVersion], at time: Int64) -> SecretVersion? { versions.last { $0.activeFrom <= time } }

    /// Adds the next version of `name`, in use from ``activationDelay`` after `now`, audited as `secret.rotated` with
    /// `origin`'s actor. Every stored version is opened with `sealer` first, so a rotation given the wrong
    /// key-encryption key is refused (``SealedSecretUnreadable``) before anything is written; the new one is sealed
    /// with it.
    package static func rotate(
        _ name: String, store: any TokenStore, sealer: SecretSealer, now: Int64, origin: ChangeOrigin
    ) async throws -> SecretVersionRecord {
        let versions = try await load(name, from: store, sealer: sealer)
        let number = (versions.map(\.number).max() ?? 1) + 1
        let record = SecretVersionRecord(
            name: name, version: number, value: try sealer.seal(SecureRandom.bytes(32), context: context(name, version: number)),
            activeFrom: now + activationDelay)
        let detail = JSONObject([
            "secret": .string(name), "version": JSONValue(number), "activeFrom": .string(RFC3339.string(millisecondsSince1970: record.activeFrom)),
        ])
        let audit = AuditEntry(
            time: now, userID: nil, action: AuditAction.secretRotated.rawValue, actor: origin.actor(for: nil), clientAddress: origin.clientAddress,
            outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
        guard try await store.insertSecretVersion(record, audit: audit) else { throw SecretRotationRaced(name: name, version: number) }
        return record
    }
}

/// Two rotations of one secret at once: the other one's version was stored first.
package struct SecretRotationRaced: Error, CustomStringConvertible {
    let name: String
    let version: Int64
    package var description: String {
        "Another rotation of \(name) stored version \(version) first; run `passkeys keys list` and rotate again if needed."
    }
}
