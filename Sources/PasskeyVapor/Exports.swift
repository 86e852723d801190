// The route collection speaks the typed relying-party API's types (Passkeys, PasskeyAccounts, RelyingPartyError, the
// request and result values, the hooks' values and the limits), so an app that registers it needs no second import.
@_exported public import PasskeyRelyingParty
