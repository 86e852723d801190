// PasskeyRouteTesting is built only with the package trait "Cryptography" (Package.swift, SE-0450): it drives the
// software authenticator. Named to sort first among the module's files, so the compiler reports this first.
#if !Cryptography
#error("PasskeyRouteTesting needs the package trait \"Cryptography\": depend on this package with traits: [\"Cryptography\"] (or its default traits)")
#endif
