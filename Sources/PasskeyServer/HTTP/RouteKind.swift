/// What kind of caller a route serves, which decides the browser rules around it: whether other origins may read it
/// (``CORSMiddleware``) and how a state change is guarded against cross-site forgery (``CrossSiteRequestMiddleware``).
///
/// Each route names its kind where it is registered (``RouteRegistrar``), and the middleware reads the kind of the
/// route the request matches (``RouteTable``), so a rule follows the route and not a list of paths compared byte for
/// byte: `//admin/users` and `/introspect/` are the routes `/admin/users` and `/introspect` and are treated as such.
enum RouteKind: Sendable, Equatable {
    /// The page's and apps' JSON API, authenticated by the session cookie or a session token: a state change must be
    /// JSON (a cross-site form cannot send it without a preflight) from one of the relying party's origins (or an
    /// operator's `--cors-origin`), and only a `--cors-origin` may read the answer (Fetch standard, "CORS protocol").
    case browserJSON
    /// A top-level navigation from any site, a GET or a form POST (OpenID Connect Core §3.1.2.1 `/authorize`,
    /// RP-Initiated Logout `/end-session`): never guarded by origin, as other sites send it by design, and never
    /// opened to cross-origin reads; what it does on a cookie alone is bounded by its own checks (a registered
    /// redirect URI, an ID token of the session's user).
    case browserNavigation
    /// A backend's route: an API key or client credentials in `Authorization` (or the body), a form or JSON, and no
    /// cookie read, so a forged cross-site request carries no authority its sender lacks; a request whose browser names
    /// a foreign origin is still refused, and the body is the route's to decode. Never opened to cross-origin reads:
    /// `/introspect`, `/token`, `/userinfo`, the operator's API.
    case service
    /// An operator signed in with a cookie of their own (a console): every state change must be JSON and name one of
    /// the relying party's own origins in `Origin` (a missing `Origin` is refused too), and no other origin may read it.
    case operatorSession

    /// Whether an origin listed with `--cors-origin` may read this route's answers.
    var allowsCORS: Bool { self == .browserJSON }
}
