import Fluent
import Foundation
import PasskeyVapor
import Vapor

/// A row of the app's `users` table. Conforming to `PasskeyFluentUser` is all the passkey library asks of it: the
/// three values WebAuthn puts in `user` (L3 §5.4.3) and which fields hold the name and the handle.
/// `ModelSessionAuthenticatable` makes it Vapor's session user (`req.auth`).
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "username") var username: String
    /// `UsernameKey(username)`: the form names are compared in, unique, so look-alike names are one name.
    @Field(key: "username_key") var usernameKey: String
    @Field(key: "display_name") var displayName: String
    /// WebAuthn's user.id: random, fixed for the account's life, and not the row ID (L3 §14.6.1).
    @Field(key: "user_handle") var userHandle: Data
    /// Moves on when a recovery code is used: a session started under an older generation has ended
    /// (``ExampleHooks/signedInUser(_:)``). NULL is 0.
    @OptionalField(key: "session_generation") var sessionGeneration: Int?

    init() {}

    init(_ user: NewPasskeyUser) {
        username = user.passkeyUserName
        usernameKey = UsernameKey(user.passkeyUserName).rawValue
        displayName = user.passkeyDisplayName
        userHandle = Data(user.passkeyUserHandle)
    }
}

extension User: PasskeyFluentUser {
    var passkeyUserHandle: [UInt8] { [UInt8](userHandle) }
    var passkeyUserName: String { username }
    var passkeyDisplayName: String { displayName }
    static var usernameKeyField: KeyPath<User, FieldProperty<User, String>> { \User.$usernameKey }
    static var userHandleField: KeyPath<User, FieldProperty<User, Data>> { \User.$userHandle }
}

extension User: ModelSessionAuthenticatable {}

/// Creates `users`, with the name and the handle each unique.
struct CreateUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .id()
            .field("username", .string, .required)
            .field("username_key", .string, .required)
            .field("display_name", .string, .required)
            .field("user_handle", .data, .required)
            .unique(on: "username", name: "users_username")
            .unique(on: "username_key", name: "users_username_key")
            .unique(on: "user_handle", name: "users_user_handle")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).delete()
    }
}
