import ArgumentParser
import Foundation
import PasskeyServer
import Testing

@testable import PasskeysCLI

/// `passkeys serve --admin-address` and `--audit-retention`, from flags and the environment.
@Suite("passkeys serve: the operator API's listener and the audit log's retention")
struct AdminOptionsTests {
    func resolve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServeCommand.parse(arguments).resolve(environment)
    }

    @Test("defaults: the operator API with the rest, entries kept 400 days; flags win over the environment")
    func values() throws {
        let defaults = try resolve([])
        #expect(defaults.adminAddress == nil && defaults.auditRetentionDays == 400)
        let flags = try resolve(["--admin-address", "10.0.0.5:9443", "--audit-retention", "30"])
        #expect(flags.adminAddress?.host == "10.0.0.5" && flags.adminAddress?.port == 9443 && flags.auditRetentionDays == 30)
        let environment = try resolve([], environment: ["PASSKEYS_ADMIN_ADDRESS": "[::1]:9443", "PASSKEYS_AUDIT_RETENTION": "3650"])
        #expect(environment.adminAddress?.host == "::1" && environment.auditRetentionDays == 3650)
        #expect(try resolve(["--audit-retention", "7"], environment: ["PASSKEYS_AUDIT_RETENTION": "90"]).auditRetentionDays == 7)
    }

    @Test("out-of-range or malformed values are refused naming the option or the variable that gave them")
    func refusals() throws {
        for (arguments, environment, named) in [
            (["--audit-retention", "0"], [String: String](), "--audit-retention"), (["--audit-retention", "3651"], [:], "--audit-retention"),
            ([], ["PASSKEYS_AUDIT_RETENTION": "forever"], "PASSKEYS_AUDIT_RETENTION"), (["--admin-address", "9443"], [:], "--admin-address"),
            ([], ["PASSKEYS_ADMIN_ADDRESS": ":9443"], "PASSKEYS_ADMIN_ADDRESS"),
        ] {
            do {
                _ = try resolve(arguments, environment: environment)
                Issue.record("\(arguments) \(environment) was accepted")
            } catch {
                #expect(String(describing: error).contains(named), "\(error)")
            }
        }
    }
}
