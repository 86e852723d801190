// View modifiers of the SwiftUI stub (see Core.swift for sources). Each returns `some View` as SwiftUI does.
public import UIKit

extension View {
    public func font(_ font: Font?) -> some View { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    public func disabled(_ disabled: Bool) -> some View { self }
    // iOS 16.0: public func autocorrectionDisabled(_ disable: Bool = true) -> some View
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    // iOS 13.0: public func textContentType(_ textContentType: UIKit.UITextContentType?) -> some View
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
    // iOS 15.0: public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    // iOS 14.0: public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    // iOS 14.0: public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View where Content : View
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    // iOS 15.0: public func swipeActions<T>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    //   @ViewBuilder content: () -> T) -> some View where T : View
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View { self }
    // iOS 15.0: public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View
    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View { self }
    // iOS 15.0: public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action:
    //   @escaping @Sendable () async -> Void) -> some View
    public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    // iOS 15.0: public func alert<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
    //   @ViewBuilder actions: () -> A) -> some View where A : View
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }
}

// iOS 13.0: public protocol UIViewRepresentable : View where Self.Body == Never
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
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
