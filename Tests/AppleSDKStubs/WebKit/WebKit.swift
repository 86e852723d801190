// Stub of the parts of WebKit that PasskeyClient and Examples/iOS use, for the Linux type-check
// (scripts/typecheck-apple). Names, labels and types are transcribed from the iOS 16.5 SDK headers
// (WebKit.framework/Headers: WKWebView.h, WKWebViewConfiguration.h, WKUserContentController.h, WKUserScript.h,
// WKScriptMessage.h, WKScriptMessageHandlerWithReply.h, WKFrameInfo.h, WKSecurityOrigin.h, WKContentWorld.h).
// Isolation follows WebKit's current headers, which mark these classes and the protocol WK_SWIFT_UI_ACTOR
// (@MainActor), as the iOS 26.0 WebKit.swiftinterface shows for WKWebView. Bodies are placeholders.
// The Objective-C headers import Foundation, and a Clang module re-exports what its headers import.
@_exported import Foundation

#if canImport(FoundationNetworking)
// Linux keeps URLRequest in FoundationNetworking; on Apple platforms it is in Foundation, which WebKit re-exports.
@_exported import FoundationNetworking
#endif
#if os(macOS)
public import AppKit
#else
public import UIKit
#endif

// iOS 8.0, WKWebView.h: WKWebView : UIView (NSView on macOS). The stub names the superclass through a typealias
// (not in the SDK) so one declaration serves both.
#if os(macOS)
@available(macOS 10.10, *)
public typealias _WKWebViewBase = NSView
#else
// (stub only) UIView on iOS.
@available(iOS 8.0, *)
public typealias _WKWebViewBase = UIView
#endif
// iOS 8.0, macOS 10.10, WKWebView.h: WK_CLASS_AVAILABLE(macos(10.10), ios(8.0)).
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKWebView: _WKWebViewBase {
    // - (instancetype)initWithFrame:(CGRect)frame configuration:(WKWebViewConfiguration *)configuration
    // NS_DESIGNATED_INITIALIZER;
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }
    // - (nullable WKNavigation *)loadRequest:(NSURLRequest *)request; (Swift name load(_:); results of imported
    // Objective-C methods are discardable)
    @discardableResult open func load(_ request: URLRequest) -> WKNavigation? { nil }
}

// iOS 8.0, WKNavigation.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKNavigation: NSObject {}

// iOS 8.0, WKWebViewConfiguration.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKWebViewConfiguration: NSObject {
    // @property (nonatomic, strong) WKUserContentController *userContentController;
    open var userContentController = WKUserContentController()
    public override init() {}
}

// iOS 14.0, WKContentWorld.h: init and new are NS_UNAVAILABLE.
@available(iOS 14.0, macOS 11.0, *)
@MainActor open class WKContentWorld: NSObject {
    // @property (class, nonatomic, readonly) WKContentWorld *pageWorld; (Swift name `page`)
    open class var page: WKContentWorld { fatalError("stub") }
    // @property (class, nonatomic, readonly) WKContentWorld *defaultClientWorld; (Swift name `defaultClient`)
    open class var defaultClient: WKContentWorld { fatalError("stub") }
    // + (WKContentWorld *)worldWithName:(NSString *)name NS_SWIFT_NAME(world(name:));
    open class func world(name: String) -> WKContentWorld { fatalError("stub") }
    // @property (nullable, nonatomic, readonly, copy) NSString *name;
    open var name: String? { nil }
}

// iOS 8.0, WKUserScript.h: typedef NS_ENUM(NSInteger, WKUserScriptInjectionTime).
@available(iOS 8.0, macOS 10.10, *)
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

// iOS 8.0, WKUserScript.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKUserScript: NSObject {
    // - (instancetype)initWithSource:(NSString *)source injectionTime:(WKUserScriptInjectionTime)injectionTime
    //   forMainFrameOnly:(BOOL)forMainFrameOnly;
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {}
}

// iOS 9.0, WKSecurityOrigin.h: init is NS_UNAVAILABLE.
@available(iOS 9.0, macOS 10.11, *)
@MainActor open class WKSecurityOrigin: NSObject {
    // @property (nonatomic, readonly, copy) NSString *protocol; NSString *host; @property (nonatomic, readonly) NSInteger port;
    open var `protocol`: String { "" }
    open var host: String { "" }
    open var port: Int { 0 }
}

// iOS 8.0, WKFrameInfo.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKFrameInfo: NSObject {
    // @property (nonatomic, readonly, getter=isMainFrame) BOOL mainFrame;
    open var isMainFrame: Bool { true }
    // @property (nonatomic, readonly, copy) NSURLRequest *request;
    open var request: URLRequest { fatalError("stub") }
    // iOS 9.0: @property (nonatomic, readonly) WKSecurityOrigin *securityOrigin;
    @available(iOS 9.0, macOS 10.11, *)
    open var securityOrigin: WKSecurityOrigin { fatalError("stub") }
    // iOS 11.0: @property (nonatomic, readonly, weak) WKWebView *webView;
    @available(iOS 11.0, macOS 10.13, *)
    open weak var webView: WKWebView?
}

// iOS 8.0, WKScriptMessage.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKScriptMessage: NSObject {
    // @property (nonatomic, readonly, copy) id body;
    open var body: Any { NSNull() }
    // @property (nullable, nonatomic, readonly, weak) WKWebView *webView;
    open weak var webView: WKWebView?
    // @property (nonatomic, readonly, copy) WKFrameInfo *frameInfo;
    open var frameInfo: WKFrameInfo { fatalError("stub") }
    // @property (nonatomic, readonly, copy) NSString *name;
    open var name: String { "" }
    // iOS 14.0: @property (nonatomic, readonly) WKContentWorld *world;
    @available(iOS 14.0, macOS 11.0, *)
    open var world: WKContentWorld { fatalError("stub") }
}

// iOS 14.0, WKScriptMessageHandlerWithReply.h: one method, -userContentController:didReceiveScriptMessage:
// replyHandler: marked WK_SWIFT_ASYNC(3), so Swift sees a completion-handler form and this async form and a
// conformer implements either. Only the async form is stubbed: it is the one this project implements.
@available(iOS 14.0, macOS 11.0, *)
@MainActor public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?)
}

// iOS 8.0, WKUserContentController.h.
@available(iOS 8.0, macOS 10.10, *)
@MainActor open class WKUserContentController: NSObject {
    public override init() {}
    // - (void)addUserScript:(WKUserScript *)userScript;
    open func addUserScript(_ userScript: WKUserScript) {}
    // iOS 14.0: - (void)addScriptMessageHandlerWithReply:(id <WKScriptMessageHandlerWithReply>)scriptMessageHandlerWithReply
    //   contentWorld:(WKContentWorld *)contentWorld name:(NSString *)name; (Swift name addScriptMessageHandler(_:contentWorld:name:))
    @available(iOS 14.0, macOS 11.0, *)
    open func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {}
}
