import Foundation

/// A database path of its own in the temporary directory; ``remove()`` deletes the file with its WAL and
/// shared-memory files.
struct TemporarySQLiteFile {
    let path: String

    init(_ prefix: String) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString).sqlite").path
    }

    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
