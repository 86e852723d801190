import GRDB
import PasskeyCore
import Testing

@testable import PasskeyStore

/// Each record's one row mapping, shared by both stores: its column list, the values it writes, and what it makes of a
/// damaged row.
@Suite("One row mapping per record")
struct RecordColumnsTests {
    static let credential = CredentialRecord(
        id: SecureRandom.bytes(16), userHandle: SecureRandom.bytes(32), publicKey: [1, 2, 3], signCount: 7, transports: ["internal"],
        aaguid: "00000000-0000-0000-0000-000000000000", format: "none", attestationType: "none", backupEligible: true, backupState: false,
        name: "Laptop", createdAt: 1_800_000_000_000, lastUsedAt: nil, uvInitialized: true)
    static let session = SessionRecord(
        tokenHash: String(repeating: "a", count: 64), userHandle: SecureRandom.bytes(32), credentialID: nil, expiresAt: 1_800_000_600_000)

    @Test("the values a record writes are its columns', in their order and of their kinds, NULLs included")
    func valuesMatchColumns() {
        #expect(Self.credential.columnValues.map(\.kind) == CredentialRecord.columns.map(\.kind))
        #expect(Self.session.columnValues.map(\.kind) == SessionRecord.columns.map(\.kind))
        #expect(Schema.credentialColumns == CredentialRecord.columnNames.joined(separator: ", "))
        #expect(Schema.sessionColumns.hasPrefix("token_hash, user_handle, credential_id"))
    }

    @Test(
        "a record read back from its written values is the record; a row of NULLs is no credential; one NULL where a value is required is refused by name"
    )
    func damagedRows() throws {
        let database = try DatabaseQueue()
        func row(_ values: [ColumnValue]) throws -> Row {
            let select = "SELECT " + Schema.placeholders(values.count)
            return try database.read { db in try #require(try Row.fetchOne(db, sql: select, arguments: SQLiteRows.arguments(values))) }
        }
        #expect(try SQLiteRows.credential(row(Self.credential.columnValues), at: 0) == Self.credential)
        #expect(try SQLiteRows.session(row(Self.session.columnValues)) == Self.session)

        var nulls = SQLiteColumns(row: try row(CredentialRecord.columns.map { _ in .text(nil) }), index: 0)
        #expect(try CredentialRecord.joined(columns: &nulls) == nil)
        var damaged = Self.credential.columnValues
        damaged[5] = .text(nil)
        #expect {
            try SQLiteRows.credential(row(damaged), at: 0)
        } throws: { error in
            (error as? StoredRowInvalid)?.description == "the stored row's credentials.aaguid is NULL, where a value is required"
        }
    }
}
