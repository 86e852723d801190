import Fluent
import Foundation
import PasskeyVapor
import Vapor

/// One unused recovery code of an account, only as its keyed hash (`RecoveryCodeHasher`, under ``Secret/recoveryCodes``),
/// so a copy of the database holds no usable code. The hash is the row's key; using the code deletes the row.
final class RecoveryCode: Model, @unchecked Sendable {
    static let schema = "recovery_codes"

    @ID(custom: "code_hash", generatedBy: .user) var id: String?
    @Parent(key: "user_id") var user: User

    init() {}

    init(hash: String, userID: UUID) {
        id = hash
        $user.id = userID
    }
}

/// A live recovery session: what a used recovery code started, able to add one passkey and nothing else. Vapor's
/// session keeps a random token (``ExampleHooks/recoveryTokenKey``); this row, keyed by the token's SHA-256, is what
/// makes it a recovery session, and the registration that adds its one passkey deletes it in that passkey's
/// transaction (so of registrations finished at once on it only the first is stored).
final class RecoverySession: Model, @unchecked Sendable {
    static let schema = "recovery_sessions"

    @ID(custom: "token_hash", generatedBy: .user) var id: String?
    @Parent(key: "user_id") var user: User
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    init(token: String, userID: UUID, expiresAt: Date) {
        id = Self.key(of: token)
        $user.id = userID
        self.expiresAt = expiresAt
    }

    /// How long a recovery session lasts: time to register one passkey (`RecoveryLimits.sessionLifetime`'s default).
    static let lifetime: TimeInterval = 600

    /// The row's key for a token: its hex SHA-256, so the table holds nothing a client could present.
    static func key(of token: String) -> String { Hex.encode(Array(SHA256.hash(data: Array(token.utf8)))) }
}

/// Recovery codes and recovery sessions: `recovery_codes`, `recovery_sessions`, the codes' hash key in `secrets`, and
/// `users.session_generation`, which a used code moves on to end the account's other sessions.
struct AddRecovery: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RecoveryCode.schema)
            .field("code_hash", .string, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .create()
        try await database.schema(RecoverySession.schema)
            .field("token_hash", .string, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("expires_at", .datetime, .required)
            .create()
        try await database.schema(User.schema).field("session_generation", .int).update()
        try await Secret(name: Secret.recoveryCodes, value: SecureRandom.bytes(32)).create(on: database)
    }

    func revert(on database: any Database) async throws {
        try await Secret.find(Secret.recoveryCodes, on: database)?.delete(on: database)
        try await database.schema(User.schema).deleteField("session_generation").update()
        try await database.schema(RecoverySession.schema).delete()
        try await database.schema(RecoveryCode.schema).delete()
    }
}
