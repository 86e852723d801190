// The WebAuthn model and codecs live in PasskeyModel, which an app's client links without the verifier. Code that
// imports PasskeyCore (the server, the CLI, relying parties embedding the verifier) keeps seeing them as before.
@_exported public import PasskeyModel
