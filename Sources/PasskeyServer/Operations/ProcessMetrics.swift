import Foundation

/// The standard Prometheus process metrics, read from `/proc` at scrape time: what an operator needs to see the CPU
/// cost per request and memory or descriptor leaks. Empty where `/proc` does not exist (macOS).
public enum ProcessMetrics {
    static func exposition() -> String {
        var text = ""
        if let cpu = cpuSeconds() {
            text += "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n"
            text += "# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total \(cpu)\n"
        }
        if let resident = residentBytes() {
            text += "# HELP process_resident_memory_bytes Resident memory size in bytes.\n"
            text += "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes \(resident)\n"
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            text += "# HELP process_open_fds Number of open file descriptors.\n"
            text += "# TYPE process_open_fds gauge\nprocess_open_fds \(descriptors.count)\n"
        }
        return text
    }

    /// utime + stime from `/proc/self/stat` (fields 14 and 15, in clock ticks), read after the `)` that ends the
    /// command name (which may itself hold spaces).
    public static func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    }

    /// Resident pages from `/proc/self/statm` (second field) times the page size.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The value of `process_cpu_seconds_total` in a Prometheus text exposition (what `passkeys load` reads from the
    /// server before and after a run).
    public static func cpuSeconds(inExposition text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("process_cpu_seconds_total ") {
            return Double(line.dropFirst("process_cpu_seconds_total ".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
