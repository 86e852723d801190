// PasskeyVapor is built only with the package trait "Vapor" (Package.swift, SE-0450), which brings Vapor and Fluent.
// Named to sort first among the module's files, so the compiler reports this before the missing modules.
#if !Vapor
#error("PasskeyVapor needs the package trait \"Vapor\": depend on this package with traits: [\"Vapor\"]; the default traits do not include it")
#endif
