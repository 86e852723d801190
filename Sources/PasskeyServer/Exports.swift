// The server is one user of the typed relying-party API: apps that embed the server (and its tests) see its
// records, configuration and errors without a second import.
@_exported public import PasskeyRelyingParty
