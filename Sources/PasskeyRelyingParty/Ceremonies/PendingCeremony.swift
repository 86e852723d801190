import PasskeyCore

/// A ceremony that was begun and not yet finished: the challenge the relying party issued and what it decided when
/// it issued it (WebAuthn L3 §13.4.3), found again by its challenge. Finishing judges the response by this record,
/// never by anything the client sends back about it.
public struct PendingCeremony: Sendable, Equatable {
    /// Which ceremony: WebAuthn L3 §7.1 (registration) or §7.2 (authentication).
    public enum Kind: String, Sendable, Codable {
        /// A registration (§7.1).
        case registration
        /// A sign-in (§7.2).
        case authentication
    }

    /// The challenge as sent: 32 random bytes, base64url (43 characters).
    public let challenge: String
    /// Which ceremony the challenge was issued for; a response to the other kind is refused.
    public let kind: Kind
    /// Registration: the handle the new credential will belong to. Authentication: the identified user (for an
    /// unknown username, a handle no account has, so no credential can satisfy it), or nil for discoverable sign-in.
    public let userHandle: [UInt8]?
    /// Registration: `user.name` as sent in the options. Authentication: the username the sign-in was begun for; nil
    /// for a discoverable sign-in.
    public let username: String?
    /// Registration: `user.displayName` as sent in the options; nil for authentication.
    public let displayName: String?
    /// The user verification the ceremony asked for and is judged by: the relying party's floor, raised (never
    /// lowered) by the request, or what a step-up asks of the account's passkeys. Only `UserVerificationRequirement.required`
    /// makes the verifier refuse a response without the UV flag.
    public let userVerification: UserVerificationRequirement
    /// Milliseconds since 1970.
    public let expiresAt: Int64
    /// The session that began the ceremony, when the caller bound it to one (a passkey added to an existing account):
    /// an opaque value (`passkeys serve` keeps the SHA-256 of the session token) that the caller checks is still live
    /// at finish, so a stolen session cannot stockpile registrations to use after it is ended. nil when the
    /// registration creates an account.
    public let sessionHash: String?
    /// Authentication: the sign-in was begun with `Passkeys.beginAuthentication(for:)` for ``userHandle``'s account
    /// (a signed-in user confirming an action) and finishes only through
    /// `Passkeys.finishAuthentication(_:for:ceremony:)` for that account, never through the plain finish that
    /// starts a session. A store must keep it with the other members.
    public let boundToUser: Bool
    /// Registration: begun for conditional create (`mediation: "conditional"`, WebAuthn L3 §5.1.3 and §7.1 step 15),
    /// the one kind of ceremony whose response may lack the UP flag; the user-verification policy still holds. A store
    /// must keep it with the other members: a registration read back without it is judged as an ordinary one.
    public let conditional: Bool

    /// A ceremony with every member given (``Passkeys`` makes them; stores read them back).
    public init(
        challenge: String, kind: Kind, userHandle: [UInt8]?, username: String?, displayName: String?,
        userVerification: UserVerificationRequirement, expiresAt: Int64, sessionHash: String? = nil, boundToUser: Bool = false,
        conditional: Bool = false
    ) {
        self.challenge = challenge
        self.kind = kind
        self.userHandle = userHandle
        self.username = username
        self.displayName = displayName
        self.userVerification = userVerification
        self.expiresAt = expiresAt
        self.sessionHash = sessionHash
        self.boundToUser = boundToUser
        self.conditional = conditional
    }
}

extension PendingCeremony {
    /// Whether a response without the UV flag is refused (``userVerification`` is `required`).
    public var requireUserVerification: Bool { userVerification == .required }

    /// This ceremony for another user: a sign-in stored with its name's stand-in handle whose account turned out to
    /// have credentials (``AccountReadingCeremonyStore``).
    func with(userHandle: [UInt8]?) -> PendingCeremony {
        PendingCeremony(
            challenge: challenge, kind: kind, userHandle: userHandle, username: username, displayName: displayName,
            userVerification: userVerification, expiresAt: expiresAt, sessionHash: sessionHash, boundToUser: boundToUser,
            conditional: conditional)
    }
}

/// `Codable`, so a caller that keeps the ceremony in its own session (``Passkeys`` without a ``CeremonyStore``) can
/// store it anywhere: handles are base64url, times milliseconds since 1970. `requireUserVerification` is written beside
/// `userVerification` and read when the latter is absent, so ceremonies sealed by earlier releases still open (as
/// `required` or `preferred`) and earlier releases can open these.
extension PendingCeremony: Codable {
    private enum CodingKeys: String, CodingKey {
        case challenge, kind, userHandle, username, displayName, userVerification, requireUserVerification, expiresAt, sessionHash, boundToUser
        case conditional
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let handle = try container.decodeIfPresent(String.self, forKey: .userHandle)
        let userVerification: UserVerificationRequirement
        if let stated = try container.decodeIfPresent(UserVerificationRequirement.self, forKey: .userVerification) {
            userVerification = stated
        } else {
            userVerification = try container.decode(Bool.self, forKey: .requireUserVerification) ? .required : .preferred
        }
        self.init(
            challenge: try container.decode(String.self, forKey: .challenge),
            kind: try container.decode(Kind.self, forKey: .kind),
            userHandle: try handle.map { text in
                do { return try Base64URL.decode(text, field: "userHandle") } catch let error as WebAuthnError {
                    throw DecodingError.dataCorruptedError(forKey: .userHandle, in: container, debugDescription: error.message)
                }
            },
            username: try container.decodeIfPresent(String.self, forKey: .username),
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            userVerification: userVerification,
            expiresAt: try container.decode(Int64.self, forKey: .expiresAt),
            sessionHash: try container.decodeIfPresent(String.self, forKey: .sessionHash),
            boundToUser: try container.decodeIfPresent(Bool.self, forKey: .boundToUser) ?? false,
            conditional: try container.decodeIfPresent(Bool.self, forKey: .conditional) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(challenge, forKey: .challenge)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(userHandle.map(Base64URL.encode), forKey: .userHandle)
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encode(userVerification, forKey: .userVerification)
        try container.encode(requireUserVerification, forKey: .requireUserVerification)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(sessionHash, forKey: .sessionHash)
        if boundToUser { try container.encode(boundToUser, forKey: .boundToUser) }
        if conditional { try container.encode(conditional, forKey: .conditional) }
    }
}
