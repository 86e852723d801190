#if Vapor
public import FluentKit
import Foundation

/// The app's Fluent user model, as ``FluentPasskeyAccounts`` finds accounts: by the field holding the username's
/// `UsernameKey` (so `Ada`, `ADA` and a Cyrillic look-alike `аda` are the account `ada`; give it a unique index and
/// set it to `UsernameKey(name).rawValue` whenever the name is set) and the field holding the WebAuthn user handle
/// (random, fixed for the account's life and not the row ID, L3 §14.6.1; give it a unique index too).
public protocol PasskeyFluentUser: Model, PasskeyUser {
    /// The field the key of the account's name (`UsernameKey(passkeyUserName).rawValue`) is stored in.
    static var usernameKeyField: KeyPath<Self, FieldProperty<Self, String>> { get }
    /// The field the user handle (`PasskeyUser.passkeyUserHandle`) is stored in.
    static var userHandleField: KeyPath<Self, FieldProperty<Self, Data>> { get }
}

/// `PasskeyAccounts` over Fluent: the app's user model (``PasskeyFluentUser``) and ``PasskeyCredentialModel``'s table,
/// on any Fluent database (tested on SQLite and PostgreSQL).
public struct FluentPasskeyAccounts<User: PasskeyFluentUser>: PasskeyAccounts {
    /// The database to read.
    public let database: any Database

    /// Accounts read from `database` (typically `app.db`).
    public init(database: any Database) {
        self.database = database
    }

    /// The account with this name, compared by `UsernameKey`.
    public func user(named name: String) async throws -> User? {
        try await FluentOutage.answeringOutages {
            try await User.query(on: database).filter(User.usernameKeyField == UsernameKey(name).rawValue).first()
        }
    }

    /// The passkeys of the account with this user handle, oldest first.
    public func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await FluentOutage.answeringOutages {
            try await PasskeyCredentialModel.query(on: database).filter(\.$userHandle == Data(userHandle)).sort(\.$createdAt).all().map(\.record)
        }
    }

    /// The passkey with this credential ID and its account; nil when it is not stored (or its account is gone).
    public func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: User)? {
        try await FluentOutage.answeringOutages {
            guard let row = try await PasskeyCredentialModel.query(on: database).filter(\.$credentialID == Data(id)).first(),
                let owner = try await User.query(on: database).filter(User.userHandleField == row.userHandle).first()
            else { return nil }
            return (row.record, owner)
        }
    }
}
#endif
