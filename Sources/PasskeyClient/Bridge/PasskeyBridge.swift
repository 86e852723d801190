public import PasskeyModel

/// The native side of the web-view bridge: a page posts `{"action":"create"|"get","options":{…}}` (optionally with
/// `"mediation":"conditional"|"immediate"`) and gets `{"ok":true,"data":{…}}` or
/// `{"ok":false,"errMsg":"…","name":"<DOMException name>","code":"<typed case>"}` (docs/reference/cli.md, "passkeys bridge"), the code being
/// ``PasskeyError/code``.
///
/// A page gets no more than a browser would give it (WebAuthn L3 §5.1.3 steps 6–8, §5.1.4.1 steps 5–7), whatever the
/// provider: the bridge refuses, with `SecurityError` and before the provider is asked, a page whose origin is not
/// in the allow-list (`originNotAllowed`), one that is not a secure origin, https or http on localhost
/// (`insecureOrigin`), and an RP ID that is not the page's host nor a registrable suffix of it (`rpIdNotAllowed`).
/// Options without an RP ID get the page's host.
///
/// The page's Signal API calls arrive the same way (`"action":"signalUnknownCredential"`,
/// `"signalAllAcceptedCredentials"` or `"signalCurrentUserDetails"`, the browser's arguments as `options`) and are
/// passed to ``signals`` as ``PasskeySignal``s, for an RP ID the page may use; the reply is `{"ok":true,"data":{}}`.
///
/// `"action":"sessionToken"` (`window.passkeys.sessionToken()`) asks the app for a token for its own API: the bridge
/// answers `{"token","expiresIn"}` from ``sessionTokens`` (typically `coordinator.apiToken()`), or refuses with
/// `NotSupportedError` when the app gave none.
///
/// Platform independent: `PasskeyBridgeMessageHandler` feeds it from a `WKWebView`, `passkeys bridge` from stdin.
public struct PasskeyBridge: Sendable {
    /// What performs the ceremonies the page asks for.
    public let provider: any PasskeyProvider
    /// The serialized origins (`https://example.com`, no trailing slash) whose pages may use the bridge; a page from
    /// any other origin is refused with `originNotAllowed` before the provider is asked.
    public let allowedOrigins: Set<String>
    /// Where a page's signals go (for example `PlatformPasskeySignals()`); nil accepts and drops them, as a
    /// browser without the Signal API would have nothing to do with them either.
    public let signals: (any PasskeySignaling)?
    /// Where a page's `sessionToken()` gets its token (such as `{ try await coordinator.apiToken() }`); nil refuses it.
    public let sessionTokens: (@Sendable () async throws(PasskeyError) -> SessionToken)?

    /// The largest message accepted; options are a few KiB.
    public static let maximumMessageSize = 256 * 1024

    /// A bridge for pages from `allowedOrigins`, performing their ceremonies with `provider`.
    public init(
        provider: any PasskeyProvider, allowedOrigins: Set<String>, signals: (any PasskeySignaling)? = nil,
        sessionTokens: (@Sendable () async throws(PasskeyError) -> SessionToken)? = nil
    ) {
        self.provider = provider
        self.allowedOrigins = allowedOrigins
        self.signals = signals
        self.sessionTokens = sessionTokens
    }

    /// Answers one message from a page at `origin` (its serialized origin, `scheme://host[:port]`).
    public func handle(_ message: [UInt8], from origin: String) async -> JSONValue {
        do {
            return .object(JSONObject(["ok": .bool(true), "data": .object(try await perform(message, from: origin))]))
        } catch {
            return Self.reply(refusing: error)
        }
    }

    private func perform(_ message: [UInt8], from origin: String) async throws(PasskeyError) -> JSONObject {
        guard allowedOrigins.contains(origin) else {
            throw PasskeyError(
                .failed(reason: "originNotAllowed"), "pages from \(origin) may not use passkeys through this app", name: "SecurityError")
        }
        let page: RPIDValidation.Origin
        do { page = try RPIDValidation.origin(origin) } catch { throw PasskeyErrorClassifier.classify(error) }
        guard message.count <= Self.maximumMessageSize else {
            throw Self.invalidMessage("expected a message of at most \(Self.maximumMessageSize / 1024) KiB, found \(message.count) bytes")
        }
        let object: JSONObject
        do { object = try JSONParser.parseObject(message, what: "bridge message") } catch { throw Self.invalidMessage(error.message) }
        guard case .object(let options)? = object["options"] else {
            throw Self.invalidMessage("expected an 'options' object in the message")
        }
        let mediation: PasskeyMediation? =
            switch object["mediation"] {
            case nil, .null?: .modal
            case .string(let value)?: PasskeyMediation(rawValue: value)
            default: nil
            }
        guard let mediation else {
            throw Self.invalidMessage(
                "expected mediation 'optional', 'conditional' or 'immediate', found \(object["mediation"].map { $0.serialized() } ?? "none")")
        }
        switch object["action"]?.stringValue {
        case "create": return try await provider.create(try PageScope.creation(options, page: page), mediation: mediation)
        case "get": return try await provider.get(try PageScope.request(options, page: page), mediation: mediation)
        case "sessionToken":
            guard let sessionTokens else {
                throw PasskeyError(.failed(reason: "sessionTokensUnavailable"), "this app gives pages no session tokens", name: "NotSupportedError")
            }
            let token = try await sessionTokens()
            return JSONObject(["token": .string(token.token), "expiresIn": JSONValue(token.expiresIn)])
        case let action? where BridgeSignal.actions.contains(action):
            let signal = try BridgeSignal.signal(action, options, page: page)
            await signals?.signal(signal)
            return JSONObject()
        default:
            throw Self.invalidMessage(
                "expected action 'create', 'get', 'sessionToken' or a signal, found \(object["action"].map { $0.serialized() } ?? "none")")
        }
    }
}
