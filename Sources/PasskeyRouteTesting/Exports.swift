// Scenarios speak the model's JSON and the software authenticator's types; a test that imports this needs no more.
@_exported public import PasskeyAuthenticator
@_exported public import PasskeyModel
