// The server is one user of the typed relying-party API: apps that embed the server (and its tests) see its
// records, configuration and errors without a second import.
@_exported public import PasskeyRelyingParty
// The stores, their records and the change records they write beside each change live one module down.
@_exported public import PasskeyStore
