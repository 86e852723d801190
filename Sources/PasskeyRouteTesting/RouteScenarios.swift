/// The project's route-level scenarios for an app that serves the four ceremony endpoints (PasskeyHummingbird's
/// route group, PasskeyVapor's route collection, or an app's own): sign-up and sign-in, and the attacks each defence
/// is there for, run over HTTP against the running app with the software authenticator.
///
/// Each scenario throws a ``ScenarioFailure`` naming the check that did not hold. What the app must serve, where its
/// transport's ``ScenarioLayout`` says (by default the examples' paths): the ceremony and step-up routes, who is
/// signed in, signing out, the passkey list with removal, and, where it has recovery codes, recovery. Browsers present
/// ``origin``; the RP ID is `localhost`. A scenario that needs the app configured in a particular way says so.
public enum RouteScenarios {
    /// The page origin the app must accept (RP ID `localhost`).
    public static let origin = "http://localhost:8080"
    /// The header a scenario names its client in, for the scenarios that need the app to key clients by it.
    public static let clientHeader = "X-Test-Client"
    /// Where the examples serve the ceremony endpoints (``ScenarioLayout/routes`` by default).
    public static let routes = "/passkeys/"
    /// The four endpoints, relative to ``routes``.
    public static let endpoints = ["attestation/options", "attestation/result", "assertion/options", "assertion/result"]
}
