#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || APPLE_SDK_STUBS)
import AuthenticationServices
import Foundation

/// ``PasskeySignaling`` through iOS 26's `ASCredentialUpdater`. Before iOS 26 / macOS 26 signals are dropped: the
/// platform has no way to receive them.
public struct PlatformPasskeySignals: PasskeySignaling {
    /// Signals through the system's `ASCredentialUpdater`; there is nothing to configure.
    public init() {}

    /// Reports `signal` to the credential manager that holds the passkeys; a refusal is ignored. The platform shows one
    /// name per passkey, so ``PasskeySignal/currentUserDetails(relyingPartyID:userHandle:name:displayName:)`` updates
    /// it to the account name.
    public func signal(_ signal: PasskeySignal) async {
        guard #available(iOS 26.0, macOS 26.0, *) else { return }
        let updater = ASCredentialUpdater()
        // A refused signal (no passkey for this RP, the user's manager ignores it) is not the user's problem.
        switch signal {
        case .unknownCredential(let relyingPartyID, let credentialID):
            try? await updater.reportUnknownPublicKeyCredential(relyingPartyIdentifier: relyingPartyID, credentialID: Data(credentialID))
        case .allAcceptedCredentials(let relyingPartyID, let userHandle, let credentialIDs):
            try? await updater.reportAllAcceptedPublicKeyCredentials(
                relyingPartyIdentifier: relyingPartyID, userHandle: Data(userHandle), acceptedCredentialIDs: credentialIDs.map { Data($0) })
        case .currentUserDetails(let relyingPartyID, let userHandle, let name, _):
            // The platform shows one name per passkey: the account name, as at registration.
            try? await updater.reportPublicKeyCredentialUpdate(relyingPartyIdentifier: relyingPartyID, userHandle: Data(userHandle), newName: name)
        }
    }
}
#endif
