// An app that imports PasskeyClient gets the WebAuthn model its API speaks (JSONObject, Base64URL, the options
// readers, the errors) without a second import; it is the only other module this target links.
@_exported public import PasskeyModel
