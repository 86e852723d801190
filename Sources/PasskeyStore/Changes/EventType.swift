/// What an event reports (docs/events.md lists each type's `data`). The names follow Standard Webhooks' advice: a
/// hierarchy, delimited by full stops, the thing first and what happened to it second.
public enum EventType: String, Sendable, CaseIterable {
    /// An account was created by its first passkey's registration.
    case userCreated = "user.created"
    /// An account was deleted, with all its passkeys, sessions and recovery codes.
    case userDeleted = "user.deleted"
    /// A passkey was registered (an account's first, or one more).
    case passkeyCreated = "passkey.created"
    /// A passkey got a new name from its owner.
    case passkeyRenamed = "passkey.renamed"
    /// A passkey was removed; the sessions it started end with it (each a `session.revoked`).
    case passkeyDeleted = "passkey.deleted"
    /// A session started: by a sign-in, a registration, or a recovery code (a recovery session).
    case sessionCreated = "session.created"
    /// A session ended before it expired, with the reason (``SessionEndReason``). Expiry raises no event.
    case sessionRevoked = "session.revoked"
    /// A recovery code was used: every session of the account ended and a recovery session started.
    case recoveryUsed = "recovery.used"
    /// The account's recovery codes were replaced with new ones (never sent).
    case recoveryCodesRegenerated = "recovery-codes.regenerated"
    /// A session's user verified again with a passkey (a step-up).
    case stepUpCompleted = "step-up.completed"
    /// A code or a refresh token of the OpenID Provider was presented twice (or by a client it was not issued to): its
    /// grant family is revoked, with its refresh and access tokens.
    case oauthReplayDetected = "oauth.replay-detected"
    /// A minute's attacker-driven failures, counted (only with `--webhook-failures`).
    case failuresSummary = "failures.summary"
}

/// Why a session ended before its time (`data.reason` of `session.revoked`).
public enum SessionEndReason: String, Sendable, CaseIterable {
    /// The session signed itself out (`DELETE /session`).
    case signOut = "sign-out"
    /// Another session of the account ended every other one (`DELETE /sessions`).
    case signOutEverywhere = "sign-out-everywhere"
    /// The passkey that started the session was removed.
    case passkeyRemoval = "passkey-removal"
    /// A recovery code was used (every session of the account ends), or a recovery session registered its one passkey.
    case recovery = "recovery"
    /// An operator ended it (the operator API will give this a route).
    case `operator` = "operator"
}
