// The records a store keeps are the relying-party API's (credentials, users, ceremonies), so a user of the stores
// sees them without a second import.
@_exported public import PasskeyRelyingParty
