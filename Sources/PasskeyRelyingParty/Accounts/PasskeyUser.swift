import PasskeyCore

/// An account that can hold passkeys, as the relying party's ceremonies need to see it (WebAuthn L3 §5.4.3).
///
/// An app conforms its own user type; the relying party never needs more than these three values.
public protocol PasskeyUser: Sendable {
    /// The user handle (`user.id`): 1 to 64 bytes, random, fixed for the account's life and free of personal data
    /// (§14.6.1). Authenticators store it and return it in discoverable sign-ins, where it names the account.
    var passkeyUserHandle: [UInt8] { get }
    /// `user.name`: how the account is told apart from others on the same site, such as a username or e-mail.
    var passkeyUserName: String { get }
    /// `user.displayName`: a friendlier name shown beside ``passkeyUserName``.
    var passkeyDisplayName: String { get }
}

/// A user the app has not stored yet (an account a registration creates): the values alone.
public struct NewPasskeyUser: PasskeyUser, Equatable {
    /// The handle chosen at creation.
    public let passkeyUserHandle: [UInt8]
    /// The account's name.
    public let passkeyUserName: String
    /// The display name; the name when none was given.
    public let passkeyDisplayName: String

    /// A new account named `name`, with a fresh random 32-byte user handle (§14.6.1).
    public init(name: String, displayName: String? = nil) {
        self.init(handle: SecureRandom.bytes(32), name: name, displayName: displayName)
    }

    /// An account with a handle the caller chose.
    public init(handle: [UInt8], name: String, displayName: String? = nil) {
        passkeyUserHandle = handle
        passkeyUserName = name
        passkeyDisplayName = displayName ?? name
    }
}
