import ArgumentParser
import Foundation
import PasskeyServer

/// `passkeys serve`'s webhook options (docs/events.md): endpoints, each with its secret, and the retry schedule.
struct WebhookOptions: ParsableArguments {
    @Option(
        name: .customLong("webhook-url"),
        help: ArgumentHelp(
            "An endpoint events are POSTed to, signed as Standard Webhooks (https, or http to a loopback host; repeatable, each with a --webhook-secret-file).",
            valueName: "url")) var urls: [String] = []
    @Option(
        name: .customLong("webhook-secret-file"),
        help: ArgumentHelp(
            "A file holding the signing secret (whsec_…) of the --webhook-url in the same position; further lines sign too, during a rotation.",
            valueName: "file")) var secretFiles: [String] = []
    @Flag(
        name: .customLong("webhook-failures"),
        help: "Also report attacker-driven refusals (rate limits, unknown passkeys, wrong recovery codes), counted per minute (failures.summary).")
    var failures = false
    @Option(
        name: .customLong("webhook-retry-delay"),
        help: ArgumentHelp("Seconds before a failed delivery's first retry; each later retry waits twice as long (default 2).", valueName: "seconds"))
    var retryDelay: Double?
    @Option(
        name: .customLong("webhook-retry-max-delay"),
        help: ArgumentHelp("The longest wait between two retries, in seconds (default 300).", valueName: "seconds"))
    var retryMaxDelay: Double?
    @Option(
        name: .customLong("webhook-dead-after"),
        help: ArgumentHelp(
            "Seconds after its first failure an event is set aside as dead (counted in /metrics, replayed with passkeys events replay; default 259200, 3 days).",
            valueName: "seconds")) var deadAfter: Double?
    @Option(
        name: .customLong("webhook-failure-window"),
        help: ArgumentHelp("Seconds of failures one failures.summary counts (default 60; shorter for tests).", valueName: "seconds"))
    var failureWindow: Double?
    @Option(
        name: .customLong("webhook-timeout"), help: ArgumentHelp("Seconds one delivery attempt may take in all (default 15).", valueName: "seconds"))
    var timeout: Double?

    /// The webhooks these options and `environment` describe (flags win); nil when no endpoint is given.
    func configuration(_ environment: [String: String]) throws(ConfigurationError) -> WebhookConfiguration? {
        func list(_ key: String) -> [String] {
            (environment[key] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let urls = self.urls.isEmpty ? list("PASSKEYS_WEBHOOK_URLS") : self.urls
        let files = secretFiles.isEmpty ? list("PASSKEYS_WEBHOOK_SECRET_FILES") : secretFiles
        guard urls.count == files.count else {
            throw ConfigurationError(
                "--webhook-url and --webhook-secret-file come in pairs, one secret file per URL in the same order; found \(urls.count) URL(s) and \(files.count) secret file(s)"
            )
        }
        let failures = self.failures || ["1", "true"].contains(environment["PASSKEYS_WEBHOOK_FAILURES"]?.lowercased() ?? "")
        let extras = retryDelay ?? retryMaxDelay ?? deadAfter ?? timeout ?? failureWindow
        guard !urls.isEmpty else {
            if failures || extras != nil {
                throw ConfigurationError("--webhook-failures and --webhook-retry-…/--webhook-timeout need a --webhook-url")
            }
            return nil
        }
        var endpoints: [WebhookEndpoint] = []
        for (url, file) in zip(urls, files) { endpoints.append(try WebhookEndpoint(url: url, secretFile: file)) }
        func seconds(
            _ flag: Double?, _ key: String, _ name: String, default value: Double, range: ClosedRange<Double>
        ) throws(ConfigurationError) -> Duration {
            let text = flag.map { String($0) } ?? environment[key]
            guard let text else { return .milliseconds(Int64(value * 1000)) }
            guard let parsed = Double(text), range.contains(parsed) else {
                throw ConfigurationError("\(name): expected \(range.lowerBound) to \(range.upperBound) seconds, found '\(text)'")
            }
            return .milliseconds(Int64(parsed * 1000))
        }
        let retry = RetrySchedule(
            firstDelay: try seconds(retryDelay, "PASSKEYS_WEBHOOK_RETRY_DELAY", "--webhook-retry-delay", default: 2, range: 0.05...60),
            maximumDelay: try seconds(
                retryMaxDelay, "PASSKEYS_WEBHOOK_RETRY_MAX_DELAY", "--webhook-retry-max-delay", default: 300, range: 0.05...86_400),
            deadAfter: try seconds(deadAfter, "PASSKEYS_WEBHOOK_DEAD_AFTER", "--webhook-dead-after", default: 259_200, range: 1...2_592_000))
        guard retry.maximumDelay >= retry.firstDelay else {
            throw ConfigurationError(
                "--webhook-retry-max-delay: expected at least --webhook-retry-delay (\(retry.firstDelay)), found \(retry.maximumDelay)")
        }
        let configuration = WebhookConfiguration(
            endpoints: endpoints, reportFailures: failures, retry: retry,
            requestTimeout: try seconds(timeout, "PASSKEYS_WEBHOOK_TIMEOUT", "--webhook-timeout", default: 15, range: 0.1...60),
            failureWindow: try seconds(failureWindow, "PASSKEYS_WEBHOOK_FAILURE_WINDOW", "--webhook-failure-window", default: 60, range: 1...3600))
        try configuration.check()
        return configuration
    }
}
