#if canImport(WebKit) && (os(iOS) || os(macOS) || APPLE_SDK_STUBS)
public import Foundation
import PasskeyModel
public import WebKit

/// Connects a `WKWebView` page to a ``PasskeyBridge``: installs `passkeys-bridge.js` and answers its
/// `window.webkit.messageHandlers.passkeys.postMessage(…)` calls with the bridge's reply.
///
/// The origin checked against the bridge's allow-list is the frame's security origin as WebKit reports it, not
/// anything the page says about itself. Any message body gets a reply: bodies that are not an object of JSON values
/// are refused by ``PasskeyBridge/message(fromBody:)`` before anything serializes them.
@MainActor
public final class PasskeyBridgeMessageHandler: NSObject, WKScriptMessageHandlerWithReply {
    /// The bridge that answers the page's messages.
    public let bridge: PasskeyBridge

    /// A handler answering with `bridge`; ``install(in:)`` connects it to a web view.
    public init(bridge: PasskeyBridge) {
        self.bridge = bridge
    }

    /// Adds the script and this handler (named `passkeys`) to a web view configuration, in the page content world.
    public func install(in controller: WKUserContentController) throws {
        controller.addUserScript(WKUserScript(source: try PasskeyBridgeScript.source, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        controller.addScriptMessageHandler(self, contentWorld: .page, name: "passkeys")
    }

    /// WebKit's entry point for a message: answers one from the main frame with the bridge's reply as a JSON string,
    /// and refuses one from a subframe, which the bridge's origin check could not vouch for.
    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?)
    {
        guard message.frameInfo.isMainFrame else {
            return (
                PasskeyBridge.reply(refusing: PasskeyBridge.invalidMessage("expected a message from the main frame, found one from a subframe"))
                    .serialized(), nil
            )
        }
        let security = message.frameInfo.securityOrigin
        let origin = PasskeyBridge.origin(scheme: security.protocol, host: security.host, port: security.port)
        let body: [UInt8]
        do { body = try PasskeyBridge.message(fromBody: message.body) } catch {
            return (PasskeyBridge.reply(refusing: error).serialized(), nil)
        }
        // The reply goes back as a JSON string: passkeys-bridge.js parses it, so no value is lost in conversion.
        return (await bridge.handle(body, from: origin).serialized(), nil)
    }
}
#endif
