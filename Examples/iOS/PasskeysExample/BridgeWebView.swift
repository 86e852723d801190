import PasskeyClient
import SwiftUI
import WebKit

/// The server's web page in a WKWebView; its passkey buttons reach the platform authenticator through the bridge.
struct BridgeWebView: UIViewRepresentable {
    let url: URL
    @Environment(AccountModel.self) private var account

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        let origin = "\(url.scheme ?? "https")://\(url.host ?? "")"
        // The page's Signal API calls (after its own sign-ins and removals) reach the platform's passkey list too.
        let bridge = PasskeyBridge(provider: account.manager, allowedOrigins: [origin], signals: PlatformPasskeySignals())
        let handler = PasskeyBridgeMessageHandler(bridge: bridge)
        try? handler.install(in: configuration.userContentController)
        // Pages written against navigator.credentials work unchanged once the shim is installed.
        configuration.userContentController.addUserScript(
            WKUserScript(
                source: "window.passkeys && window.passkeys.installCredentialsShim();", injectionTime: .atDocumentStart, forMainFrameOnly: true))
        let view = WKWebView(frame: .zero, configuration: configuration)
        view.load(URLRequest(url: url))
        return view
    }

    func updateUIView(_ view: WKWebView, context: Context) {}
}
