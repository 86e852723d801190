// PasskeyHummingbird is built only with the package trait "Hummingbird" (Package.swift, SE-0450), which brings the packages it needs.
// Named to sort first among the module's files, so the compiler reports this before the missing modules.
#if !Hummingbird
#error(
    "PasskeyHummingbird needs the package trait \"Hummingbird\": depend on this package with traits: [\"Hummingbird\"] (or its default traits), or link only PasskeyClient and PasskeyModel"
)
#endif
