import PasskeyModel

/// Runs whole ceremonies against the relying party: options from the server, the authenticator, the result back
/// to the server; and keeps the session they produce for managing the account's passkeys.
///
/// ```swift
/// let passkeys = PasskeyCoordinator(relyingParty: client, provider: PasskeysManager(...))
/// try await passkeys.register(username: "ada")
/// let mine = try await passkeys.passkeys()
/// ```
///
/// Every method throws ``PasskeyError``, whatever failed: the authenticator (``PasskeyError/Kind/cancelled``,
/// ``PasskeyError/Kind/noCredentials``, …), the network, or the server (``PasskeyError/Kind/server(status:message:code:)``
/// with its `errorMessage`).
public actor PasskeyCoordinator {
    /// The server's API, for options, results and passkey management.
    public let relyingParty: RelyingPartyClient
    /// What performs the ceremonies: `PasskeysManager` in an app, `SoftwarePasskeyProvider` on Linux and in tests.
    public let provider: any PasskeyProvider
    /// The bearer token of the signed-in account, or nil. Set by registering or signing in; restore a saved one with
    /// ``init(relyingParty:provider:session:signals:)``.
    public private(set) var session: String?
    /// Where to tell the platform what the server said about its passkeys (``PasskeySignal``), or nil.
    public let signals: (any PasskeySignaling)?
    /// The RP ID and account of the last ceremony, which signals about the signed-in account name.
    private var signedInAccount: (relyingPartyID: String, user: AccountUser)?

    /// A coordinator, signed out unless `session` restores a saved session.
    ///
    /// - Parameters:
    ///   - relyingParty: the server's API.
    ///   - provider: what performs the ceremonies.
    ///   - session: a session token saved from an earlier ``Registered`` or ``SignedIn``; nil when signed out.
    ///   - signals: for example `PlatformPasskeySignals()` on iOS 26, so a passkey the server no longer
    ///     knows stops being offered.
    public init(relyingParty: RelyingPartyClient, provider: any PasskeyProvider, session: String? = nil, signals: (any PasskeySignaling)? = nil) {
        self.relyingParty = relyingParty
        self.provider = provider
        self.session = session
        self.signals = signals
    }

    // MARK: Ceremonies

    /// Creates an account with a new passkey (or, when signed in as `username`, adds a passkey to it), and signs in.
    ///
    /// If the server refuses the new credential (a 4xx answer), the provider forgets it again, so no passkey is left
    /// on the device for an account the server does not know (the platform provider cannot delete; see
    /// ``PasskeyProvider``). If the answer is lost instead (a network error, a timeout, a 5xx, a malformed answer),
    /// the server may have stored the credential, so the passkey is kept and the call throws
    /// ``PasskeyError/Kind/registrationOutcomeUnknown(credentialID:)``: deleting it could leave an account whose only
    /// passkey no longer exists anywhere.
    ///
    /// `.conditional` is a conditional create (iOS 18; WebAuthn L3 §5.1.3): right after a password sign-in, as the
    /// signed-in user, it adds a passkey without a sheet. The options request asks the server for a conditional
    /// ceremony, the only kind it finishes without user presence.
    @discardableResult
    public func register(username: String, displayName: String? = nil, mediation: PasskeyMediation = .modal) async throws(PasskeyError) -> Registered
    {
        // A conditional create (iOS 18, after a password sign-in) comes without user presence; the server accepts that
        // only for a ceremony begun as conditional, so the options request says so.
        var request = RegistrationOptionsRequest.passkey(username: username, displayName: displayName)
        request.conditional = mediation == .conditional
        let options = try await server { [relyingParty, session, request] () async throws(RelyingPartyClientError) in
            try await relyingParty.beginRegistration(request, session: session)
        }
        let response = try await provider.create(options, mediation: mediation)
        let credentialID = (try? Base64URL.decode(response["rawId"]?.stringValue ?? response["id"]?.stringValue ?? "")) ?? []
        do {
            let registered = try await relyingParty.finishRegistration(response)
            session = registered.session
            if case .object(let rp)? = options["rp"], let relyingPartyID = rp["id"]?.stringValue {
                signedInAccount = (relyingPartyID, registered.user)
            }
            return registered
        } catch {
            throw await settleFailedRegistration(error, credentialID: credentialID)
        }
    }

    /// What a failed `/attestation/result` means for the new key: forgotten after a certain refusal, kept otherwise.
    private func settleFailedRegistration(_ error: RelyingPartyClientError, credentialID: [UInt8]) async -> PasskeyError {
        let reported = PasskeyErrorClassifier.classify(error)
        guard error.isRefusal else {
            let id = Base64URL.encode(credentialID)
            return PasskeyError(
                .registrationOutcomeUnknown(credentialID: id),
                "the server's answer to the new passkey \(id) did not arrive or could not be read (\(reported.message)); the passkey was kept on this device because the server may have registered it: sign in with it or list the account's passkeys to find out"
            )
        }
        // The server's refusal is the error to report; a failed rollback cannot change what the caller should do.
        if !credentialID.isEmpty { try? await provider.forget(credentialID: credentialID) }
        return reported
    }

    /// Signs in to `username`'s account with one of its passkeys (the server sends them as `allowCredentials`).
    @discardableResult
    public func signIn(username: String, mediation: PasskeyMediation = .modal) async throws(PasskeyError) -> SignedIn {
        try await authenticate(AuthenticationOptionsRequest(username: username), mediation: mediation)
    }

    /// Signs in with whichever discoverable passkey the user picks; the server finds the account by its user handle.
    /// With `.conditional` this is the AutoFill sign-in: it waits until the user picks a passkey from the keyboard.
    @discardableResult
    public func signIn(mediation: PasskeyMediation = .modal) async throws(PasskeyError) -> SignedIn {
        try await authenticate(AuthenticationOptionsRequest(), mediation: mediation)
    }

    private func authenticate(_ request: AuthenticationOptionsRequest, mediation: PasskeyMediation) async throws(PasskeyError) -> SignedIn {
        let options = try await server { [relyingParty] () async throws(RelyingPartyClientError) in
            try await relyingParty.beginAuthentication(request)
        }
        let response = try await provider.get(options, mediation: mediation)
        let signedIn: SignedIn
        do {
            signedIn = try await server { [relyingParty] () async throws(RelyingPartyClientError) in
                try await relyingParty.finishAuthentication(response)
            }
        } catch {
            if let signals, let relyingPartyID = options["rpId"]?.stringValue,
                let signal = PasskeySignal.afterSignIn(failedWith: error, relyingPartyID: relyingPartyID)
            {
                await signals.signal(signal)
            }
            throw error
        }
        session = signedIn.session
        if let relyingPartyID = options["rpId"]?.stringValue {
            signedInAccount = (relyingPartyID, signedIn.user)
            await signals?.signal(.details(of: signedIn.user, relyingPartyID: relyingPartyID))
        }
        return signedIn
    }

    // MARK: The signed-in account

    /// The signed-in account's passkeys. The list is also what the server accepts, and is signalled as such.
    public func passkeys() async throws(PasskeyError) -> [PasskeySummary] {
        let session = try requireSession()
        let list = try await server { [relyingParty] () async throws(RelyingPartyClientError) in try await relyingParty.passkeys(session: session) }
        if let signals, let signedInAccount {
            await signals.signal(.accepted(list, of: signedInAccount.user, relyingPartyID: signedInAccount.relyingPartyID))
        }
        return list
    }

    /// Renames one of the signed-in account's passkeys.
    @discardableResult
    public func rename(_ passkeyID: String, to name: String) async throws(PasskeyError) -> PasskeySummary {
        let session = try requireSession()
        return try await server { [relyingParty] () async throws(RelyingPartyClientError) in
            try await relyingParty.renamePasskey(id: passkeyID, to: name, session: session)
        }
    }

    /// Removes a passkey from the account on the server, then from the provider when it can delete (the software
    /// authenticator). If the server refuses, nothing is deleted locally. With ``signals``, the account's remaining
    /// passkeys are then signalled as the accepted list, so the platform can hide the removed one (iOS gives apps no
    /// call to delete it).
    public func remove(_ passkeyID: String) async throws(PasskeyError) {
        let session = try requireSession()
        try await server { [relyingParty] () async throws(RelyingPartyClientError) in
            try await relyingParty.removePasskey(id: passkeyID, session: session)
        }
        if signals != nil {
            // The removal is done; a list that cannot be read now only leaves the platform's list as it was.
            _ = try? await passkeys()
        }
        guard let credentialID = try? Base64URL.decode(passkeyID) else { return }
        do {
            try await provider.forget(credentialID: credentialID)
        } catch {
            throw PasskeyError(error.kind, "the server removed the passkey, but the local copy remains: \(error.message)", name: error.name)
        }
    }

    /// A token for the app's own API (`POST /session/token`), for the signed-in session: kept until shortly before it
    /// expires, fetched again after that or once the session changes. Send it to your backend as
    /// `Authorization: Bearer <token>`; the backend verifies it against the server's JWKS.
    public func apiToken() async throws(PasskeyError) -> SessionToken {
        let session = try requireSession()
        return try await server { [relyingParty] () async throws(RelyingPartyClientError) in try await relyingParty.apiToken(session: session) }
    }

    /// Signs out on the server and forgets the session.
    public func signOut() async throws(PasskeyError) {
        guard let session else { return }
        self.session = nil
        signedInAccount = nil
        try await server { [relyingParty] () async throws(RelyingPartyClientError) in try await relyingParty.signOut(session: session) }
    }

    /// Deletes the signed-in account on the server — every passkey and every session — then forgets its passkeys
    /// in the provider where it can (the software authenticator), and the session. The server refuses to remove an
    /// account's last passkey on its own (409 `lastPasskey`); this is how an account is closed instead.
    public func deleteAccount() async throws(PasskeyError) {
        let session = try requireSession()
        let owned = try await server { [relyingParty] () async throws(RelyingPartyClientError) in try await relyingParty.passkeys(session: session) }
        try await server { [relyingParty] () async throws(RelyingPartyClientError) in try await relyingParty.deleteAccount(session: session) }
        self.session = nil
        signedInAccount = nil
        for passkey in owned {
            guard let credentialID = try? Base64URL.decode(passkey.id) else { continue }
            try? await provider.forget(credentialID: credentialID)
        }
    }

    // MARK: Plumbing

    private func requireSession() throws(PasskeyError) -> String {
        guard let session else {
            throw PasskeyError(.failed(reason: "notSignedIn"), "sign in or register first: this call needs a session", name: "NotAllowedError")
        }
        return session
    }

    private func server<T: Sendable>(_ call: @Sendable () async throws(RelyingPartyClientError) -> T) async throws(PasskeyError) -> T {
        do { return try await call() } catch { throw PasskeyErrorClassifier.classify(error) }
    }
}
