// PasskeyVapor is built only with the package trait "Vapor" (Package.swift, SE-0450), which brings Vapor and Fluent;
// the trait is not among the defaults. This package's own build compiles every target, so without the trait the
// module is empty but for these stand-ins: an app that links it without the trait meets the message at its first use
// of the module, not a wall of missing-module errors.
#if !Vapor
/// Unavailable: PasskeyVapor needs the package trait "Vapor".
@available(
    *, unavailable,
    message: "PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it"
)
public struct PasskeyRouteCollection {}

/// Unavailable: PasskeyVapor needs the package trait "Vapor".
@available(
    *, unavailable,
    message: "PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it"
)
public protocol PasskeyVaporHooks {}

/// Unavailable: PasskeyVapor needs the package trait "Vapor".
@available(
    *, unavailable,
    message: "PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it"
)
public struct PasskeyCredentialModel {}

/// Unavailable: PasskeyVapor needs the package trait "Vapor".
@available(
    *, unavailable,
    message: "PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it"
)
public struct CreatePasskeyCredentials {}

/// Unavailable: PasskeyVapor needs the package trait "Vapor".
@available(
    *, unavailable,
    message: "PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it"
)
public struct FluentPasskeyAccounts {}
#endif
