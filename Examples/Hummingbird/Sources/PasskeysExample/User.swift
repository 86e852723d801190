import Foundation
import GRDB
import PasskeyHummingbird

/// A row of the app's `users` table. Conforming to ``PasskeyUser`` is all the passkey library asks of it: the three
/// values WebAuthn puts in `user` (L3 §5.4.3).
struct User: Sendable, Equatable, FetchableRecord {
    let id: Int64
    let username: String
    let displayName: String
    let handle: [UInt8]

    init(id: Int64, username: String, displayName: String, handle: [UInt8]) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.handle = handle
    }

    init(row: Row) throws {
        id = row["id"]
        username = row["username"]
        displayName = row["display_name"]
        handle = [UInt8](row["user_handle"] as Data)
    }
}

extension User: PasskeyUser {
    var passkeyUserHandle: [UInt8] { handle }
    var passkeyUserName: String { username }
    var passkeyDisplayName: String { displayName }
}

extension User {
    /// The `users` row of the account named `name`, compared by `UsernameKey` so look-alike spellings find it; an
    /// exact match wins (an account stored before keys existed whose key went to an older look-alike, AppDatabase's
    /// second migration). The passkey library's lookup and the password sign-in both read accounts this way.
    static func row(named name: String, in db: Database) throws -> Row? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM users WHERE username = ? OR username_key = ? ORDER BY username = ? DESC LIMIT 1",
            arguments: [name, UsernameKey(name).rawValue, name])
    }
}
