/// An account (WebAuthn L3 §4 "user account"): the user handle is 32 random bytes, never the username.
public struct UserRecord: Sendable, Equatable {
    public let handle: [UInt8]
    public let username: String
    public let displayName: String
    public let createdAt: Int64

    public init(handle: [UInt8], username: String, displayName: String, createdAt: Int64) {
        self.handle = handle
        self.username = username
        self.displayName = displayName
        self.createdAt = createdAt
    }
}

/// A credential record (WebAuthn L3 §4) and what the passkey list shows.
public struct CredentialRecord: Sendable, Equatable {
    public let id: [UInt8]
    public let userHandle: [UInt8]
    public let publicKey: [UInt8]
    public var signCount: UInt32
    public let transports: [String]
    public let aaguid: String
    public let format: String
    public let attestationType: String
    public let backupEligible: Bool
    public var backupState: Bool
    public var name: String
    public let createdAt: Int64
    public var lastUsedAt: Int64?

    public init(
        id: [UInt8], userHandle: [UInt8], publicKey: [UInt8], signCount: UInt32, transports: [String], aaguid: String, format: String,
        attestationType: String, backupEligible: Bool, backupState: Bool, name: String, createdAt: Int64, lastUsedAt: Int64?
    ) {
        self.id = id
        self.userHandle = userHandle
        self.publicKey = publicKey
        self.signCount = signCount
        self.transports = transports
        self.aaguid = aaguid
        self.format = format
        self.attestationType = attestationType
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A ceremony that was begun and not yet finished, found again by its challenge.
public struct PendingCeremony: Sendable, Equatable {
    public enum Kind: String, Sendable { case registration, authentication }

    public let challenge: String
    public let kind: Kind
    /// Registration: the handle the new credential will belong to. Authentication: the identified user (for an
    /// unknown username, a handle no account has, so no credential can satisfy it), or nil for discoverable sign-in.
    public let userHandle: [UInt8]?
    /// Registration: the username of the account the ceremony creates; nil when the passkey joins the existing account
    /// `userHandle` (the ceremony was begun with that account's session). Authentication: the username asked for.
    public let username: String?
    public let displayName: String?
    /// The effective user-verification policy: the server's, raised (never lowered) by the request.
    public let requireUserVerification: Bool
    /// Milliseconds since 1970.
    public let expiresAt: Int64
    /// Registration joining an account: the hash of the session that began it, which must still be live at finish
    /// (a stolen session cannot stockpile registrations to use after it is ended).
    public let sessionHash: String?

    public init(
        challenge: String, kind: Kind, userHandle: [UInt8]?, username: String?, displayName: String?,
        requireUserVerification: Bool, expiresAt: Int64, sessionHash: String? = nil
    ) {
        self.challenge = challenge
        self.kind = kind
        self.userHandle = userHandle
        self.username = username
        self.displayName = displayName
        self.requireUserVerification = requireUserVerification
        self.expiresAt = expiresAt
        self.sessionHash = sessionHash
    }
}

/// A signed-in session. Only the SHA-256 of the token is stored, so a database leak yields no usable session.
public struct SessionRecord: Sendable, Equatable {
    public let tokenHash: String
    public let userHandle: [UInt8]
    /// The credential whose ceremony started the session; removing that passkey ends the session.
    public let credentialID: [UInt8]?
    public let expiresAt: Int64

    public init(tokenHash: String, userHandle: [UInt8], credentialID: [UInt8]?, expiresAt: Int64) {
        self.tokenHash = tokenHash
        self.userHandle = userHandle
        self.credentialID = credentialID
        self.expiresAt = expiresAt
    }
}
