#if Vapor
public import Vapor

/// Vapor sessions as the passkey routes use them.
public enum PasskeySession {
    /// The name a ceremony keeps for a session: the hex SHA-256 of its ID. The ID is the cookie's value, a bearer
    /// secret; the begun ceremony, which may be stored in a database, keeps only its hash.
    public static func name(of id: SessionID) -> String {
        Hex.encode(Array(SHA256.hash(data: Array(id.string.utf8))))
    }

    /// Whether `request` carries the live session named `name`: a registration bound to a session
    /// (`PasskeyRegistration.Account.signedIn(sessionID:)`) is stored only then. A session that was ended (signed
    /// out, expired, deleted) is no longer found by Vapor's `SessionsMiddleware`, so its old cookie names nothing.
    public static func isLive(_ name: String, on request: Request) -> Bool {
        guard request.hasSession, let id = request.session.id else { return false }
        return Self.name(of: id) == name
    }

    /// The key under which the session's last passkey verification is kept in Vapor's session data.
    public static let verifiedAtKey = "passkeys.verifiedAt"

    /// When the request's session last verified with a passkey (milliseconds since 1970); nil when never or without a
    /// session.
    public static func verifiedAt(on request: Request) -> Int64? {
        guard request.hasSession else { return nil }
        return request.session.data[verifiedAtKey].flatMap { Int64($0) }
    }

    /// Records on the request's session that it verified with a passkey at `time` (the step-up's `verifiedAt`, or the
    /// time of a ceremony that `countsAsVerification`); nil clears it (a new session that verified nothing). Vapor's
    /// `SessionsMiddleware` stores it with the session when it answers.
    public static func recordVerification(_ time: Int64?, on request: Request) {
        guard request.hasSession else { return }
        request.session.data[verifiedAtKey] = time.map(String.init)
    }

    /// Drops the request's current session from the store and clears its ID, so `SessionsMiddleware` issues a new
    /// one with the same data when it answers: the defence against session fixation at sign-in (OWASP).
    public static func renew(_ request: Request) async throws {
        guard request.hasSession, let id = request.session.id else { return }
        try await request.application.sessions.driver.deleteSession(id, for: request).get()
        request.session.id = nil
    }
}
#endif
