/// The server's accounts as ``Passkeys`` reads them: each read one statement of the ``Store``.
///
/// ``CredentialIDRefusingAccounts`` and ``NameRefusingAccounts``: every store's
/// ``Store/finishRegistration(newUser:credential:session:requiredSession:endsRequiredSession:recoveryCodeHashes:now:)``
/// refuses a stored credential ID (the `credentials` table's primary key) and answers `.credentialExists`, which
/// ``RelyingParty`` reports as `credentialAlreadyRegistered`, and a taken name or `UsernameKey` (the `users` table's
/// unique indexes), answered `.usernameTaken`.
package struct StoreAccounts: CredentialIDRefusingAccounts, NameRefusingAccounts {
    let store: any Store

    package func user(named name: String) async throws -> UserRecord? { try await store.user(username: name) }

    package func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] { try await store.credentials(userHandle: userHandle) }

    package func userWithCredentials(named name: String) async throws -> (user: UserRecord, credentials: [CredentialRecord])? {
        try await store.userWithCredentials(username: name).map { (user: $0.0, credentials: $0.1) }
    }

    package func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: UserRecord)? {
        try await store.credentialWithOwner(id: id).map { (credential: $0.0, user: $0.1) }
    }
}
