import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// The server's log handler: `StreamLogHandler`'s line format on standard error, with metadata formatted only when
/// a line is written.
///
/// `StreamLogHandler` formats its metadata each time a member is set. Hummingbird gives every request's logger a
/// request ID, so at the default `notice` level, where no request writes a line, each request still paid for a
/// sort and a string build (about 1% of a sign-in's CPU in the `passkeys load` profile). Here a set only stores the value.
struct ServerLogHandler: LogHandler {
    private let label: String
    var logLevel: Logger.Level
    var metadata = Logger.Metadata()
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, level: Logger.Level, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.label = label
        self.logLevel = level
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, new in new }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = "\(Self.timestamp()) \(event.level) \(label):"
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        line += " [\(event.source)] \(event.message)\n"
        Self.write(line)
    }

    /// Serializes writers, so lines from concurrent requests never interleave.
    private static let writing = Mutex(())

    /// The whole line with `write(2)` on standard error, retried after a partial write or an interruption.
    private static func write(_ line: String) {
        var text = line
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            writing.withLock { _ in
                while remaining > 0 {
                    let written = systemWrite(2, next, remaining)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    next += written
                    remaining -= written
                }
            }
        }
    }

    /// Local time with its offset, as `StreamLogHandler` writes it.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
