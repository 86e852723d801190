// Stub of the parts of SwiftUI that Examples/iOS uses, for the Linux type-check (scripts/typecheck-apple).
// Signatures are transcribed from the iOS 16.5 SDK's SwiftUI.swiftinterface; the Observation-based API (iOS 17.0)
// from Apple's documentation; isolation as the iOS 18 SDK declares it (`@MainActor @preconcurrency` on View, App,
// Scene and UIViewRepresentable). Result builders keep SwiftUI's shape (TupleView, _ConditionalContent, Optional)
// so builder bodies type-check as they do on a device. Bodies are placeholders: nothing here runs.
// iOS 13.0: public protocol View { associatedtype Body : View; @ViewBuilder var body: Self.Body { get } }
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

// iOS 13.0: public protocol App { associatedtype Body : Scene; @SceneBuilder var body: Self.Body { get }; init() }
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    // iOS 14.0: public static func main()
    @available(iOS 14.0, macOS 11.0, *)
    @MainActor @preconcurrency public static func main() {}
}

// iOS 14.0: public protocol Scene { associatedtype Body : Scene; @SceneBuilder var body: Self.Body { get } }
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {}
extension Never: Scene {}
extension Never {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public protocol DynamicProperty
@available(iOS 13.0, macOS 10.15, *)
public protocol DynamicProperty {}

// iOS 13.0: @resultBuilder public struct ViewBuilder (buildBlock over a parameter pack since iOS 17.0).
@available(iOS 13.0, macOS 10.15, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
}

// iOS 14.0: @resultBuilder public struct SceneBuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// iOS 13.0: public struct TupleView<T> : View
@available(iOS 13.0, macOS 10.15, *)
public struct TupleView<T>: View {
    nonisolated(unsafe) public var value: T
    nonisolated public init(_ value: T) { self.value = value }
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct _ConditionalContent<TrueContent, FalseContent> : View where both are View
@available(iOS 13.0, macOS 10.15, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    nonisolated init() {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: extension Optional : View where Wrapped : View
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct EmptyView : View
@available(iOS 13.0, macOS 10.15, *)
public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct WindowGroup<Content> : Scene where Content : View
@available(iOS 13.0, macOS 10.15, *)
public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stub") }
}
