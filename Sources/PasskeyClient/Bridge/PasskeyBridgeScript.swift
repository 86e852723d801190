import Foundation

/// `passkeys-bridge.js`, the page side of the web-view bridge (`window.passkeys.create/get`, an optional
/// `navigator.credentials` shim), shipped as a resource of this module.
public enum PasskeyBridgeScript {
    /// The script's source, for a `WKUserScript` or to serve to pages.
    public static var source: String {
        get throws {
            guard let url = Bundle.module.url(forResource: "passkeys-bridge", withExtension: "js") else {
                throw CocoaError(
                    .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "passkeys-bridge.js is missing from the PasskeyClient resources"])
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
    }
}
