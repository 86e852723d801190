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

/// A signed-in session. Only the SHA-256 of the token is stored, so a database leak yields no usable session.
public struct SessionRecord: Sendable, Equatable {
    public let tokenHash: String
    public let userHandle: [UInt8]
    /// The credential whose ceremony started the session; removing that passkey ends the session.
    public let credentialID: [UInt8]?
    public let expiresAt: Int64
    /// When the user last verified with a passkey on this session (a step-up, or the ceremony that started it with
    /// user verification), in milliseconds; nil when never. Sensitive actions need it within the reverification window.
    public let verifiedAt: Int64?
    /// A recovery session (started with a recovery code): it may only register a new passkey for its account.
    public let isRecovery: Bool
    /// When the ceremony that started the session finished, in milliseconds (`auth_time` of its tokens); nil for
    /// sessions stored by releases before session tokens.
    public let startedAt: Int64?
    /// How the ceremony that started it authenticated the user, as RFC 8176 values (``SessionStart``; `amr` of its
    /// tokens); empty for recovery sessions and sessions stored by releases before session tokens.
    public let authenticationMethods: [String]
    /// When the user last verified on this session *with user verification* (the UV flag: a PIN or biometric), in
    /// milliseconds; nil when no ceremony of the session had it. ``verifiedAt`` is also set by a ceremony with a
    /// passkey that cannot verify its user (the step-up's accepted risk for such keys); this is what a session token's
    /// `verified_at` claim says.
    public let userVerifiedAt: Int64?

    public init(
        tokenHash: String, userHandle: [UInt8], credentialID: [UInt8]?, expiresAt: Int64, verifiedAt: Int64? = nil, isRecovery: Bool = false,
        startedAt: Int64? = nil, authenticationMethods: [String] = [], userVerifiedAt: Int64? = nil
    ) {
        self.tokenHash = tokenHash
        self.userHandle = userHandle
        self.credentialID = credentialID
        self.expiresAt = expiresAt
        self.verifiedAt = verifiedAt
        self.isRecovery = isRecovery
        self.startedAt = startedAt
        self.authenticationMethods = authenticationMethods
        self.userVerifiedAt = userVerifiedAt
    }

    /// ``authenticationMethods`` as stored: space-separated, or NULL for none.
    var authenticationMethodsColumn: String? { authenticationMethods.isEmpty ? nil : authenticationMethods.joined(separator: " ") }

    /// The stored `amr` column read back.
    static func authenticationMethods(fromColumn text: String?) -> [String] { text.map { $0.split(separator: " ").map(String.init) } ?? [] }
}

/// An account as the relying-party procedures read it.
extension UserRecord: PasskeyUser {
    public var passkeyUserHandle: [UInt8] { handle }
    public var passkeyUserName: String { username }
    public var passkeyDisplayName: String { displayName }
}
