import PasskeyModel

/// A signed session token for the app's own API (`POST /session/token`): a short-lived JWT the app sends to its
/// backend as `Authorization: Bearer <token>`, which the backend verifies against the server's JWKS.
public struct SessionToken: Sendable, Equatable {
    /// The JWT, compact serialization.
    public let token: String
    /// Seconds it was valid for when issued.
    public let expiresIn: Int

    /// A token as the server answers it.
    public init(token: String, expiresIn: Int) {
        self.token = token
        self.expiresIn = expiresIn
    }

    init(json: JSONObject) throws(WebAuthnError) {
        token = try json.requiredString("token")
        guard let seconds = json["expiresIn"]?.int64Value, seconds > 0, seconds <= 86_400 else {
            throw WebAuthnError(.malformedInput, "expiresIn: expected whole seconds from 1 to 86400")
        }
        expiresIn = Int(seconds)
    }
}

/// The last token of one session, kept until shortly before it expires (a fifth of its life, at most a minute), so
/// an app asking before each API call costs one request every few minutes; concurrent callers share one request. A
/// different session (signed out, signed in again) never gets another session's token.
actor SessionTokenCache {
    private struct Entry {
        let session: String
        let token: SessionToken
        let refreshAt: ContinuousClock.Instant
    }
    private var entry: Entry?
    private var pending: (session: String, task: Task<SessionToken, any Error>)?
    private let clock = ContinuousClock()

    /// The cached token of `session` while it is fresh, else a new one from `fetch`.
    func token(
        for session: String, fetch: @escaping @Sendable () async throws(RelyingPartyClientError) -> SessionToken
    ) async throws(RelyingPartyClientError) -> SessionToken {
        if let entry, entry.session == session, clock.now < entry.refreshAt { return entry.token }
        let task: Task<SessionToken, any Error>
        if let pending, pending.session == session {
            task = pending.task
        } else {
            task = Task { try await fetch() }
            pending = (session, task)
        }
        let started = clock.now
        do {
            let token = try await task.value
            if pending?.session == session { pending = nil }
            let life = Duration.seconds(token.expiresIn)
            entry = Entry(session: session, token: token, refreshAt: started + life - min(.seconds(60), life / 5))
            return token
        } catch {
            if pending?.session == session { pending = nil }
            throw (error as? RelyingPartyClientError) ?? .network("\(error)")
        }
    }

    /// Forgets every token (sign-out).
    func clear() {
        entry = nil
        pending = nil
    }
}

extension RelyingPartyClient {
    /// `POST /session/token`: a new token for `session`, always from the server. Most apps want
    /// ``apiToken(session:)``, which keeps it while it is fresh.
    public func sessionToken(session: String) async throws(RelyingPartyClientError) -> SessionToken {
        try Self.decode(try await call(.post, "/session/token", body: JSONObject(), session: session), "/session/token", SessionToken.init(json:))
    }

    /// A token for the app's own API: the one fetched for `session` before while it is fresh (until shortly before it
    /// expires), else a new one. Copies of this client share the cache.
    public func apiToken(session: String) async throws(RelyingPartyClientError) -> SessionToken {
        try await tokenCache.token(for: session) { () async throws(RelyingPartyClientError) in try await sessionToken(session: session) }
    }
}
