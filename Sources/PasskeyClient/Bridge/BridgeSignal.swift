import PasskeyModel

/// The Signal API through the web-view bridge: a page's `signalUnknownCredential`, `signalAllAcceptedCredentials`
/// and `signalCurrentUserDetails` (WebAuthn L3 §5.1.10), with the browser's member names, read into a
/// ``PasskeySignal`` for the app's ``PasskeySignaling``.
///
/// As in a browser, a page may only signal about its own relying party: `rpId` must be the page's host or a
/// registrable suffix of it, or the message is refused with `SecurityError` (`rpIdNotAllowed`). Otherwise a page
/// in an app's web view could hide another site's passkeys in the user's password manager.
enum BridgeSignal {
    /// The bridge actions that carry a signal, by the browser's method name.
    static let actions: Set<String> = ["signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails"]

    static func signal(_ action: String, _ details: JSONObject, page: RPIDValidation.Origin) throws(PasskeyError) -> PasskeySignal {
        let rpID = try member { () throws(WebAuthnError) in try details.requiredString("rpId", in: action) }
        do { try RPIDValidation.checkRPID(rpID, for: page) } catch { throw PasskeyErrorClassifier.classify(error) }
        switch action {
        case "signalUnknownCredential":
            let credentialID = try member { () throws(WebAuthnError) in try details.requiredBase64URL("credentialId", in: action, strictness: .strict)
            }
            return .unknownCredential(relyingPartyID: rpID, credentialID: credentialID)
        case "signalAllAcceptedCredentials":
            let userHandle = try member { () throws(WebAuthnError) in try details.requiredBase64URL("userId", in: action, strictness: .strict) }
            let ids = try member { () throws(WebAuthnError) in try details.optionalStringArray("allAcceptedCredentialIds", in: action) }
            guard let ids else { throw PasskeyBridge.invalidMessage("\(action): expected allAcceptedCredentialIds, found none") }
            var credentialIDs: [[UInt8]] = []
            for id in ids {
                credentialIDs.append(try member { () throws(WebAuthnError) in try Base64URL.decode(id, field: "\(action).allAcceptedCredentialIds") })
            }
            return .allAcceptedCredentials(relyingPartyID: rpID, userHandle: userHandle, credentialIDs: credentialIDs)
        default:
            let userHandle = try member { () throws(WebAuthnError) in try details.requiredBase64URL("userId", in: action, strictness: .strict) }
            let name = try member { () throws(WebAuthnError) in try details.requiredString("name", in: action) }
            let displayName = try member { () throws(WebAuthnError) in try details.requiredString("displayName", in: action) }
            return .currentUserDetails(relyingPartyID: rpID, userHandle: userHandle, name: name, displayName: displayName)
        }
    }

    /// A member the page got wrong is a TypeError, as the browser's IDL conversion would throw.
    private static func member<T>(_ read: () throws(WebAuthnError) -> T) throws(PasskeyError) -> T {
        do { return try read() } catch { throw PasskeyBridge.invalidMessage(error.message) }
    }
}
