// Stub of the parts of UIKit that PasskeyClient and Examples/iOS use, for the Linux type-check
// (scripts/typecheck-apple). Declarations transcribed from the iOS 16.5 SDK headers (UIKit.framework/Headers:
// UIResponder.h, UIView.h, UIWindow.h, UIScene.h, UIWindowScene.h, UIApplication.h, UITextInputTraits.h); the
// availability on each is Apple's, one `@available` per line (Mac Catalyst from 13.1, as UIKit's headers declare;
// visionOS inherits iOS's). UIKit does not exist on macOS: scripts/check-apple-availability leaves this module out
// of its macOS pass. Bodies are placeholders: nothing here runs.
// UIKit.h imports Foundation, and a Clang module re-exports what its headers import.
@_exported import Foundation

// iOS 2.0, UIResponder.h: NS_SWIFT_UI_ACTOR.
@available(iOS 2.0, macCatalyst 13.1, *)
@MainActor open class UIResponder: NSObject {}

// iOS 2.0, UIView.h: NS_SWIFT_UI_ACTOR; -initWithFrame: and -init are designated.
@available(iOS 2.0, macCatalyst 13.1, *)
@MainActor open class UIView: UIResponder {
    // iOS 2.0: - (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;
    public init(frame: CGRect) { super.init() }
    // iOS 2.0: inherited - (instancetype)init, usable as UIView().
    public override convenience init() { self.init(frame: .zero) }
}

// iOS 2.0, UIWindow.h: NS_SWIFT_UI_ACTOR.
@available(iOS 2.0, macCatalyst 13.1, *)
@MainActor open class UIWindow: UIView {
    // iOS 13.0: - (instancetype)initWithWindowScene:(UIWindowScene *)windowScene;
    @available(iOS 13.0, macCatalyst 13.1, *)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    // iOS 2.0, deprecated in 26.0 (Apple's documentation, UIKit/UIWindow/init(): iOS 2.0-26.0, Mac Catalyst
    // 13.1-26.0, visionOS 1.0-26.0; init(windowScene:) is not deprecated). UIWindow's -initWithFrame: is left out:
    // nothing here uses it, and its iOS 26 status was not checked.
    @available(iOS, introduced: 2.0, deprecated: 26.0)
    @available(macCatalyst, introduced: 13.1, deprecated: 26.0)
    @available(visionOS, introduced: 1.0, deprecated: 26.0)
    public convenience init() { self.init(windowScene: UIWindowScene()) }
}

// iOS 13.0, UIScene.h: NS_SWIFT_UI_ACTOR.
@available(iOS 13.0, macCatalyst 13.1, *)
@MainActor open class UIScene: UIResponder {}

// iOS 13.0, UIWindowScene.h: NS_SWIFT_UI_ACTOR.
@available(iOS 13.0, macCatalyst 13.1, *)
@MainActor open class UIWindowScene: UIScene {
    // iOS 15.0: @property (nonatomic, readonly, nullable) UIWindow *keyWindow;
    @available(iOS 15.0, macCatalyst 15.0, *)
    open var keyWindow: UIWindow? { nil }
}

// iOS 2.0, UIApplication.h: NS_SWIFT_UI_ACTOR.
@available(iOS 2.0, macCatalyst 13.1, *)
@MainActor open class UIApplication: UIResponder {
    // iOS 2.0: @property (class, nonatomic, readonly) UIApplication *sharedApplication; (Swift name `shared`)
    open class var shared: UIApplication { UIApplication() }
    // iOS 13.0: @property (nonatomic, readonly) NSSet<UIScene *> *connectedScenes;
    @available(iOS 13.0, macCatalyst 13.1, *)
    open var connectedScenes: Set<UIScene> { [] }
}

// iOS 10.0, UITextInputTraits.h: typedef NSString * UITextContentType NS_TYPED_ENUM; imported as a struct.
@available(iOS 10.0, macCatalyst 13.1, *)
public struct UITextContentType: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    // iOS 11.0: UIKIT_EXTERN UITextContentType const UITextContentTypeUsername;
    @available(iOS 11.0, macCatalyst 13.1, *)
    public static let username = UITextContentType(rawValue: "username")
    // iOS 11.0: UIKIT_EXTERN UITextContentType const UITextContentTypePassword;
    @available(iOS 11.0, macCatalyst 13.1, *)
    public static let password = UITextContentType(rawValue: "password")
}
