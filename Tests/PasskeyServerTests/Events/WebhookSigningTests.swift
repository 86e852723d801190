import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The signature scheme, secrets and endpoints of Standard Webhooks, and the retry schedule.
@Suite("Webhooks: signatures, secrets, endpoints, retries")
struct WebhookSigningTests {
    /// The Standard Webhooks project's own published vector (its Python library's `test_sign_function`, the same in its
    /// Go and JavaScript libraries): made by an implementation that is not ours.
    @Test("a signature matches the Standard Webhooks reference libraries' published vector")
    func referenceVector() throws {
        let secret = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", source: "test")
        let signature = secret.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: #"{"test": 2432232314}"#)
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        // Any other id, time or body signs differently.
        #expect(secret.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_331, body: #"{"test": 2432232314}"#) != signature)
    }

    @Test("a secret is whsec_ and standard base64 of 24 to 64 bytes; anything else is refused at start with words")
    func secrets() throws {
        let generated = WebhookSecret.generate()
        #expect(generated.hasPrefix("whsec_"))
        _ = try WebhookSecret(parsing: generated, source: "test")
        // Unpadded is accepted, as the reference libraries accept it.
        _ = try WebhookSecret(parsing: generated.replacingOccurrences(of: "=", with: ""), source: "test")
        let bad: [(String, String)] = [
            ("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "prefix"),
            ("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2La-aS_", "standard base64"),
            ("whsec_" + Data(repeating: 1, count: 23).base64EncodedString(), "24 to 64 bytes"),
            ("whsec_" + Data(repeating: 1, count: 65).base64EncodedString(), "24 to 64 bytes"),
        ]
        for (text, words) in bad {
            let error = #expect(throws: ConfigurationError.self) { try WebhookSecret(parsing: text, source: "secret.txt") }
            let description = error?.description ?? ""
            #expect(description.contains(words) && description.contains("secret.txt"), "\(description)")
            #expect(!description.contains(String(text.dropFirst(6))), "the error never shows the secret")
        }
    }

    @Test("an endpoint is https, or http to a loopback host, without credentials in its URL")
    func endpoints() throws {
        for good in ["https://app.example.com/hooks", "http://127.0.0.1:9000/h", "http://localhost/h", "http://[::1]:8080/h"] {
            try WebhookEndpoint.check(good)
        }
        for (bad, words) in [
            ("http://app.example.com/hooks", "https"), ("ftp://example.com", "https"), ("https://user:pw@example.com/h", "no user or password"),
            ("/relative", "absolute"), ("https://example.com/h#x", "fragment"), ("http://127.0.0.1.example.com/", "https"),
        ] {
            let error = #expect(throws: ConfigurationError.self) { try WebhookEndpoint.check(bad) }
            #expect(error?.description.contains(words) == true, "\(bad): \(error?.description ?? "")")
        }
        let endpoint = try WebhookEndpoint(
            url: "https://app.example.com/hooks?token=abc", secrets: [try WebhookSecret(parsing: WebhookSecret.generate(), source: "t")])
        #expect(endpoint.label == "https://app.example.com/hooks", "a query stays out of logs and metric labels")
        let twice = WebhookConfiguration(endpoints: [endpoint, endpoint])
        #expect(throws: ConfigurationError.self) { try twice.check() }
    }

    @Test("retries: the first within 5 s, doubling, never more than 5 minutes apart")
    func schedule() {
        let schedule = RetrySchedule()
        #expect(schedule.delay(afterAttempt: 1) == .seconds(2))
        #expect(schedule.delay(afterAttempt: 2) == .seconds(4))
        #expect(schedule.delay(afterAttempt: 8) == .seconds(256))
        #expect(schedule.delay(afterAttempt: 9) == .seconds(300))
        #expect(schedule.delay(afterAttempt: 10_000) == .seconds(300))
        for attempt in 1...50 {
            let jittered = schedule.jitteredMilliseconds(afterAttempt: attempt)
            let base = RetrySchedule.milliseconds(schedule.delay(afterAttempt: attempt))
            #expect(jittered >= base && jittered <= base + base / 10)
        }
        #expect(RetrySchedule.milliseconds(schedule.firstDelay) + RetrySchedule.milliseconds(schedule.firstDelay) / 10 <= 5000)
    }

    @Test("a session's sid is stable, names its session only through the key, and never holds the token hash")
    func sessionIdentifiers() throws {
        let identifiers = SessionIdentifiers(key: Array(repeating: 7, count: 32))
        let hash = Hex.encode(Array(repeating: UInt8(0xAB), count: 32))
        let sid = try identifiers.identifier(tokenHash: hash)
        #expect(try identifiers.identifier(tokenHash: hash) == sid)
        #expect(try identifiers.tokenHash(identifier: sid) == hash)
        #expect(!sid.contains(hash) && sid.utf8.count == 64)
        let other = SessionIdentifiers(key: Array(repeating: 8, count: 32))
        #expect(try other.identifier(tokenHash: hash) != sid)
        #expect(throws: SessionIdentifierInvalid.self) { try other.tokenHash(identifier: sid) }
    }

    @Test("failures are counted per minute in bounded memory, and only the attacker-driven codes")
    func failureCounter() throws {
        let counter = FailureCounter()
        #expect(counter.drain(now: 0) == nil)
        for index in 0..<(FailureCounter.clientLimit + 500) {
            counter.count(code: "rateLimited", client: "10.0.\(index / 256).\(index % 256)", now: 1)
        }
        counter.count(code: "usernameTaken", client: "10.9.9.9", now: 1)
        counter.count(code: "unknownCredential", client: "10.0.0.0", now: 2)
        let data = try #require(counter.drain(now: 60_000))
        let object = JSONObject(data)
        #expect(object["counts"] == .object(JSONObject(["rateLimited": JSONValue(Int64(1500)), "unknownCredential": JSONValue(Int64(1))])))
        #expect(object["clients"]?.arrayValue?.count == FailureCounter.clientsReported)
        #expect(object["otherClientsCount"] == JSONValue(Int64(1501 - 11)))
        #expect(counter.drain(now: 60_001) == nil, "a new minute starts empty")
    }
}
