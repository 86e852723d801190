import Foundation
import JWTKit
import PasskeyCore

/// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0 §2): an app sends the browser to `/end-session` to end
/// the user's session here too, and may name where to come back to.
extension OpenIDProvider {
    /// What `/end-session` answers.
    enum LogoutOutcome: Equatable {
        /// Shown on the page, never redirected: an unknown client, an unregistered post-logout URI, a bad hint.
        case refused(String)
        /// 303 to `location`; `signOut` says whether the session (the request's cookie) is to be ended first.
        case redirect(location: String, signOut: Bool)
    }

    /// The parameters `/end-session` reads (§2).
    static let logoutParameters: Set<String> = ["id_token_hint", "client_id", "post_logout_redirect_uri", "state", "logout_hint", "ui_locales"]

    /// Decides a logout request. The session is ended only when `id_token_hint` is an ID token this server issued to the
    /// signed-in user (expired ones included, §2): a link on another site without one cannot sign anyone out (logout
    /// CSRF), and such a request goes to the page, where the user sees they are still signed in and may sign out
    /// themselves. A `post_logout_redirect_uri` must be registered for the client (`--post-logout-redirect-uri`,
    /// compared exactly); otherwise nothing is redirected to it.
    func endSession(_ parameters: [String: String], session: SessionRecord?) async throws -> LogoutOutcome {
        var hinted: IDTokenClaims?
        if let hint = parameters["id_token_hint"] {
            guard let claims = await idTokenHint(hint) else {
                return .refused("The sign-out request carries an ID token this server did not issue.")
            }
            hinted = claims
        }
        let hintClient = hinted?.aud.value.first
        if let clientID = parameters["client_id"], let hintClient, clientID != hintClient {
            return .refused("The sign-out request names a client its ID token was not issued to.")
        }
        var location = "/"
        if let uri = parameters["post_logout_redirect_uri"] {
            guard let clientID = parameters["client_id"] ?? hintClient, clientID.count <= 64, let client = try await store.oidcClient(id: clientID)
            else { return .refused("The sign-out request asks to return to an address, but names no client this server knows.") }
            guard client.postLogoutRedirectURIs.contains(uri) else {
                return .refused("The sign-out request for \(client.name) asks to return to an address that is not registered for it.")
            }
            // §3: the state, when given, comes back as given.
            location = parameters["state"].map { Self.append([("state", $0)], to: uri) } ?? uri
        }
        let signOut = session.map { live in hinted.map { $0.sub.value == Base64URL.encode(live.userHandle) } ?? false } ?? false
        if session != nil, !signOut {
            // Signed in, and nothing proves the app speaks for this user: the page, not the app's address.
            return .redirect(location: "/", signOut: false)
        }
        return .redirect(location: location, signOut: signOut)
    }

    /// The claims of an ID token this server signed (a published key, `typ` JWT, this issuer), expired or not.
    func idTokenHint(_ token: String) async -> IDTokenClaims? {
        guard token.utf8.count <= SessionTokens.maximumTokenLength, CompactJWS.isCanonical(token) else { return nil }
        let keySet = tokens.keys.keySet
        guard let header = try? SessionTokenCoding.parser.header(of: Array(token.utf8)), header.typ == "JWT", let kid = header.kid,
            keySet.keys.contains(where: { $0.kid == kid && $0.algorithm.rawValue == header.alg }),
            let claims = try? await keySet.collection.verify(token, as: IDTokenClaims.self), claims.iss.value == tokens.issuer
        else { return nil }
        return claims
    }
}
