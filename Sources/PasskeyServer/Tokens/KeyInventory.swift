import PasskeyCore
import PasskeyStore

/// What `passkeys keys list` shows and `passkeys keys retire` does: the keys that sign tokens and the sealed secrets,
/// read from the database every instance shares. Nothing here opens a sealed value: listing needs no key-encryption
/// key, and shows which one each value is sealed with.
package enum KeyInventory {
    /// Every stored signing key and sealed secret at `now`:
    /// `{"signingKeys":[{"kid","algorithm","generation","state","createdAt","signsFrom","signsUntil","publishedUntil","sealedWith"}],
    /// "secrets":[{"name","sealedWith","versions":[{"version","activeFrom","sealedWith"}]}]}` (`versions`: those a
    /// rotation added, the first being the secret's own row). A key's `state` is `signing` (it signs tokens now), `next` (published, signs
    /// from `signsFrom`) or `verifying` (no longer signs; published until its tokens have expired). `sealedWith` is the
    /// fingerprint of the key-encryption key, or `plain`.
    package static func list(store: any TokenStore, now: Int64) async throws -> JSONObject {
        var keys: [JSONValue] = []
        for algorithm in SigningAlgorithm.allCases {
            let rows = try await store.signingKeys(algorithm: algorithm.rawValue)
            let signing = rows.last { $0.signsFrom <= now && now < $0.signsUntil }?.kid
            for row in rows {
                let state = row.kid == signing ? "signing" : row.signsFrom > now ? "next" : "verifying"
                keys.append(
                    .object(
                        JSONObject([
                            "kid": .string(row.kid), "algorithm": .string(row.algorithm), "generation": JSONValue(row.generation),
                            "state": .string(state), "createdAt": time(row.createdAt), "signsFrom": time(row.signsFrom),
                            "signsUntil": time(row.signsUntil), "publishedUntil": time(row.publishedUntil),
                            "sealedWith": .string(sealedWith(row.privateKey)),
                        ])))
            }
        }
        // As stored: one not made yet is made at the next start, not here.
        var secrets: [JSONValue] = []
        for (name, stored) in try await store.sealedSecrets().sorted(by: { $0.key < $1.key }) {
            let versions = try await store.secretVersions(named: name).map { row in
                JSONValue.object(
                    JSONObject([
                        "version": JSONValue(row.version), "activeFrom": time(row.activeFrom), "sealedWith": .string(sealedWith(row.value)),
                    ]))
            }
            secrets.append(.object(JSONObject(["name": .string(name), "sealedWith": .string(sealedWith(stored)), "versions": .array(versions)])))
        }
        return JSONObject(["signingKeys": .array(keys), "secrets": .array(secrets)])
    }

    /// Withdraws the signing key `kid` now (``TokenStore/retireSigningKey(kid:at:audit:)``), audited as
    /// `signing-key.retired` with `origin`'s actor; nil when no such key is stored.
    package static func retire(kid: String, store: any TokenStore, now: Int64, origin: ChangeOrigin) async throws -> SigningKeyRetirement? {
        try await store.retireSigningKey(kid: kid, at: now) { retirement in
            let detail = JSONObject([
                "kid": .string(retirement.retired.kid), "algorithm": .string(retirement.retired.algorithm),
                "promoted": retirement.promoted.map(JSONValue.string) ?? .null,
            ])
            return AuditEntry(
                time: now, userID: nil, action: AuditAction.signingKeyRetired.rawValue, actor: origin.actor(for: nil),
                clientAddress: origin.clientAddress, outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
        }
    }

    static func time(_ milliseconds: Int64) -> JSONValue { .string(RFC3339.string(millisecondsSince1970: milliseconds)) }

    /// The key-encryption key's fingerprint in a stored value's form (``SecretSealer``), or `plain`.
    static func sealedWith(_ stored: String) -> String {
        guard stored.hasPrefix(SecretSealer.sealedPrefix) else { return "plain" }
        return String(stored.dropFirst(SecretSealer.sealedPrefix.count).prefix { $0 != ":" })
    }
}
