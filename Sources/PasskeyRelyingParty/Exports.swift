// The typed relying-party API speaks the verification core's types (responses, errors, COSE algorithms, attestation
// policy); an app that imports it needs no second import.
@_exported public import PasskeyCore
