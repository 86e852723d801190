/// The ceremony endpoints of the conformance server API (docs/reference/http.md, "Ceremony endpoints") and the step-up, without HTTP: the
/// per-client limits, the rules that keep accounts safe, and the members of each answer. `passkeys serve`,
/// PasskeyHummingbird's `PasskeyRoutes` and PasskeyVapor's `PasskeyRouteCollection` read bodies, ask their sessions
/// and write answers around this one piece, so all three accept, refuse and answer exactly alike.
///
/// The rules, each kept here once:
/// - A registration is for a new account under a name no account has (one script, or the name of an account stored
///   before the script rule, which is then taken), with a budget for how often a client is told a name is taken; or
///   for the signed-in user, bound to their session.
/// - With step-up offered (``stepUp``), adding a passkey to a signed-in account needs a passkey verification within
///   the reverification window at the registration's begin and again at its finish, unless the session is a recovery
///   session, which may add one passkey and ends with it.
/// - A step-up is a sign-in bound to the session's user and to the session itself; it asks for the user verification
///   the account's passkeys have shown they can give, and counts only when it verified (`countsAsVerification`).
/// - Per client: options rate, failed results, waiting ceremonies, taken names (``PasskeyRouteLimits``).
package struct CeremonyEndpoints<Accounts: PasskeyAccounts>: Sendable {
    package typealias User = Accounts.User

    /// The ceremonies, over the app's accounts.
    package let passkeys: Passkeys<Accounts>
    /// What each client may begin (used when the front end names the client).
    package let limits: PasskeyRouteLimits
    /// Whether the front end offers step-up, which gates adding a passkey to a signed-in account.
    package let stepUp: Bool
    /// Where outcomes are counted.
    let metrics: any CeremonyMetrics
    let quota: any ClientCeremonyQuota

    /// `passkeys` must keep a `CeremonyStore`: a result finds its ceremony by the challenge in its `clientDataJSON`.
    ///
    /// - Parameters:
    ///   - stepUp: whether the front end serves the step-up; adding a passkey to a signed-in account is then gated on
    ///     a recent verification.
    ///   - metrics: where ceremonies begun, finished and refused are counted; nil for nowhere.
    ///   - frontEnd: the front end's type, named when the configuration is wrong.
    package init(
        _ passkeys: Passkeys<Accounts>, limits: PasskeyRouteLimits, stepUp: Bool, metrics: (any CeremonyMetrics)? = nil, frontEnd: String
    ) {
        // A configuration mistake, found when the app starts, not a request's fault.
        precondition(passkeys.ceremonies != nil, "\(frontEnd) needs Passkeys with a CeremonyStore: results find their ceremony by its challenge")
        self.passkeys = passkeys
        self.limits = limits
        self.stepUp = stepUp
        self.metrics = metrics ?? NoCeremonyMetrics()
        quota = limits.ceremonyQuota ?? CeremonyQuota(perClient: limits.pendingCeremoniesPerClient, maximumClients: limits.maximumTrackedClients)
    }

    /// Runs a ceremony's finish, counting it as succeeded when `finish` returns and as failed, under the refusal's real
    /// cause, when it throws a refusal.
    func counting<Result>(_ kind: PendingCeremony.Kind, _ finish: () async throws -> Result) async throws -> Result {
        do {
            let result = try await finish()
            metrics.succeeded(kind)
            return result
        } catch let refusal as RelyingPartyError {
            metrics.failed(kind, code: refusal.metricCode)
            throw refusal
        }
    }
}
