// PasskeyStore is built only with the package trait "Server" (Package.swift, SE-0450), which brings the database
// packages it needs. Named to sort first among the module's files, so the compiler reports this before the missing
// modules.
#if !Server
#error(
    "PasskeyStore needs the package trait \"Server\": depend on this package with traits: [\"Server\"] (or its default traits), or link only PasskeyClient and PasskeyModel"
)
#endif
