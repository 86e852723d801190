import GRDB
import PasskeyCore

/// Records to and from the columns of ``Schema`` on SQLite. Decoding throws on a value of the wrong type or an
/// unexpected NULL (a damaged file), never traps.
enum SQLiteRows {
    /// `handle, username, display_name, created_at` starting at column `start`.
    static func user(_ row: Row, at start: Int) throws -> UserRecord {
        UserRecord(
            handle: try Base64URL.decode(try row.decode(String.self, atIndex: start)),
            username: try row.decode(String.self, atIndex: start + 1),
            displayName: try row.decode(String.self, atIndex: start + 2),
            createdAt: try row.decode(Int64.self, atIndex: start + 3))
    }

    /// ``Schema/credentialColumns`` starting at column `start`.
    static func credential(_ row: Row, at start: Int) throws -> CredentialRecord {
        CredentialRecord(
            id: try Base64URL.decode(try row.decode(String.self, atIndex: start)),
            userHandle: try Base64URL.decode(try row.decode(String.self, atIndex: start + 1)),
            publicKey: try Base64URL.decode(try row.decode(String.self, atIndex: start + 2)),
            signCount: UInt32(clamping: try row.decode(Int64.self, atIndex: start + 3)),
            transports: Schema.transports(fromColumn: try row.decode(String.self, atIndex: start + 4)),
            aaguid: try row.decode(String.self, atIndex: start + 5),
            format: try row.decode(String.self, atIndex: start + 6),
            attestationType: try row.decode(String.self, atIndex: start + 7),
            backupEligible: try row.decode(Int64.self, atIndex: start + 8) != 0,
            backupState: try row.decode(Int64.self, atIndex: start + 9) != 0,
            name: try row.decode(String.self, atIndex: start + 10),
            createdAt: try row.decode(Int64.self, atIndex: start + 11),
            lastUsedAt: try row.decode(Int64?.self, atIndex: start + 12),
            uvInitialized: try row.decode(Int64.self, atIndex: start + 13) != 0)
    }

    /// ``Schema/sessionColumns``.
    static func session(_ row: Row) throws -> SessionRecord {
        SessionRecord(
            tokenHash: try row.decode(String.self, atIndex: 0),
            userHandle: try Base64URL.decode(try row.decode(String.self, atIndex: 1)),
            credentialID: try row.decode(String?.self, atIndex: 2).map { try Base64URL.decode($0) },
            expiresAt: try row.decode(Int64.self, atIndex: 3),
            verifiedAt: try row.decode(Int64?.self, atIndex: 4),
            isRecovery: try row.decode(Int64.self, atIndex: 5) != 0,
            startedAt: try row.decode(Int64?.self, atIndex: 6),
            authenticationMethods: SessionRecord.authenticationMethods(fromColumn: try row.decode(String?.self, atIndex: 7)))
    }

    /// The values for ``Schema/credentialColumns``, in order.
    static func values(of c: CredentialRecord) -> StatementArguments {
        [
            Base64URL.encode(c.id), Base64URL.encode(c.userHandle), Base64URL.encode(c.publicKey), Int64(c.signCount),
            Schema.transportsColumn(c.transports), c.aaguid, c.format, c.attestationType, c.backupEligible ? 1 : 0,
            c.backupState ? 1 : 0, c.name, c.createdAt, c.lastUsedAt, c.uvInitialized ? 1 : 0,
        ]
    }

    /// The values for ``Schema/sessionColumns``, in order.
    static func values(of s: SessionRecord) -> StatementArguments {
        [
            s.tokenHash, Base64URL.encode(s.userHandle), s.credentialID.map { Base64URL.encode($0) }, s.expiresAt, s.verifiedAt, s.isRecovery ? 1 : 0,
            s.startedAt, s.authenticationMethodsColumn,
        ]
    }
}
