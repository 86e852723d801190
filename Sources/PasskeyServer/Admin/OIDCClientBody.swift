import PasskeyCore
import PasskeyRelyingParty

/// The bodies of `POST` and `PATCH /admin/oidc-clients`, decoded strictly at the edge: only the documented members,
/// each of its JSON type (a 400 `invalidRequest` naming the member, what was expected and what was found). The values'
/// rules (URIs, lengths, algorithms) are ``OIDCClients``'s, checked there once for the CLI and the API.
enum OIDCClientBody {
    struct Create: Equatable {
        var name: String
        var redirectURIs: [String]
        var postLogoutRedirectURIs: [String]
        var isPublic: Bool
        var idTokenAlgorithm: String
        var pkce: String
    }

    struct Update: Equatable {
        var name: String?
        var redirectURIs: [String]?
        var postLogoutRedirectURIs: [String]?
        var idTokenAlgorithm: String?
        var newSecret: Bool
        var pkce: String?
    }

    static let createMembers = ["name", "redirectUris", "postLogoutRedirectUris", "public", "idTokenAlg", "pkce"]
    static let updateMembers = ["name", "redirectUris", "postLogoutRedirectUris", "idTokenAlg", "newSecret", "pkce"]

    static func create(_ body: JSONObject) throws(RelyingPartyError) -> Create {
        try only(createMembers, in: body)
        guard let name = try string(body, "name") else { throw FormBody.invalid("name: expected a string, found nothing") }
        guard let redirectURIs = try strings(body, "redirectUris") else {
            throw FormBody.invalid("redirectUris: expected an array of 1 to \(OIDCClients.maximumURIs) URIs, found nothing")
        }
        return Create(
            name: name, redirectURIs: redirectURIs, postLogoutRedirectURIs: try strings(body, "postLogoutRedirectUris") ?? [],
            isPublic: try bool(body, "public") ?? false, idTokenAlgorithm: try string(body, "idTokenAlg") ?? "RS256",
            pkce: try string(body, "pkce") ?? "required")
    }

    static func update(_ body: JSONObject) throws(RelyingPartyError) -> Update {
        try only(updateMembers, in: body)
        let newSecret = try bool(body, "newSecret") ?? false
        return Update(
            name: try string(body, "name"), redirectURIs: try strings(body, "redirectUris"),
            postLogoutRedirectURIs: try strings(body, "postLogoutRedirectUris"), idTokenAlgorithm: try string(body, "idTokenAlg"),
            newSecret: newSecret, pkce: try string(body, "pkce"))
    }

    static func only(_ members: [String], in body: JSONObject) throws(RelyingPartyError) {
        for key in body.keys where !members.contains(key) {
            throw FormBody.invalid("Expected only the members \(members.joined(separator: ", ")), found '\(key.prefix(64))'.")
        }
    }

    static func string(_ body: JSONObject, _ key: String) throws(RelyingPartyError) -> String? {
        guard let value = body[key] else { return nil }
        guard case .string(let text) = value else { throw FormBody.invalid("\(key): expected a string, found \(value.typeName)") }
        return text
    }

    static func bool(_ body: JSONObject, _ key: String) throws(RelyingPartyError) -> Bool? {
        guard let value = body[key] else { return nil }
        guard case .bool(let flag) = value else { throw FormBody.invalid("\(key): expected true or false, found \(value.typeName)") }
        return flag
    }

    /// An array of strings (how many, and what each must be, are ``OIDCClients``'s rules).
    static func strings(_ body: JSONObject, _ key: String) throws(RelyingPartyError) -> [String]? {
        guard let value = body[key] else { return nil }
        guard case .array(let items) = value else { throw FormBody.invalid("\(key): expected an array of strings, found \(value.typeName)") }
        var texts: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else { throw FormBody.invalid("\(key)[\(index)]: expected a string, found \(item.typeName)") }
            texts.append(text)
        }
        return texts
    }
}
