/// What an API key may do. Each service route asks for exactly one scope, and a key holds only the scopes it was made
/// with: a backend that introspects tokens is given `introspect` and cannot reach the operator's API, and
/// `admin:write` does not imply `admin:read` (a tool that only revokes sessions need not read the audit log).
public enum APIKeyScope: String, Sendable, CaseIterable, Comparable {
    /// `POST /introspect` (RFC 7662).
    case introspect
    /// Every `GET` under `/admin/`.
    case adminRead = "admin:read"
    /// Every `POST`, `PUT`, `PATCH` and `DELETE` under `/admin/`.
    case adminWrite = "admin:write"

    public static func < (lhs: APIKeyScope, rhs: APIKeyScope) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The scopes as the `scopes` column keeps them: raw values in order, one space between.
    static func column(_ scopes: Set<APIKeyScope>) -> String { scopes.sorted().map(\.rawValue).joined(separator: " ") }

    /// The scopes of a `scopes` column. A name this build does not know (a row written by a newer release) grants
    /// nothing here: a key never gains a power by being read by an older server.
    static func scopes(column text: String) -> Set<APIKeyScope> {
        Set(text.split(separator: " ").compactMap { APIKeyScope(rawValue: String($0)) })
    }
}
