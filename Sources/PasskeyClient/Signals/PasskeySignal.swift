import PasskeyModel

/// Something to tell the platform's passkey list so it stays true to the server (WebAuthn L3 §5.1.10's
/// `signalUnknownCredential`, `signalAllAcceptedCredentials` and `signalCurrentUserDetails`; on iOS 26
/// `ASCredentialUpdater`). Signals are hints: a platform may hide or update a passkey, or ignore them.
///
/// The decisions of when to send which are here, platform independent and tested on Linux;
/// ``PasskeySignaling`` implementations only deliver them.
public enum PasskeySignal: Sendable, Equatable {
    /// The server does not know this credential: a sign-in with it was answered `unknownCredential`.
    case unknownCredential(relyingPartyID: String, credentialID: [UInt8])
    /// Every credential the server accepts for this user; the platform may hide the user's others for this RP.
    case allAcceptedCredentials(relyingPartyID: String, userHandle: [UInt8], credentialIDs: [[UInt8]])
    /// The user's current name and display name.
    case currentUserDetails(relyingPartyID: String, userHandle: [UInt8], name: String, displayName: String)

    /// After a failed sign-in: the server's `unknownCredential` answer names (`credentialId`) the passkey it no
    /// longer knows, echoing what the sign-in sent. Any other failure, or one that names no credential (an older
    /// server), says nothing about a passkey, so nothing is signalled.
    public static func afterSignIn(failedWith error: PasskeyError, relyingPartyID: String) -> PasskeySignal? {
        guard case .server(_, _, "unknownCredential"?) = error.kind, let credentialID = error.credentialID, !credentialID.isEmpty else { return nil }
        return .unknownCredential(relyingPartyID: relyingPartyID, credentialID: credentialID)
    }

    /// After the account's passkey list was read (and after a passkey was removed): the list is what the server
    /// accepts. Identifiers that are not base64url are left out rather than guessed at.
    public static func accepted(_ passkeys: [PasskeySummary], of user: AccountUser, relyingPartyID: String) -> PasskeySignal {
        .allAcceptedCredentials(
            relyingPartyID: relyingPartyID, userHandle: user.handle,
            credentialIDs: passkeys.compactMap { try? Base64URL.decode($0.id) })
    }

    /// After sign-in or a change of name: the names the platform should show for this user's passkeys.
    public static func details(of user: AccountUser, relyingPartyID: String) -> PasskeySignal {
        .currentUserDetails(relyingPartyID: relyingPartyID, userHandle: user.handle, name: user.name, displayName: user.displayName)
    }
}

/// Delivers ``PasskeySignal``s to a platform. Never throws: a signal that cannot be delivered changes nothing the
/// user asked for.
public protocol PasskeySignaling: Sendable {
    /// Delivers one signal, or drops it when the platform cannot take it.
    func signal(_ signal: PasskeySignal) async
}
