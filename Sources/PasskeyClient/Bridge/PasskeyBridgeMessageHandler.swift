#if canImport(WebKit) && (os(iOS) || os(macOS))
import Foundation
import PasskeyCore
public import WebKit

/// Connects a `WKWebView` page to a ``PasskeyBridge``: installs `passkeys-bridge.js` and answers its
/// `window.webkit.messageHandlers.passkeys.postMessage(…)` calls with the bridge's reply.
///
/// The origin checked against the bridge's allow-list is the frame's security origin as WebKit reports it, not
/// anything the page says about itself.
@MainActor
public final class PasskeyBridgeMessageHandler: NSObject, WKScriptMessageHandlerWithReply {
    public let bridge: PasskeyBridge

    public init(bridge: PasskeyBridge) {
        self.bridge = bridge
    }

    /// Adds the script and this handler (named `passkeys`) to a web view configuration, in the page content world.
    public func install(in controller: WKUserContentController) throws {
        controller.addUserScript(WKUserScript(source: try PasskeyBridgeScript.source, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        controller.addScriptMessageHandler(self, contentWorld: .page, name: "passkeys")
    }

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?) {
        let origin = message.frameInfo.securityOrigin
        let serialized = origin.port == 0 ? "\(origin.protocol)://\(origin.host)" : "\(origin.protocol)://\(origin.host):\(origin.port)"
        guard message.frameInfo.isMainFrame,
              let data = try? JSONSerialization.data(withJSONObject: message.body) else {
            return (PasskeyBridge.failure(name: "TypeError", code: "invalidMessage", "expected a message object from the main frame").serialized(), nil)
        }
        let reply = await bridge.handle(Array(data), from: serialized)
        // The reply goes back as a JSON string: passkeys-bridge.js parses it, so no value is lost in conversion.
        return (reply.serialized(), nil)
    }
}
#endif
