public import Foundation

/// What an app shows its user for a ``PasskeyError``, in the user's language: English, Korean, Simplified Chinese,
/// Traditional Chinese or Japanese, from the String Catalog `Localizable.xcstrings` in this package's resources.
///
/// Looked up the Apple way, with `NSLocalizedString` in `Bundle.module`: Xcode compiles the catalog into the resource
/// bundle's `.lproj` folders, and the bundle answers in the first of the user's preferred languages that both it and
/// the app are localized in (an app localized only in English shows English, as every system text in it does). On
/// Linux, where SwiftPM copies the catalog uncompiled, the English text is the answer. `scripts/check-catalogs` keeps
/// every key in every language, with the same placeholders.
///
/// ``PasskeyError/message`` stays the developer's detail (``failureReason``, in English, with what was expected and
/// found); ``errorDescription`` is the sentence for the user.
extension PasskeyError: LocalizedError {
    /// The user-facing sentence for this error, in the user's language; `localizedDescription` answers it.
    public var errorDescription: String? { kind.localizedDescription }

    /// The developer's detail: ``message``, in English.
    public var failureReason: String? { message }
}

extension PasskeyError.Kind {
    /// One sentence for the user, in their language: what happened and what to do. A server refusal is worded by its
    /// code where the user can act on it (a session that ended, a username taken, a passkey the server no longer
    /// knows), else by its status.
    public var localizedDescription: String {
        switch self {
        case .cancelled:
            NSLocalizedString(
                "passkeyError.cancelled", bundle: .module, value: "The passkey request was cancelled.",
                comment: "The user closed the passkey sheet or the request was cancelled.")
        case .noCredentials:
            NSLocalizedString(
                "passkeyError.noCredentials", bundle: .module, value: "There is no passkey for this account on this device.",
                comment: "No passkey for the relying party is available on this device.")
        case .domainNotAssociated:
            NSLocalizedString(
                "passkeyError.domainNotAssociated", bundle: .module,
                value: "This app is not set up to use passkeys for its website. The app's developer needs to fix this.",
                comment: "The app's associated domains do not include the relying party (a set-up problem of the app).")
        case .excludedCredentialMatched:
            NSLocalizedString(
                "passkeyError.excludedCredentialMatched", bundle: .module, value: "This device already has a passkey for this account.",
                comment: "Registration refused because the device already holds a passkey for the account.")
        case .timeout:
            NSLocalizedString(
                "passkeyError.timeout", bundle: .module, value: "The passkey request timed out. Try again.",
                comment: "The ceremony's timeout passed before the user answered.")
        case .failed:
            NSLocalizedString(
                "passkeyError.failed", bundle: .module, value: "The passkey request could not be completed. Try again.",
                comment: "Any other failure of the passkey request on the device.")
        case .network:
            NSLocalizedString(
                "passkeyError.network", bundle: .module, value: "Cannot reach the server. Check your connection, then try again.",
                comment: "The relying party's server could not be reached.")
        case .server(let status, _, let code):
            Self.serverDescription(status: status, code: code)
        case .registrationOutcomeUnknown:
            NSLocalizedString(
                "passkeyError.registrationOutcomeUnknown", bundle: .module,
                value: "A passkey was created, but the server's answer did not arrive. Sign in with it to find out whether it was saved.",
                comment: "A new passkey was made on the device but the server's answer was lost, so it may or may not be registered.")
        }
    }

    static func serverDescription(status: Int, code: String?) -> String {
        switch (code, status) {
        case ("unknownCredential", _):
            NSLocalizedString(
                "passkeyError.server.unknownCredential", bundle: .module,
                value: "This passkey is not registered here: it may have been removed, or its account deleted.",
                comment: "The server does not know the passkey used to sign in.")
        case ("usernameTaken", _):
            NSLocalizedString(
                "passkeyError.server.usernameTaken", bundle: .module,
                value: "This username is taken. If it is yours, sign in and add the passkey from your account.",
                comment: "Registration refused: an account with this username exists.")
        case ("reverificationRequired", _), ("userNotVerified", _):
            NSLocalizedString(
                "passkeyError.server.reverificationRequired", bundle: .module,
                value:
                    "This action needs you to confirm it is you with your passkey (face, fingerprint or device passcode). Try again, and confirm when asked.",
                comment: "The server needs a fresh passkey verification with user verification before a sensitive action.")
        case ("lastPasskey", _):
            NSLocalizedString(
                "passkeyError.server.lastPasskey", bundle: .module,
                value: "This is the only passkey of this account. Add another passkey first, or delete the whole account.",
                comment: "Removing the account's only passkey was refused.")
        case (_, 401):
            NSLocalizedString(
                "passkeyError.server.unauthorized", bundle: .module, value: "Your session has ended. Sign in again.",
                comment: "The server answered 401: no valid session.")
        case (_, 429):
            NSLocalizedString(
                "passkeyError.server.rateLimited", bundle: .module, value: "Too many attempts in a short time. Wait a moment, then try again.",
                comment: "The server answered 429: too many requests.")
        case (_, 500...):
            NSLocalizedString(
                "passkeyError.server.unavailable", bundle: .module, value: "The service is unavailable right now. Try again in a moment.",
                comment: "The server answered 5xx.")
        default:
            NSLocalizedString(
                "passkeyError.server.refused", bundle: .module, value: "The server refused the request.",
                comment: "Any other refusal by the relying party's server.")
        }
    }
}
