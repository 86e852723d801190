import PasskeyCore

/// Who did something the audit log records (`actor` of an entry): a user through their own session, a backend or an
/// operator's tool through an API key (``APIKeyRecord``, named by what the operator called it), the server itself (a
/// change made outside any request), a `passkeys` command run against the database, or an operator signed in to a
/// console.
public struct AuditActor: Sendable, Equatable {
    /// The kinds of actor, as the log stores and answers them. A kind this build does not know (a row written by a
    /// newer release during a rolling upgrade) reads as ``server``.
    public enum Kind: String, Sendable, CaseIterable {
        /// A user, through their own session: `name` is the account's name.
        case user
        /// A backend or an operator's tool, through an API key: `name` is the key's name and id.
        case apiKey
        /// The server itself, outside any request.
        case server
        /// A `passkeys` command that writes to the database directly, with no server between: `name` is the command.
        case cli
        /// An operator signed in to a console with a session of their own: `name` is the operator's.
        case `operator`
        /// Someone who presented no valid credential (a refused call with no key, or an unknown one): no name.
        case unknown
    }

    /// Which kind of actor.
    public let kind: Kind
    /// The user's name, the API key's name, or what part of the server acted.
    public let name: String

    /// An actor of `kind` called `name`.
    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// A user acting through their own session.
    public static func user(_ name: String) -> AuditActor { AuditActor(kind: .user, name: name) }

    /// An operator's API key: its name, with its id so two keys of one name stay apart.
    public static func apiKey(_ key: APIKeyRecord) -> AuditActor { AuditActor(kind: .apiKey, name: "\(key.name) (\(key.id))") }

    /// `{"kind", "name"}`, as `GET /admin/audit` answers it; `{"kind": "unknown"}` alone for an unknown actor.
    package var json: JSONValue {
        guard kind != .unknown else { return .object(JSONObject(["kind": .string(kind.rawValue)])) }
        return .object(JSONObject(["kind": .string(kind.rawValue), "name": .string(name)]))
    }
}
