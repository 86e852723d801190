import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a metadata BLOB (or any bounded file) into one buffer: its size is checked before a byte is read, and the
/// bytes go straight into the array that is returned, so a 32 MiB file costs 32 MiB, not a `Data` and a copy of it
/// (scripts/measure-metadata-memory measures the peak memory a BLOB costs).
public enum MetadataFile {
    /// Why a file was not read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The file is larger than the bound (or is not a regular file).
        public let tooLarge: Bool
        /// What went wrong, naming the path.
        public let description: String
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    public static func contents(of path: String, maximumBytes: Int) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(tooLarge: false, description: "cannot open '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw ReadError(tooLarge: true, description: "'\(path)' is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= maximumBytes else {
            throw ReadError(tooLarge: true, description: "'\(path)' holds \(size) bytes, more than the \(maximumBytes) a BLOB may have")
        }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let got = read(descriptor, base + count, size - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failure = got == 0 ? "'\(path)' became shorter while it was read" : "cannot read '\(path)': \(String(cString: strerror(errno)))"
                    return
                }
                count += got
            }
        }
        if let failure { throw ReadError(tooLarge: false, description: failure) }
        return bytes
    }
}
