// Stub of the two AppKit classes the macOS side of the AuthenticationServices and WebKit stubs names, for
// scripts/check-apple-availability's macOS pass (ASPresentationAnchor is an NSWindow there, WKWebView an NSView).
// Transcribed from AppKit's headers (NSResponder.h, NSView.h, NSWindow.h: NS_SWIFT_UI_ACTOR); nothing in
// PasskeyClient creates either. Bodies are placeholders: nothing here runs.
@_exported import Foundation

// macOS 10.0, NSResponder.h.
@available(macOS 10.0, *)
@MainActor open class NSResponder: NSObject {}

// macOS 10.0, NSView.h.
@available(macOS 10.0, *)
@MainActor open class NSView: NSResponder {
    // - (instancetype)initWithFrame:(NSRect)frameRect NS_DESIGNATED_INITIALIZER;
    public init(frame frameRect: CGRect) { super.init() }
}

// macOS 10.0, NSWindow.h.
@available(macOS 10.0, *)
@MainActor open class NSWindow: NSResponder {}
