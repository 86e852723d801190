import ArgumentParser
import Foundation
import PasskeyServer
import Testing

@testable import PasskeysCLI

/// `passkeys serve`'s webhook options (docs/reference/cli.md): pairs of URL and secret file, from flags or
/// the environment, and every way to get them wrong refused at start with words.
@Suite("passkeys serve: webhook options")
struct WebhookOptionsTests {
    static func secretFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-secret-\(UUID().uuidString)").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func resolve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServeCommand.parse(arguments).resolve(environment)
    }

    /// The usage error's text, which names what was expected.
    func refusal(_ arguments: [String], environment: [String: String] = [:]) -> String {
        do {
            _ = try resolve(arguments, environment: environment)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("pairs from flags or variables; the defaults; a short schedule for tests")
    func pairs() throws {
        let (one, two) = (try Self.secretFile(WebhookSecret.generate() + "\n"), try Self.secretFile(WebhookSecret.generate()))
        #expect(try resolve([]).webhooks == nil)
        let flags = try #require(
            try resolve([
                "--webhook-url", "https://app.example.com/hooks", "--webhook-secret-file", one, "--webhook-url", "http://127.0.0.1:9000/h",
                "--webhook-secret-file", two,
            ]).webhooks)
        #expect(flags.endpoints.map(\.url) == ["https://app.example.com/hooks", "http://127.0.0.1:9000/h"])
        #expect(flags.retry == RetrySchedule() && !flags.reportFailures && flags.requestTimeout == .seconds(15))
        let environment = [
            "PASSKEYS_WEBHOOK_URLS": "https://a.example.com/h, https://b.example.com/h", "PASSKEYS_WEBHOOK_SECRET_FILES": "\(one),\(two)",
            "PASSKEYS_WEBHOOK_FAILURES": "1", "PASSKEYS_WEBHOOK_RETRY_DELAY": "0.2", "PASSKEYS_WEBHOOK_RETRY_MAX_DELAY": "1",
        ]
        let variables = try #require(try resolve([], environment: environment).webhooks)
        #expect(variables.endpoints.count == 2 && variables.reportFailures)
        #expect(variables.retry.firstDelay == .milliseconds(200) && variables.retry.maximumDelay == .seconds(1))
    }

    @Test("refused at start: an unpaired flag, a missing or malformed secret, plain http to another host, a URL twice")
    func refusals() throws {
        let good = try Self.secretFile(WebhookSecret.generate())
        let url = "https://app.example.com/hooks"
        let cases: [([String], String)] = [
            (["--webhook-url", url], "pairs"),
            (["--webhook-secret-file", good], "pairs"),
            (["--webhook-url", url, "--webhook-secret-file", "/nonexistent/secret"], "cannot read"),
            (["--webhook-url", url, "--webhook-secret-file", try Self.secretFile("")], "empty"),
            (["--webhook-url", url, "--webhook-secret-file", try Self.secretFile("hunter2")], "whsec_"),
            (["--webhook-url", url, "--webhook-secret-file", try Self.secretFile("whsec_c2hvcnQ=")], "24 to 64 bytes"),
            (["--webhook-url", "http://app.example.com/hooks", "--webhook-secret-file", good], "https"),
            (["--webhook-url", url, "--webhook-secret-file", good, "--webhook-url", url, "--webhook-secret-file", good], "twice"),
            (["--webhook-failures"], "need a --webhook-url"),
            (["--webhook-url", url, "--webhook-secret-file", good, "--webhook-retry-delay", "0"], "--webhook-retry-delay"),
            (["--webhook-url", url, "--webhook-secret-file", good, "--webhook-retry-delay", "5", "--webhook-retry-max-delay", "1"], "at least"),
        ]
        for (arguments, words) in cases {
            let text = refusal(arguments)
            #expect(text.contains(words), "\(arguments): \(text)")
        }
        #expect(refusal([], environment: ["PASSKEYS_WEBHOOK_URLS": url]).contains("pairs"))
    }
}
