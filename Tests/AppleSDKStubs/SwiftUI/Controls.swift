// Views and controls of the SwiftUI stub (see Core.swift for sources).
// A file that imports only SwiftUI sees Foundation on Apple platforms.
@_exported import Foundation

// iOS 13.0: public struct LocalizedStringKey : Equatable, ExpressibleByStringInterpolation
@available(iOS 13.0, macOS 10.15, *)
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ string: String) {}
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {}
        public mutating func appendInterpolation(_ text: Text) {}
    }
}

// iOS 13.0: public protocol _FormatSpecifiable : Equatable (numbers interpolated into a LocalizedStringKey)
@available(iOS 13.0, macOS 10.15, *)
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

// iOS 13.0: public struct Font : Hashable
@available(iOS 13.0, macOS 10.15, *)
public struct Font: Hashable, Sendable {
    public static let largeTitle = Font(), title = Font(), headline = Font(), subheadline = Font(), body = Font()
    public static let callout = Font(), footnote = Font(), caption = Font()
}

// iOS 13.0: public protocol ShapeStyle (Sendable since the iOS 17 SDK; left out, nothing here needs it)
@available(iOS 13.0, macOS 10.15, *)
public protocol ShapeStyle {}
// iOS 15.0: public struct HierarchicalShapeStyle : ShapeStyle
@available(iOS 15.0, macOS 12.0, *)
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
    public static let primary = HierarchicalShapeStyle(), secondary = HierarchicalShapeStyle(), tertiary = HierarchicalShapeStyle()
}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    // iOS 15.0: public static var primary: HierarchicalShapeStyle { get } (and secondary)
    @available(iOS 15.0, macOS 12.0, *)
    public static var primary: HierarchicalShapeStyle { .primary }
    @available(iOS 15.0, macOS 12.0, *)
    public static var secondary: HierarchicalShapeStyle { .secondary }
}

// iOS 13.0: public struct HorizontalAlignment : Equatable
@available(iOS 13.0, macOS 10.15, *)
public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment(), center = HorizontalAlignment(), trailing = HorizontalAlignment()
}

// iOS 15.0: public enum HorizontalEdge
@available(iOS 15.0, macOS 12.0, *)
public enum HorizontalEdge { case leading, trailing }

// iOS 15.0: public struct ButtonRole : Equatable { static let destructive, cancel }
@available(iOS 15.0, macOS 12.0, *)
public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole(), cancel = ButtonRole()
}

// iOS 15.0: public struct TextInputAutocapitalization
@available(iOS 15.0, macOS 12.0, *)
public struct TextInputAutocapitalization {
    public static var never: TextInputAutocapitalization { TextInputAutocapitalization() }
    public static var words: TextInputAutocapitalization { TextInputAutocapitalization() }
    public static var sentences: TextInputAutocapitalization { TextInputAutocapitalization() }
    public static var characters: TextInputAutocapitalization { TextInputAutocapitalization() }
}

// iOS 13.0: public struct Text : Equatable, View
@available(iOS 13.0, macOS 10.15, *)
public struct Text: View, Equatable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    // public func font(_ font: Font?) -> Text
    public func font(_ font: Font?) -> Text { self }
    public var body: Never { fatalError("stub") }
    nonisolated public static func == (lhs: Text, rhs: Text) -> Bool { true }
}

// iOS 13.0: public struct Button<Label> : View where Label : View
@available(iOS 13.0, macOS 10.15, *)
public struct Button<Label: View>: View {
    // iOS 13.0: public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void)
    @available(iOS 13.0, macOS 10.15, *)
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) where Label == Text {}
    // iOS 15.0: public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void)
    @available(iOS 15.0, macOS 12.0, *)
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) where Label == Text {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct TextField<Label> : View where Label : View
@available(iOS 13.0, macOS 10.15, *)
public struct TextField<Label: View>: View {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct NavigationLink<Label, Destination> : View where Label : View, Destination : View
@available(iOS 13.0, macOS 10.15, *)
public struct NavigationLink<Label: View, Destination: View>: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) where Label == Text {}
    public var body: Never { fatalError("stub") }
}

// iOS 16.0: public struct NavigationPath
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationPath {}

// iOS 16.0: public struct NavigationStack<Data, Root> : View where Root : View
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct VStack<Content> : View where Content : View
@available(iOS 13.0, macOS 10.15, *)
public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct List<SelectionValue, Content> : View where SelectionValue : Hashable, Content : View
@available(iOS 13.0, macOS 10.15, *)
public struct List<SelectionValue: Hashable, Content: View>: View {
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct Form<Content> : View where Content : View
@available(iOS 13.0, macOS 10.15, *)
public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stub") }
}

// iOS 13.0: public struct Section<Parent, Content, Footer>
@available(iOS 13.0, macOS 10.15, *)
public struct Section<Parent, Content, Footer> {}
extension Section: View where Parent: View, Content: View, Footer: View {
    public var body: Never { fatalError("stub") }
}
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    // iOS 15.0: public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content)
    @available(iOS 15.0, macOS 12.0, *)
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    // iOS 15.0: @_disfavoredOverload public init<S>(_ title: S, @ViewBuilder content: () -> Content) where S : StringProtocol
    @available(iOS 15.0, macOS 12.0, *)
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

// iOS 13.0: public struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable
@available(iOS 13.0, macOS 10.15, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}
extension ForEach: View where Content: View {
    public var body: Never { fatalError("stub") }
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
