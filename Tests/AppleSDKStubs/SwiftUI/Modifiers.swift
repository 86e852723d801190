// View modifiers of the SwiftUI stub (see Core.swift for sources). Each returns `some View` as SwiftUI does.
public import UIKit

extension View {
    // iOS 13.0: public func font(_ font: Font?) -> some View
    @available(iOS 13.0, macOS 10.15, *)
    public func font(_ font: Font?) -> some View { self }
    // iOS 15.0: public func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle
    @available(iOS 15.0, macOS 12.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    // iOS 13.0: public func disabled(_ disabled: Bool) -> some View
    @available(iOS 13.0, macOS 10.15, *)
    public func disabled(_ disabled: Bool) -> some View { self }
    // iOS 16.0: public func autocorrectionDisabled(_ disable: Bool = true) -> some View
    @available(iOS 16.0, macOS 13.0, *)
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    // iOS 13.0: public func textContentType(_ textContentType: UIKit.UITextContentType?) -> some View
    @available(iOS 13.0, macOS 10.15, *)
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
    // iOS 15.0: public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View
    @available(iOS 15.0, macOS 12.0, *)
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    // iOS 14.0: public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View
    @available(iOS 14.0, macOS 11.0, *)
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    // iOS 14.0: public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View where Content : View
    @available(iOS 14.0, macOS 11.0, *)
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    // iOS 15.0: public func swipeActions<T>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    //   @ViewBuilder content: () -> T) -> some View where T : View
    @available(iOS 15.0, macOS 12.0, *)
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View {
        self
    }
    // iOS 15.0: public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View
    @available(iOS 15.0, macOS 12.0, *)
    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View { self }
    // iOS 15.0. Apple's documentation (2026, SwiftUI/View/task(priority:_:) and task(name:priority:file:line:_:))
    // declares `nonisolated func task(priority: TaskPriority = .userInitiated, _ action: sending @escaping
    // @isolated(any) () async -> Void) -> some View` (the iOS 16.5 interface's @Sendable @_inheritActorContext form
    // is gone). The later name:/file:/line: parameters, documented as no-ops before iOS 26.4, are left out: nothing
    // here may pass them.
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func task(priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        self
    }
    // iOS 15.0: public func alert<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
    //   @ViewBuilder actions: () -> A) -> some View where A : View
    @available(iOS 15.0, macOS 12.0, *)
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }
}

// iOS 13.0: public protocol UIViewRepresentable : View where Self.Body == Never
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
}

extension UIViewRepresentable where Body == Never {
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct UIViewRepresentableContext<Representable> where Representable : UIViewRepresentable
@available(iOS 13.0, macOS 10.15, *)
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
