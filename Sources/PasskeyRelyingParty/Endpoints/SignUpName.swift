/// The rules a new account's name meets when its registration begins, in one place for every front end.
///
/// - It holds nothing invisible or blank-looking and is written in one script (``NewUsername``: UTS #39 Highly
///   Restrictive, Unicode's own data), so it cannot pass for another. A name that breaks these rules may still belong
///   to an account stored before the rule existed: that name is taken (`usernameTaken`), any other is refused for its
///   characters (`usernameInvisibleCharacters`, `usernameUnsupportedCharacters`) or its scripts (`usernameMixesScripts`).
/// - No account has it, compared by ``UsernameKey`` (403 `usernameTaken`, the same words for every taken name). With
///   a `NameCheckingCeremonyStore` the check and the ceremony's insert are one statement.
enum SignUpName {
    /// Begins the registration of `user`, a new account, as `options` ask; throws the refusal when its name breaks a
    /// rule.
    static func begin<Accounts: PasskeyAccounts>(
        _ user: NewPasskeyUser, options: RegistrationOptionsRequest, passkeys: Passkeys<Accounts>
    ) async throws -> RegistrationStart {
        let name = user.passkeyUserName
        // Nothing invisible or blank-looking, nothing the confusables data is too old to know, one script.
        if let refusal = NewUsername.refusal(name) {
            guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            throw refusal
        }
        let started = try await passkeys.beginRegistration(
            forNewAccount: user, authenticatorSelection: options.authenticatorSelection, attestation: options.attestation,
            extensions: options.extensions, conditional: options.conditional)
        guard let started else { throw RelyingPartyError.usernameTaken(name) }
        return started
    }
}
