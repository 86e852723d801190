/// Where the highest FIDO metadata serial (`no`) installed is kept, so that every instance and every restart refuse
/// a BLOB older than one installed anywhere, with or without a cache (the floor once lived in memory and in the
/// optional cache only, so a restart without one installed `no=3` dated 2001 after `no=7`). `passkeys serve` keeps it
/// in its database, beside the accounts.
public protocol MetadataSerialFloor: Sendable {
    /// Records that a BLOB of `publisher` (`MetadataIndex.publisher`) with serial `serial` is about to be installed,
    /// and returns the highest serial recorded for `publisher`, `serial` included: one atomic step, so instances that
    /// install at once agree. A result above `serial` means the BLOB is a downgrade and must not be installed.
    func raise(publisher: String, to serial: Int64) async throws -> Int64
}
