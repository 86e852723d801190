// Property wrappers and the environment of the SwiftUI stub (see Core.swift for sources).
public import Observation

// iOS 13.0: @propertyWrapper public struct State<Value> : DynamicProperty
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper public struct State<Value>: DynamicProperty {
    private var value: Value
    public init(wrappedValue value: Value) { self.value = value }
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError("stub") }
}

// iOS 13.0: @propertyWrapper @dynamicMemberLookup public struct Binding<Value>
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    // iOS 13.0. Apple's documentation (2026, SwiftUI/Binding/init(get:set:)-7ufcp) declares
    // `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    //   set: @escaping @isolated(any) @Sendable (Value) -> Void)`; the iOS 16.5 interface had plain escaping closures.
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError("stub") }
}

// iOS 13.0: public struct EnvironmentValues
@available(iOS 13.0, macOS 10.15, *)
public struct EnvironmentValues {}

// iOS 13.0: @propertyWrapper public struct Environment<Value> : DynamicProperty
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    // iOS 13.0: public init(_ keyPath: KeyPath<EnvironmentValues, Value>)
    @available(iOS 13.0, macOS 10.15, *)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    // iOS 17.0: public init(_ objectType: Value.Type) where Value : AnyObject, Value : Observable
    @available(iOS 17.0, macOS 14.0, *)
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    // iOS 17.0: public init<T>(_ objectType: T.Type) where Value == T?, T : AnyObject, T : Observable
    @available(iOS 17.0, macOS 14.0, *)
    public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject & Observable {}
    public var wrappedValue: Value { fatalError("stub") }
}

extension View {
    // iOS 17.0: public func environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable
    @available(iOS 17.0, macOS 14.0, *)
    public func environment<T>(_ object: T?) -> some View where T: AnyObject & Observable { self }
}
