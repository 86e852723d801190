// The options, extension inputs, origin checks and client errors the software authenticator's WebAuthn client
// shares with the app SDK live in PasskeyModel; code that imports PasskeyAuthenticator keeps seeing them as before.
@_exported public import PasskeyModel
