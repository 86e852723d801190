// PasskeyRelyingParty is built only with the package trait "Cryptography" (Package.swift, SE-0450), which brings the packages it needs.
// Named to sort first among the module's files, so the compiler reports this before the missing modules.
#if !Cryptography
#error(
    "PasskeyRelyingParty needs the package trait \"Cryptography\": depend on this package with traits: [\"Cryptography\"] (or its default traits), or link only PasskeyClient and PasskeyModel"
)
#endif
