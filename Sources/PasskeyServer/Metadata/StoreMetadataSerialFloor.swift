import Logging
import PasskeyCore
import PasskeyRelyingParty

/// The highest FIDO metadata serial installed, kept in the server's database (`metadata_serials`), so every instance
/// on it and every restart refuse an older BLOB, with or without `--metadata-cache`.
struct StoreMetadataSerialFloor: MetadataSerialFloor {
    let store: any Store

    func raise(publisher: String, to serial: Int64) async throws -> Int64 {
        try await store.raiseMetadataSerial(publisher: publisher, to: serial)
    }

    /// A `--metadata FILE` (installed at start, never replaced) is held to the same floor: a file older than a BLOB
    /// installed before, by this server or another on the database, stops the start with the reason.
    static func checkFile(_ index: MetadataIndex, store: any Store, logger: Logger) async throws {
        let highest = try await store.raiseMetadataSerial(publisher: index.publisher, to: index.serialNumber)
        guard highest <= index.serialNumber else {
            logger.error(
                "FIDO metadata: the --metadata file is refused (downgrade): expected a BLOB with no \(highest) or higher (installed before), found no \(index.serialNumber)"
            )
            throw MetadataDowngrade(installed: highest, found: index.serialNumber)
        }
    }
}

/// A `--metadata` file whose `no` is below the highest installed before.
public struct MetadataDowngrade: Error, CustomStringConvertible {
    /// The highest serial installed before.
    public let installed: Int64
    /// The file's serial.
    public let found: Int64
    /// What was expected and what was found.
    public var description: String {
        "--metadata: expected a BLOB with no \(installed) or higher (a newer one was installed before: serials only grow, FIDO MDS3 §3.1.6), found no \(found)"
    }
}
