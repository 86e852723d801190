import PasskeyCore

/// `POST /revoke` (RFC 7009): a client ends a grant it holds, as an app signing its user out does, so its refresh token
/// stops working at once rather than at its expiry.
extension OpenIDProvider {
    /// The parameters `/revoke` reads (RFC 7009 §2.1, with the client authentication of RFC 6749 §2.3.1).
    static let revocationParameters: Set<String> = ["token", "token_type_hint", "client_id", "client_secret"]

    /// Revokes the grant of `token` when it is a refresh or access token this server issued to the authenticated
    /// client: its whole family (every refresh and access token of it; RFC 7009 §2.1 lets a server revoke the grant's
    /// other tokens too, and an app signing out wants exactly that), without ending the user's session at the
    /// provider. Success for a token that is unknown, malformed, expired, already revoked or another client's, as
    /// §2.2 requires (the answer tells a caller nothing about other clients' tokens); a failed client authentication is
    /// `invalid_client` (§2.2.1), as at `/token`. `token_type_hint` only orders the lookups (§2.1: an unknown value is
    /// ignored, and the other type is tried too).
    func revoke(
        _ parameters: [String: String], authorization: AuthorizationCredentials?, origin: ChangeOrigin
    ) async throws -> Result<Void, OAuthError> {
        let client: OIDCClientRecord
        switch try await authenticate(parameters, authorization: authorization) {
        case .failure(let error): return .failure(error)
        case .success(let found): client = found
        }
        guard let token = parameters["token"], !token.isEmpty else {
            return .failure(.invalidRequest("Expected token, the refresh or access token to revoke (RFC 7009 §2.1)."))
        }
        let lookups =
            parameters["token_type_hint"] == "access_token" ? [accessTokenGrant, refreshTokenGrant] : [refreshTokenGrant, accessTokenGrant]
        for lookup in lookups {
            guard let found = try await lookup(token, client) else { continue }
            // A grant revoked already has nothing left to revoke: answered alike, but no second entry, so a client
            // presenting one token again and again writes nothing.
            if let (family, subject, type) = found {
                try await recordRevocation(family: family, subject: subject, tokenType: type, client: client, origin: origin)
            }
            return .success(())
        }
        return .success(())
    }

    /// A lookup's answer: nil for no token of the client's; `.some(nil)` for one whose grant was revoked already;
    /// else the family to revoke, its subject and the token's type.
    typealias GrantLookup = (family: String, subject: String?, type: String)??

    /// The family of a refresh token issued to `client`.
    private func refreshTokenGrant(_ token: String, _ client: OIDCClientRecord) async throws -> GrantLookup {
        guard token.utf8.count <= 128, let grant = try await store.refreshTokenGrant(hash: Self.hash(token)), grant.clientID == client.id else {
            return nil
        }
        return .some(grant.revoked ? nil : (grant.family, grant.subject, "refresh_token"))
    }

    /// The family of a live access token issued to `client` (an expired one has nothing left to revoke).
    private func accessTokenGrant(_ token: String, _ client: OIDCClientRecord) async throws -> GrantLookup {
        guard let claims = try await tokens.verifiedClaims(token), claims.aud.value.contains(userinfoAudience), claims.clientID == client.id,
            let family = try await store.accessTokenFamily(id: claims.jti.value)
        else { return nil }
        let live = try await store.accessTokenIsLive(id: claims.jti.value, now: now)
        return .some(live ? (family, claims.sub.value, "access_token") : nil)
    }

    /// Revokes `family`, with an `oauth.grant-revoked` audit entry naming the client and the token's type (the provider
    /// acts, at the client's request, as for a detected replay).
    private func recordRevocation(
        family: String, subject: String?, tokenType: String, client: OIDCClientRecord, origin: ChangeOrigin
    ) async throws {
        let detail = JSONObject(["clientId": .string(client.id), "tokenType": .string(tokenType)])
        let entry = AuditEntry(
            time: now, userID: subject, action: AuditAction.oauthGrantRevoked.rawValue,
            actor: Self.replayActor, clientAddress: origin.clientAddress,
            outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
        try await store.revokeGrant(family: family, now: now, events: .audit(entry))
    }
}
