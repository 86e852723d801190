extension RouteScenarios {
    /// One scenario with its name and the configuration it needs, for a parameterized test that runs them all:
    ///
    /// ```swift
    /// @Test(arguments: RouteScenarios.all)
    /// func scenario(_ scenario: RouteScenarios.Scenario) async throws {
    ///     try await startApp(configuredFor: scenario.setup) { transport in try await scenario.run(transport) }
    /// }
    /// ```
    public struct Scenario: Sendable, CustomStringConvertible {
        /// How the app must be configured for a scenario.
        public enum Setup: Sendable {
            /// The app's defaults: limits on, clients keyed by address, an http site at ``RouteScenarios/origin``.
            case defaults
            /// No rate limit, at most 4 waiting ceremonies per client, a ceremony store of 24, clients keyed by
            /// ``RouteScenarios/clientHeader``.
            case floodable
            /// Origins ``RouteScenarios/httpsOrigin`` and ``RouteScenarios/androidOrigin``.
            case httpsSite
            /// A reverification window of ``RouteScenarios/shortReverificationWindow`` milliseconds and an app clock the
            /// scenario moves past it: run it with ``Scenario/run(_:clock:)``, the app's relying party on that
            /// ``ScenarioClock``.
            case shortReverificationWindow

            /// The site's origins, when not the default ``RouteScenarios/origin``.
            public var origins: [String]? { self == .httpsSite ? [RouteScenarios.httpsOrigin, RouteScenarios.androidOrigin] : nil }
            /// The most waiting ceremonies per client, with no rate limit, when not the app's defaults.
            public var pendingCeremoniesPerClient: Int? { self == .floodable ? 4 : nil }
            /// The ceremony store's capacity, when not the app's default.
            public var ceremonyStoreCapacity: Int? { self == .floodable ? 24 : nil }
            /// The header clients are keyed by, when not their address.
            public var clientKeyHeader: String? { self == .floodable ? RouteScenarios.clientHeader : nil }
            /// The reverification window in milliseconds, when not the app's default.
            public var reverificationWindow: Int64? { self == .shortReverificationWindow ? RouteScenarios.shortReverificationWindow : nil }
        }

        /// What the scenario shows, for the test's name.
        public let description: String
        /// How the app must be configured.
        public let setup: Setup
        /// Whether the scenario shows recovery codes (``ScenarioLayout/recovery``). Run against an app whose layout
        /// names no recovery route it fails rather than pass with nothing shown: an app without recovery codes leaves
        /// these out (``RouteScenarios/withoutRecovery``).
        public let needsRecovery: Bool
        /// Whether the scenario moves the app's clock (``Setup/shortReverificationWindow``): it needs the
        /// ``ScenarioClock`` the app runs on.
        public var needsClock: Bool { setup == .shortReverificationWindow }
        /// The scenario's steps, given the app's clock when it runs on a ``ScenarioClock``.
        let steps: @Sendable (any ScenarioTransport, ScenarioClock?) async throws -> Void

        init(
            _ description: String, _ setup: Setup = .defaults, needsRecovery: Bool = false,
            run: @escaping @Sendable (any ScenarioTransport) async throws -> Void
        ) {
            self.description = description
            self.setup = setup
            self.needsRecovery = needsRecovery
            self.steps = { app, _ in try await run(app) }
        }

        /// A scenario that moves the app's clock: its setup is ``Setup/shortReverificationWindow``.
        init(_ description: String, movingClock run: @escaping @Sendable (any ScenarioTransport, ScenarioClock) async throws -> Void) {
            self.description = description
            self.setup = .shortReverificationWindow
            self.needsRecovery = false
            self.steps = { app, clock in
                guard let clock else {
                    return try check(
                        false,
                        "this scenario moves the app's clock past the reverification window: run the app's relying party on a "
                            + "ScenarioClock (`relyingParty.clock = clock.now`) and pass it to run(_:clock:)")
                }
                try await run(app, clock)
            }
        }

        /// Runs the scenario against the app; throws a ``ScenarioFailure`` when a check does not hold, when the
        /// scenario ``needsRecovery`` and the app's layout names no recovery route, or when it ``needsClock`` and
        /// `clock` is nil.
        ///
        /// - Parameters:
        ///   - app: The app under test, reached through its transport.
        ///   - clock: The clock the app's relying party runs on, which the scenario may move forward.
        public func run(_ app: any ScenarioTransport, clock: ScenarioClock? = nil) async throws {
            try check(
                !needsRecovery || app.layout.recovery != nil,
                "this scenario shows recovery codes, and the app's ScenarioLayout names no recovery route: set `recovery`, "
                    + "or leave the recovery scenarios out (RouteScenarios.withoutRecovery)"
            )
            try await steps(app, clock)
        }
    }

    /// Every scenario but those that show recovery codes (``Scenario/needsRecovery``): for an app that has none.
    public static var withoutRecovery: [Scenario] { all.filter { !$0.needsRecovery } }

    /// Every scenario: sign-up and sign-in, then each attack, then recovery (which needs ``ScenarioLayout/recovery``).
    public static let all: [Scenario] =
        [
            Scenario("register, sign out, sign in by name and with the passkey alone", run: registerSignOutSignIn),
            Scenario("a signed-in user adds a second passkey; both sign in", run: addPasskey),
            Scenario("a taken username is refused without revealing the account", run: takenUsername),
            Scenario("a registration begun with a session that has since ended cannot be finished", run: endedSession),
            Scenario("a replayed assertion is an unknown ceremony", run: replayedAssertion),
            Scenario("a sign-in begun for Ada cannot be finished with Bob's passkey", run: otherUsersPasskey),
            Scenario("one client's flood drops only its own ceremonies", .floodable, run: oneClientFloods),
            Scenario("a flood from many clients makes room from the largest holder", .floodable, run: manyClientsFill),
            Scenario("a client past its burst of options gets 429 with Retry-After", run: defaultRateLimit),
            Scenario("after five taken names every sign-up is 429, taken or free", run: takenNamesAreLimited),
            Scenario("free names do not spend the taken-name budget", run: freeNamesAreNotCharged),
            Scenario("look-alike names are the taken name, mixed scripts are refused, the owner's spelling adds a passkey", run: lookalikeNames),
            Scenario("other methods on the passkey routes are 405 with Allow: POST", run: otherMethods),
            Scenario("a declared body over 64 KiB is 413", run: oversizedBodies),
            Scenario("an https site's session cookie is __Host-, Secure, HttpOnly, Path=/, no Domain", .httpsSite, run: httpsSessionCookie),
            Scenario("an http development site's session cookie has no Secure and no __Host-", run: httpSessionCookie),
            Scenario("a browser gets its session as the HttpOnly cookie, in the JSON only where the app promises it", run: noSessionInBrowserJSON),
            Scenario(
                "an account whose passkeys never do UV adds a second right after sign-up, and past the window steps up without UV and removes one",
                movingClock: passkeysWithoutUserVerification),
            Scenario("a UV-capable passkey signed in without UV verifies nothing: adding and removing passkeys are 403", run: signInWithoutUV),
            Scenario(
                "an add-passkey ceremony begun inside the window and finished after it is 403 reverificationRequired",
                movingClock: addPasskeyFinishedLate),
            Scenario("a step-up finished with another session verifies nothing", movingClock: stepUpFromAnotherSession),
            Scenario(
                "four registrations finished at once on one recovery session add exactly one passkey", needsRecovery: true,
                run: recoverySessionAddsOnePasskey),
            Scenario(
                "a wrong, a used and another account's recovery code are refused alike; an unknown name too", needsRecovery: true,
                run: recoveryCodesRefused),
            Scenario("a recovery session may add a passkey and nothing else", needsRecovery: true, run: recoverySessionOnlyAddsPasskeys),
        ]
        + endpoints.map { endpoint in
            Scenario("malformed bodies on \(endpoint) are a 4xx in JSON; a form post is 415") { app in
                try await malformedBodies(app, endpoint: endpoint)
            }
        }
}
