/// Why a passkey operation did not complete, typed so an app can answer each case properly: a cancelled sheet is
/// not an error to show, "no credentials" is a reason to offer registration, a matched excluded credential means the
/// user already has a passkey here.
///
/// The same value reaches a web page through the bridge as `{"ok":false,"errMsg":…,"name":…,"code":…}`:
/// ``name`` is the DOMException a browser would throw (WebAuthn L3 §5.1.3, §5.1.4) and ``code`` the typed case.
public struct PasskeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened, as an app decides on it: show nothing, offer registration, retry, or report.
    public enum Kind: Sendable, Equatable {
        /// The user dismissed the sheet or the request was cancelled.
        case cancelled
        /// No passkey for this relying party is available on this device (or in the allow list).
        case noCredentials
        /// The app is not associated with the relying party's domain (`webcredentials` in its
        /// apple-app-site-association file, the app's Associated Domains entitlement).
        case domainNotAssociated
        /// A passkey in `excludeCredentials` is already on this authenticator: the user is registered here.
        case excludedCredentialMatched
        /// The ceremony's timeout passed.
        case timeout
        /// Anything else; `reason` is a stable camelCase identifier such as `invalidOptions` or `rpIdNotAllowed`.
        case failed(reason: String)
        /// The relying party could not be reached.
        case network
        /// The relying party refused, with its `errorMessage` and, for a failed verification, its error code
        /// (`challengeMismatch`, `originMismatch`, …).
        case server(status: Int, message: String, code: String?)
        /// A new passkey was created, but the server's answer to it never arrived or could not be read (a network
        /// error, a timeout, a 5xx, a malformed answer): the server may or may not have stored it. The passkey
        /// (`credentialID`, base64url) is kept on the device; signing in with it, or listing the account's passkeys,
        /// tells which. Only a 4xx answer, a certain refusal, removes the new passkey again.
        case registrationOutcomeUnknown(credentialID: String)
    }

    /// The typed cause; switch on it to decide what to show.
    public let kind: Kind
    /// The DOMException name a browser would use for this failure.
    public let name: String
    /// Plain words: what was expected and what happened.
    public let message: String
    /// The credential a ``Kind/server(status:message:code:)`` refusal is about, when the server named one: the
    /// `credentialId` of an `unknownCredential` answer, which ``PasskeySignal/afterSignIn(failedWith:relyingPartyID:)``
    /// tells the platform to drop.
    public let credentialID: [UInt8]?

    /// An error of `kind`. `name` defaults to the DOMException a browser reports for that kind (`NotAllowedError` for
    /// cancellation, timeouts and missing credentials, so a page cannot tell them apart).
    public init(_ kind: Kind, _ message: String, name: String? = nil, credentialID: [UInt8]? = nil) {
        self.kind = kind
        self.message = message
        self.name = name ?? kind.defaultName
        self.credentialID = credentialID
    }

    /// The typed case as a stable identifier: `cancelled`, `noCredentials`, …, a failure's reason, `network`, `server`,
    /// `registrationOutcomeUnknown`.
    public var code: String { kind.code }

    /// `name (code): message`, such as `NotAllowedError (cancelled): the request was cancelled`, for logs.
    public var description: String { "\(name) (\(code)): \(message)" }
}

extension PasskeyError.Kind {
    /// The kind as the stable identifier pages and logs see: the case name, or a failure's `reason`.
    public var code: String {
        switch self {
        case .cancelled: "cancelled"
        case .noCredentials: "noCredentials"
        case .domainNotAssociated: "domainNotAssociated"
        case .excludedCredentialMatched: "excludedCredentialMatched"
        case .timeout: "timeout"
        case .failed(let reason): reason
        case .network: "network"
        case .server: "server"
        case .registrationOutcomeUnknown: "registrationOutcomeUnknown"
        }
    }

    /// L3 §5.1.3 / §5.1.4: cancellation, timeouts and "nothing to use" are all NotAllowedError, so a page cannot tell
    /// them apart (privacy); an excluded credential is InvalidStateError; a domain the caller may not use is
    /// SecurityError; an answer that never came is UnknownError (WebIDL: "the operation failed for an unknown
    /// transient reason").
    var defaultName: String {
        switch self {
        case .cancelled, .noCredentials, .timeout: "NotAllowedError"
        case .excludedCredentialMatched: "InvalidStateError"
        case .domainNotAssociated: "SecurityError"
        case .failed, .registrationOutcomeUnknown: "UnknownError"
        case .network, .server: "NetworkError"
        }
    }
}
