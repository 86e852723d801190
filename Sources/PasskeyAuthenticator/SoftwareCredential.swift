public import Foundation
public import PasskeyCore

/// A credential held by the software authenticator (CTAP2 §6.1 "credential source").
public struct SoftwareCredential: Sendable {
    /// The credential ID: 32 random bytes unless the caller chose one.
    public let id: [UInt8]
    /// The RP ID the credential belongs to; only requests for it can use the credential.
    public let rpID: String
    /// The account's user handle (`user.id`), returned in assertions.
    public let userHandle: [UInt8]
    /// `user.name` at registration; empty when not given.
    public let userName: String
    /// `user.displayName` at registration; empty when not given.
    public let userDisplayName: String
    /// The credential's private key. Whoever holds it can sign in as the user: stores must keep it from anyone else.
    public let privateKey: CredentialPrivateKey
    /// The signature counter (CTAP2 §6.1.1); stays 0 when the authenticator keeps no counter.
    public internal(set) var signCount: UInt32
    /// Whether the credential reports BE and BS, as a synced passkey does (from ``SoftwareAuthenticator/backedUp``).
    public let backupEligible: Bool
    /// A discoverable credential (resident key) can be used without the RP naming it in allowCredentials.
    public let discoverable: Bool
    /// When the credential was made; the newest discoverable credential answers a request without an allow list.
    public let createdAt: Date

    /// A credential from its parts, for stores and tests; ``SoftwareAuthenticator`` makes new ones.
    public init(
        id: [UInt8], rpID: String, userHandle: [UInt8], userName: String = "", userDisplayName: String = "",
        privateKey: CredentialPrivateKey, signCount: UInt32 = 0, backupEligible: Bool = false, discoverable: Bool = true,
        createdAt: Date = Date()
    ) {
        self.id = id
        self.rpID = rpID
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.privateKey = privateKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.discoverable = discoverable
        self.createdAt = createdAt
    }
}

extension SoftwareCredential {
    /// The stored form: private key included, so files holding it must be readable by their owner only.
    public var json: JSONValue {
        get throws(AuthenticatorError) {
            .object(
                JSONObject([
                    "id": .string(Base64URL.encode(id)), "rpId": .string(rpID), "userHandle": .string(Base64URL.encode(userHandle)),
                    "userName": .string(userName), "userDisplayName": .string(userDisplayName),
                    "algorithm": JSONValue(privateKey.algorithm.rawValue), "privateKey": .string(Base64URL.encode(try privateKey.serialized())),
                    "signCount": JSONValue(signCount), "backupEligible": .bool(backupEligible), "discoverable": .bool(discoverable),
                    "createdAt": JSONValue(createdAt.timeIntervalSince1970),
                ]))
        }
    }

    /// Reads the stored form ``json`` writes.
    ///
    /// - Throws: ``AuthenticatorError`` (`invalidRequest`) when a member is missing or mistyped, or the key does not
    ///   parse.
    public init(json: JSONObject) throws(AuthenticatorError) {
        do {
            guard let algorithm = COSEAlgorithm(rawValue: try json.optionalInt("algorithm") ?? 0) else {
                throw AuthenticatorError(.invalidRequest, "stored credential: unknown algorithm")
            }
            let createdAt: Date
            if case .number(let text)? = json["createdAt"], let seconds = Double(text) {
                createdAt = Date(timeIntervalSince1970: seconds)
            } else {
                createdAt = Date(timeIntervalSince1970: 0)
            }
            self.init(
                id: try json.requiredBase64URL("id", strictness: .strict), rpID: try json.requiredString("rpId"),
                userHandle: try json.requiredBase64URL("userHandle", strictness: .strict),
                userName: try json.optionalString("userName") ?? "", userDisplayName: try json.optionalString("userDisplayName") ?? "",
                privateKey: try CredentialPrivateKey(serialized: try json.requiredBase64URL("privateKey", strictness: .strict), algorithm: algorithm),
                signCount: UInt32(clamping: try json.optionalInt("signCount") ?? 0),
                backupEligible: try json.optionalBool("backupEligible") ?? false, discoverable: try json.optionalBool("discoverable") ?? true,
                createdAt: createdAt)
        } catch let error as AuthenticatorError {
            throw error
        } catch {
            throw AuthenticatorError(.invalidRequest, "stored credential: \(error)")
        }
    }
}
