/// What an audit entry records (`action`). Changes a user or an operator makes carry the name of the event they raise
/// (docs/events.md); an operator's reads, which change nothing, are named `admin.…` for what was read.
public enum AuditAction: String, Sendable, CaseIterable {
    /// A new account, by its first passkey's registration (a sign-up).
    case userCreated = "user.created"
    /// An account deleted, by its user or an operator.
    case userDeleted = "user.deleted"
    /// A passkey added to an account.
    case passkeyCreated = "passkey.created"
    /// A passkey renamed by its owner.
    case passkeyRenamed = "passkey.renamed"
    /// A passkey removed, by its user or an operator.
    case passkeyDeleted = "passkey.deleted"
    /// A sign-in: a session started.
    case sessionCreated = "session.created"
    /// A session signed itself out.
    case sessionRevoked = "session.revoked"
    /// Sessions of an account ended: every other one by the user (`DELETE /sessions`), or all by an operator.
    case sessionsRevoked = "sessions.revoked"
    /// A step-up: the session's user verified again with a passkey.
    case stepUpCompleted = "step-up.completed"
    /// A recovery code was used.
    case recoveryUsed = "recovery.used"
    /// New recovery codes replaced the account's old ones.
    case recoveryCodesRegenerated = "recovery-codes.regenerated"
    /// An operator replayed dead webhook events.
    case eventsReplayed = "events.replayed"
    /// An operator made an API key (`passkeys api-key create`).
    case apiKeyCreated = "api-key.created"
    /// An operator revoked an API key.
    case apiKeyRevoked = "api-key.revoked"
    /// An operator rotated a sealed secret (`passkeys keys rotate`); `detail` names it, its new version and when that
    /// takes over.
    case secretRotated = "secret.rotated"
    /// An operator withdrew a token signing key (`passkeys keys retire`); `detail` names it and its successor.
    case signingKeyRetired = "signing-key.retired"
    /// A call to a service route was refused: no key, a key unknown or revoked (401), or a key without the route's
    /// scope (403). At most one entry per client address and code in 10 seconds; `detail.count` says how many.
    case adminRefused = "admin.refused"
    /// An operator looked accounts up or listed them.
    case usersRead = "admin.users.read"
    /// An operator read an account's passkeys.
    case credentialsRead = "admin.credentials.read"
    /// An operator read an account's sessions.
    case sessionsRead = "admin.sessions.read"
    /// An operator read the audit log.
    case auditRead = "admin.audit.read"
    /// An operator listed the API keys.
    case apiKeysRead = "admin.api-keys.read"
    /// An operator registered an OpenID Connect client.
    case oidcClientCreated = "oidc-client.created"
    /// An operator changed an OpenID Connect client (its name, redirect URIs or ID token algorithm).
    case oidcClientUpdated = "oidc-client.updated"
    /// An operator replaced a confidential OpenID Connect client's secret (with any other change made at once).
    case oidcClientSecretRotated = "oidc-client.secret-rotated"
    /// An operator deleted an OpenID Connect client with its codes and refresh tokens.
    case oidcClientDeleted = "oidc-client.deleted"
    /// The OpenID Provider saw a code or a refresh token presented twice (or by another client) and revoked its grant
    /// family; `detail` names the grant type and the client (`clientId`, and `presentedBy` when another presented it).
    case oauthReplayDetected = "oauth.replay-detected"
    /// A client revoked a grant it holds at `/revoke` (RFC 7009), as an app signing its user out does; `detail` names
    /// the client and the type of token it presented.
    case oauthGrantRevoked = "oauth.grant-revoked"
    /// An operator listed the OpenID Connect clients or read one.
    case oidcClientsRead = "admin.oidc-clients.read"
}

/// How an audited action ended (`outcome`).
public enum AuditOutcome: String, Sendable, CaseIterable {
    /// It was done (a change is recorded in its own transaction, so a change that rolled back leaves no entry).
    case success
    /// It was refused: nothing was changed (no such passkey, an account's last passkey).
    case refused
}
