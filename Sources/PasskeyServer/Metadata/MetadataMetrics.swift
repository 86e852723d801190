import Foundation
import PasskeyRelyingParty

/// The refresher's status as Prometheus gauges, read at scrape time.
enum MetadataMetrics {
    static func exposition(_ status: MetadataRefreshStatus, now: Date) -> String {
        var text = ""
        func gauge(_ name: String, _ help: String, _ value: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
        }
        if let serial = status.serialNumber {
            gauge("passkeys_metadata_serial", "The no of the FIDO metadata BLOB in use", String(serial))
        }
        if let confirmed = status.confirmedAt {
            gauge(
                "passkeys_metadata_age_seconds", "Seconds since the BLOB in use was downloaded or confirmed by a download",
                seconds(now.timeIntervalSince(confirmed)))
        }
        if let next = status.nextUpdate {
            gauge(
                "passkeys_metadata_next_update_timestamp_seconds", "The nextUpdate of the BLOB in use, in seconds since 1970",
                seconds(next.timeIntervalSince1970))
        }
        gauge("passkeys_metadata_stale", "1 when the BLOB in use is past its nextUpdate and no newer one came", status.isStale ? "1" : "0")
        if let attempt = status.lastAttempt {
            gauge(
                "passkeys_metadata_last_attempt_timestamp_seconds", "When the last metadata check ended, in seconds since 1970",
                seconds(attempt.timeIntervalSince1970))
        }
        text +=
            "# HELP passkeys_metadata_checks_total Metadata checks by how they ended (a refused cache at start counts too)\n# TYPE passkeys_metadata_checks_total counter\n"
        for result in MetadataRefreshResult.allCases {
            text += "passkeys_metadata_checks_total{result=\"\(result.rawValue)\"} \(status.counts[result] ?? 0)\n"
        }
        if let last = status.lastResult {
            text +=
                "# HELP passkeys_metadata_last_result How the last metadata check ended: 1 on its result, 0 on the others\n# TYPE passkeys_metadata_last_result gauge\n"
            for result in MetadataRefreshResult.allCases {
                text += "passkeys_metadata_last_result{result=\"\(result.rawValue)\"} \(result == last ? 1 : 0)\n"
            }
        }
        return text
    }

    private static func seconds(_ value: Double) -> String { String(Int64(value.rounded(.down))) }
}
