import Fluent
import Foundation
import PasskeyVapor

/// The key of the stand-in sign-in options for names without an account, kept with the data so a name's options stay
/// the same across restarts and instances (options that change would tell that the name has no account).
final class Secret: Model, @unchecked Sendable {
    static let schema = "secrets"

    @ID(custom: "name", generatedBy: .user) var id: String?
    @Field(key: "value") var value: Data

    init() {}

    init(name: String, value: [UInt8]) {
        id = name
        self.value = Data(value)
    }

    static let standInCredentials = "stand-in credentials"
    /// The recovery codes' hash key (``AddRecovery``).
    static let recoveryCodes = "recovery codes"

    /// The stand-in credentials' secret; the migration writes it, and without it no key is better than a guessable one.
    static func standIn(on database: any Database) async throws -> [UInt8] {
        try await named(standInCredentials, on: database)
    }

    /// The secret named `name`; the migrations write them, and without one no key is better than a guessable one.
    static func named(_ name: String, on database: any Database) async throws -> [UInt8] {
        guard let secret = try await Secret.find(name, on: database) else {
            throw StoreUnavailable(reason: "the secret '\(name)' is missing from the secrets table")
        }
        return [UInt8](secret.value)
    }
}

/// Creates `secrets` with a fresh stand-in secret.
struct CreateSecrets: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Secret.schema).field("name", .string, .identifier(auto: false)).field("value", .data, .required).create()
        try await Secret(name: Secret.standInCredentials, value: SecureRandom.bytes(32)).create(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Secret.schema).delete()
    }
}
