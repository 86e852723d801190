import PasskeyCore

/// The query strings of the operator's API, decoded into typed values at the edge: each parameter at most once, no
/// parameter the route does not read (a mistyped `usernme=` must not turn a lookup into a listing), lengths and page
/// sizes bounded, times as RFC 3339. Anything else is 400 `invalidRequest` naming what was expected.
enum AdminQuery {
    /// The most entries or accounts one page holds, and how many when `limit` is not given.
    static let maximumPage = 100
    static let defaultPage = 50
    /// A user handle is 1 to 64 bytes (WebAuthn L3 §5.4.3 `user.id`): at most 86 base64url characters.
    static let maximumUserIDLength = 86
    /// Longer than any username an account can have, so a hostile one costs nothing to refuse: at most this many
    /// Unicode scalars (what JSON Schema's `maxLength` counts).
    static let maximumUsernameLength = 256

    /// What `GET /admin/users` selects: `after` and `limit` beside a lookup are checked, and page nothing.
    struct Users: Equatable {
        enum Selection: Equatable {
            /// By name, and when `id` is given by id too (the account must have both).
            case username(String, id: [UInt8]?)
            case id([UInt8])
            case page(after: String?, limit: Int)
        }

        let selection: Selection

        /// What the audit entry says was asked.
        var auditDetail: JSONObject {
            switch selection {
            case .username(let name, let id):
                JSONObject(["username": .string(name), "user": id.map { .string(Base64URL.encode($0)) } ?? .null])
            case .id(let handle): JSONObject(["user": .string(Base64URL.encode(handle))])
            case .page(let after, let limit): JSONObject(["after": after.map(JSONValue.string) ?? .null, "limit": JSONValue(limit)])
            }
        }
    }

    /// What `GET /admin/audit` selects: times in milliseconds.
    struct Audit: Equatable {
        let userID: String?
        let from: Int64?
        let until: Int64?
        let before: Int64?
        let limit: Int
    }

    static func users(_ query: String?) throws(RelyingPartyError) -> Users {
        let parameters = try FormBody.parameters(Array((query ?? "").utf8), reading: ["username", "id", "after", "limit"], refusingOthers: true)
        let username = parameters["username"]
        var id: [UInt8]?
        if let text = parameters["id"] { id = try userHandle(text) }
        var after: String?
        if let given = parameters["after"] { after = Base64URL.encode(try userHandle(given, name: "after")) }
        let limit = try limit(parameters["limit"])
        // Filters that combine: a name and an id must both hold; paging shapes only a listing.
        if let username {
            guard !username.isEmpty, username.unicodeScalars.count <= maximumUsernameLength else {
                throw FormBody.invalid("username: expected 1 to \(maximumUsernameLength) characters, found \(username.unicodeScalars.count).")
            }
            return Users(selection: .username(username, id: id))
        }
        if let id { return Users(selection: .id(id)) }
        return Users(selection: .page(after: after, limit: limit))
    }

    static func audit(_ query: String?) throws(RelyingPartyError) -> Audit {
        let parameters = try FormBody.parameters(
            Array((query ?? "").utf8), reading: ["user", "from", "until", "before", "limit"], refusingOthers: true)
        var userID: String?
        if let user = parameters["user"] { userID = Base64URL.encode(try userHandle(user, name: "user")) }
        let from = try time(parameters["from"], name: "from")
        let until = try time(parameters["until"], name: "until")
        var before: Int64?
        if let text = parameters["before"] {
            guard text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text), value > 0 else {
                throw FormBody.invalid("before: expected the next value of a previous page (a positive integer), found '\(text.prefix(32))'.")
            }
            before = value
        }
        return Audit(userID: userID, from: from, until: until, before: before, limit: try limit(parameters["limit"]))
    }

    /// A user id (the `id` of `GET /session`): canonical base64url of 1 to 64 bytes.
    static func userHandle(_ text: String, name: String = "id") throws(RelyingPartyError) -> [UInt8] {
        guard !text.isEmpty, text.utf8.count <= maximumUserIDLength, let bytes = try? Base64URL.decode(text), !bytes.isEmpty,
            Base64URL.encode(bytes) == text
        else {
            throw FormBody.invalid("\(name): expected a user id (base64url of 1 to 64 bytes), found \(text.utf8.count) characters that are not one.")
        }
        return bytes
    }

    /// `limit`: 1 to ``maximumPage``; ``defaultPage`` when absent.
    static func limit(_ text: String?) throws(RelyingPartyError) -> Int {
        guard let text else { return defaultPage }
        guard text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), (1...maximumPage).contains(value)
        else {
            throw FormBody.invalid("limit: expected a whole number from 1 to \(maximumPage), found '\(text.prefix(32))'.")
        }
        return value
    }

    /// An RFC 3339 date-time (`2026-11-27T10:00:00Z`) in milliseconds.
    static func time(_ text: String?, name: String) throws(RelyingPartyError) -> Int64? {
        guard let text else { return nil }
        guard text.utf8.count <= 64, let seconds = RFC3339.secondsSince1970(text), seconds.isFinite, abs(seconds) < 1e13 else {
            throw FormBody.invalid("\(name): expected an RFC 3339 date-time such as 2026-11-27T10:00:00Z, found '\(text.prefix(64))'.")
        }
        return Int64((seconds * 1000).rounded(.down))
    }
}
