import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last BLOB that verified, in one file of an owner-only directory. It is verified again when read, so the file
/// is a copy for restarts, never a source of trust.
struct MetadataCache: Sendable {
    let directory: String
    var path: String { directory + "/mds3-blob.jwt" }

    /// The cached bytes and when they were written; nil when there is no cache yet. A file larger than
    /// `maximumBytes`, or one that is not a regular file (tampered with), is refused before it is read.
    func read(maximumBytes: Int) throws(MetadataFetchError) -> (bytes: [UInt8], writtenAt: Date?)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes: [UInt8]
        do { bytes = try MetadataFile.contents(of: path, maximumBytes: maximumBytes) } catch {
            throw MetadataFetchError(error.tooLarge ? .tooLarge : .unavailable, error.description)
        }
        let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return (bytes, written)
    }

    /// Writes `bytes` to a temporary file (mode 0600) and renames it over the cache, so a crash leaves the old copy
    /// or the new one, never half of one. Creates the directory (mode 0700) when missing.
    func write(_ bytes: [UInt8]) throws(MetadataFetchError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MetadataFetchError(.unavailable, "cannot create the directory '\(directory)': \(error.localizedDescription)")
        }
        let temporary = directory + "/.mds3-blob.\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw MetadataFetchError(.unavailable, "cannot write '\(temporary)'")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw MetadataFetchError(.unavailable, "cannot rename '\(temporary)' to '\(path)': \(reason)")
        }
    }

    /// Marks the cached copy as confirmed now (a download brought the same BLOB), so its age survives a restart.
    func touch(_ date: Date) {
        try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }
}
