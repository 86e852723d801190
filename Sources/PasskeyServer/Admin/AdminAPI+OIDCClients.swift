import PasskeyCore
import PasskeyRelyingParty

/// The operator API's OpenID Connect clients: the same
/// ``OIDCClients`` as `passkeys oidc-client`, so one copy of the rules, its messages naming the JSON members. Every
/// call is audited: reads as `admin.oidc-clients.read`, changes by their action in their transaction (``OIDCClients``
/// writes the entry), refusals with outcome `refused`.
extension AdminAPI {
    var oidcClients: OIDCClients {
        let configuration = relyingParty.configuration
        return OIDCClients(store: store, clock: { configuration.nowMilliseconds }, origin: origin)
    }

    static func noClient(_ id: String) -> RelyingPartyError {
        RelyingPartyError(.notFound, "No OpenID Connect client has the id '\(id.prefix(64))'.", code: "oidcClientNotFound")
    }

    /// `GET /admin/oidc-clients`: every client, oldest first, never a secret (nor its hash).
    func listOIDCClients() async throws -> JSONObject {
        let clients = try await oidcClients.list()
        try await record(.oidcClientsRead, user: nil)
        return JSONObject(["clients": .array(clients.map { OIDCClients.json($0) })])
    }

    /// `GET /admin/oidc-clients/{id}`.
    func oidcClient(id: String) async throws -> JSONObject {
        let client = try await existingClient(id, reading: .oidcClientsRead)
        try await record(.oidcClientsRead, user: nil, detail: Self.clientDetail(client.id, client.name))
        return JSONObject(["client": OIDCClients.json(client)])
    }

    /// `POST /admin/oidc-clients`: the client and, for a confidential one, its secret, in this answer only.
    func createOIDCClient(_ body: OIDCClientBody.Create) async throws -> JSONObject {
        let detail = Self.clientDetail(nil, body.name)
        let (client, secret) = try await refusedAsInvalid(.oidcClientCreated, detail: detail) {
            try await oidcClients.create(
                name: body.name, redirectURIs: body.redirectURIs, postLogoutRedirectURIs: body.postLogoutRedirectURIs, isPublic: body.isPublic,
                idTokenAlgorithm: body.idTokenAlgorithm, pkceRequired: try OIDCClients.pkceRequired(body.pkce, .json), fields: .json)
        }
        return JSONObject(["client": OIDCClients.json(client, secret: secret)])
    }

    /// `PATCH /admin/oidc-clients/{id}`: what is given; `newSecret` answers a new secret, in this answer only.
    func updateOIDCClient(id: String, _ body: OIDCClientBody.Update) async throws -> JSONObject {
        let existing = try await existingClient(id, reading: .oidcClientUpdated)
        let detail = Self.clientDetail(existing.id, existing.name)
        let updated = try await refusedAsInvalid(.oidcClientUpdated, detail: detail) {
            try await oidcClients.update(
                id: existing.id, name: body.name, redirectURIs: body.redirectURIs, postLogoutRedirectURIs: body.postLogoutRedirectURIs,
                idTokenAlgorithm: body.idTokenAlgorithm, newSecret: body.newSecret,
                pkceRequired: try body.pkce.map { try OIDCClients.pkceRequired($0, .json) }, fields: .json)
        }
        guard let (client, secret) = updated else {
            // Deleted between the read and the write.
            try await record(.oidcClientUpdated, user: nil, outcome: .refused, detail: Self.refusal(detail, "oidcClientNotFound"))
            throw Self.noClient(id)
        }
        return JSONObject(["client": OIDCClients.json(client, secret: secret)])
    }

    /// `DELETE /admin/oidc-clients/{id}`: the client with its codes and refresh tokens.
    func deleteOIDCClient(id: String) async throws {
        let existing = try await existingClient(id, reading: .oidcClientDeleted)
        let detail = Self.clientDetail(existing.id, existing.name)
        guard try await oidcClients.delete(id: existing.id) else {
            try await record(.oidcClientDeleted, user: nil, outcome: .refused, detail: Self.refusal(detail, "oidcClientNotFound"))
            throw Self.noClient(id)
        }
    }

    /// The client `id`; 404 `oidcClientNotFound` (recorded as refused) when there is none. Ids are 22 characters, so
    /// a long one is answered without a query.
    func existingClient(_ id: String, reading action: AuditAction) async throws -> OIDCClientRecord {
        guard id.utf8.count <= 64, let client = try await oidcClients.client(id: id) else {
            try await record(
                action, user: nil, outcome: .refused, detail: Self.refusal(Self.clientDetail(String(id.prefix(64)), nil), "oidcClientNotFound"))
            throw Self.noClient(id)
        }
        return client
    }

    /// Runs `change`; a rule it breaks (``ConfigurationError``, naming the member) is recorded as refused and answered
    /// 400 `invalidRequest`.
    func refusedAsInvalid<T>(_ action: AuditAction, detail: JSONObject, _ change: () async throws -> T) async throws -> T {
        do {
            return try await change()
        } catch let error as ConfigurationError {
            try await record(action, user: nil, outcome: .refused, detail: Self.refusal(detail, "invalidRequest"))
            throw FormBody.invalid(error.description)
        }
    }

    static func clientDetail(_ id: String?, _ name: String?) -> JSONObject { OIDCClients.clientDetail(id, name) }

    static func refusal(_ detail: JSONObject, _ code: String) -> JSONObject {
        var detail = detail
        detail["code"] = .string(code)
        return detail
    }
}
