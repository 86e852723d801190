// The routes speak the typed relying-party API's types (Passkeys, PasskeyAccounts, RelyingPartyError, the request and
// result values), so an app that mounts them needs no second import.
@_exported public import PasskeyRelyingParty
