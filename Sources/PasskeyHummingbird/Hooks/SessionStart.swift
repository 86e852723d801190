public import Hummingbird

/// What signing a user in adds to a successful `attestation/result` or `assertion/result` answer: the app's session,
/// as headers (a `Set-Cookie`), JSON members (a bearer token as `session`, as the conformance API names it), or both.
public struct SessionStart: Sendable {
    /// Added to the answer's headers, typically `Set-Cookie`.
    public var headers: HTTPFields
    /// Added to the answer's JSON after `status`, `errorMessage` and `user` (and `credential` after a registration).
    /// They cannot replace `status` or `errorMessage`; a member with another name the routes write is replaced.
    public var members: JSONObject

    /// Headers and members to add; both empty adds nothing (an app that keeps the user's current session).
    public init(headers: HTTPFields = [:], members: JSONObject = JSONObject()) {
        self.headers = headers
        self.members = members
    }
}
