import ArgumentParser
import PasskeyServer

/// `passkeys serve`'s options for the operator's API and the audit log.
struct AdminOptions: ParsableArguments {
    @Option(
        name: .customLong("admin-address"),
        help: "HOST:PORT to serve the operator's API (/admin/…) on instead of the public address, such as a private interface.")
    var adminAddress: String?
    @Option(
        name: .customLong("audit-retention"),
        help: "Days the audit log keeps each entry, 1 to 3650 (default \(ServerConfiguration.defaultAuditRetentionDays)).")
    var auditRetention: Int?

    /// The environment variables these options read, for `serve --help`.
    static let environment = "PASSKEYS_ADMIN_ADDRESS, PASSKEYS_AUDIT_RETENTION"

    /// Flags, then environment variables, then defaults, into `configuration`.
    func apply(to configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let (addressOption, retentionOption) =
            (
                adminAddress == nil ? "PASSKEYS_ADMIN_ADDRESS" : "--admin-address",
                auditRetention == nil ? "PASSKEYS_AUDIT_RETENTION" : "--audit-retention"
            )
        if let text = adminAddress ?? environment["PASSKEYS_ADMIN_ADDRESS"] {
            configuration.adminAddress = try ServeCommand.hostAndPort(text, option: addressOption)
        }
        if let text = auditRetention.map(String.init) ?? environment["PASSKEYS_AUDIT_RETENTION"] {
            guard let days = Int(text), (1...3650).contains(days) else {
                throw ConfigurationError("\(retentionOption): expected 1 to 3650 days, found '\(text)'")
            }
            configuration.auditRetentionDays = days
        }
    }
}
