import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// The sign-in path runs a small, fixed number of SQL statements, counted by the database itself
/// (`passkeys_sql_statements_total` in /metrics). Not a timing: a count that only changes when the code does.
@Suite("SQL statements per ceremony")
struct SignInStatementsTests {
    /// The most statements one sign-in (options + result) may run. SQLite: the user with credentials, the credential
    /// with its owner (on the store's own reader connections, which skip GRDB's per-read `PRAGMA schema_version`),
    /// and one transaction (BEGIN, conditional UPDATE, session INSERT, COMMIT); ceremonies are in memory.
    /// PostgreSQL: one statement that reads the user with credentials and inserts the ceremony
    /// (``AccountReadingCeremonyStore``), one that claims the ceremony and reads the credential with its
    /// owner (``CredentialReadingCeremonyStore``), and one that updates the counter and inserts the session.
    /// The audit entry is one INSERT more in the SQLite transaction; on PostgreSQL it is a part of the
    /// one statement (`new_audit`).
    static let signInBudget: [Backend: Int] = [.sqlite: 7, .postgres: 3]
    /// A registration: on SQLite the username lookup, then one transaction (BEGIN, user, credential, session, the new
    /// account's recovery-code hashes in one INSERT, COMMIT); on PostgreSQL the ceremony's INSERT, which
    /// also checks the name (``NameCheckingCeremonyStore``), its claim, and one statement that writes the user,
    /// credential, session and recovery-code hashes. The credential ID is not looked up first (WebAuthn L3
    /// §7.1 step 26): the write refuses a stored ID (``CredentialIDRefusingAccounts``;
    /// AccountTakeoverTests.reusedCredentialID performs the attack).
    /// The audit entry: one INSERT more in the SQLite transaction, a part of the one statement on PostgreSQL.
    static let registrationBudget: [Backend: Int] = [.sqlite: 8, .postgres: 3]

    /// The count once nothing else runs statements: the expiry purger's first pass runs at start-up beside the
    /// requests, and must not land inside a measured ceremony. Two reads 200 ms apart that agree, at most 5 s.
    static func settledStatements(_ client: some TestClientProtocol) async throws -> Int {
        var last = try await statements(client)
        for _ in 0..<25 {
            try await Task.sleep(for: .milliseconds(200))
            let now = try await statements(client)
            if now == last { return now }
            last = now
        }
        return last
    }

    static func statements(_ client: some TestClientProtocol) async throws -> Int {
        let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("passkeys_sql_statements_total ") })
        return try #require(Int(line.split(separator: " ").last ?? ""))
    }

    @Test("one registration and one sign-in each run at most their budget of statements", arguments: Backend.all)
    func budget(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("count")
            try await Self.warmUp(client)
            let beforeRegistration = try await Self.settledStatements(client)
            _ = try await client.register(username, browser: &browser)
            let registration = try await Self.statements(client) - beforeRegistration
            #expect(registration <= Self.registrationBudget[backend] ?? 0, "registration ran \(registration) statements")

            let before = try await Self.statements(client)
            #expect(try await client.signIn(username, browser: &browser).ok)
            let signIn = try await Self.statements(client) - before
            #expect(signIn <= Self.signInBudget[backend] ?? 0, "sign-in ran \(signIn) statements")
            #expect(signIn >= 3, "the count is real: a sign-in reads the credential and writes the counter and session")
        }
    }

    /// Runs what happens once at start and is not part of a ceremony: the stand-in and recovery-code secrets are
    /// read or made on first use, and the expiry purger's first pass runs beside the first requests.
    static func warmUp(_ client: some TestClientProtocol) async throws {
        _ = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(uniqueName("nobody"))]))
        _ = try await client.call(
            .post, "/recovery", json: JSONObject(["username": .string(uniqueName("nobody")), "code": .string("0000-0000-0000-0000")]))
    }

    /// The statements sign-in options run for a name, counted the same way, and the credential IDs they list.
    static func optionsStatements(_ client: some TestClientProtocol, for name: String) async throws -> (count: Int, allowed: JSONValue?) {
        let before = try await statements(client)
        let answer = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(name)]))
        #expect(answer.status == .ok)
        return (try await statements(client) - before, answer.object["allowCredentials"])
    }

    /// The attack: time sign-in options for many names and keep those that answer slower, since a name without an
    /// account used to cost one more read (the exact name, then its key): on PostgreSQL a round trip. The answers
    /// already look alike (stand-ins); the work must too.
    @Test("sign-in options run the same statements for a name with an account, one without, and a look-alike of either", arguments: Backend.all)
    func optionsAlikeForEveryName(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            try await Self.warmUp(client)
            let username = uniqueName("alike")
            _ = try await client.register(username, browser: &browser)
            _ = try await Self.settledStatements(client)
            let (withAccount, listed) = try await Self.optionsStatements(client, for: username)
            let (lookAlike, listedForLookAlike) = try await Self.optionsStatements(client, for: username.uppercased())
            let (without, _) = try await Self.optionsStatements(client, for: uniqueName("nobody"))
            #expect(listed != nil && listedForLookAlike == listed, "the look-alike finds the account's passkey")
            // PostgreSQL: one statement reads the account and stores the ceremony; SQLite: one read (its ceremonies
            // are in memory).
            #expect(withAccount == 1, "one statement for the options: found \(withAccount)")
            #expect(lookAlike == withAccount && without == withAccount, "account \(withAccount), look-alike \(lookAlike), none \(without)")
        }
    }

    /// The statements one wrong recovery attempt runs for `name`, counted the same way.
    static func recoveryStatements(_ client: some TestClientProtocol, for name: String, code: String) async throws -> Int {
        let before = try await statements(client)
        let answer = try await client.call(.post, "/recovery", json: JSONObject(["username": .string(name), "code": .string(code)]))
        #expect(answer.status == .badRequest && answer.code == "invalidRecoveryCode", "\(answer.status) \(answer.object)")
        return try await statements(client) - before
    }

    /// The attack: time `POST /recovery` with a wrong code for many names and keep those that answer
    /// slower, since a name with an account used to read its ten hashes and compare them. The answer is the same for
    /// every name; the statements must be too (and `RecoveryTimingBenchmark` measures the time).
    @Test("a wrong recovery code runs the same statements for a name with an account, a look-alike and an unknown name", arguments: Backend.all)
    func recoveryAlikeForEveryName(_ backend: Backend) async throws {
        // A database of its own: on PostgreSQL the per-client recovery budget is shared with every server on the
        // database, and other suites try codes from this loopback address at the same time.
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            try await Self.warmUp(client)
            let username = uniqueName("recover")
            _ = try await client.register(username, browser: &browser)
            _ = try await Self.settledStatements(client)
            let wrong = "0000-0000-0000-0000"
            let withAccount = try await Self.recoveryStatements(client, for: username, code: wrong)
            let lookAlike = try await Self.recoveryStatements(client, for: username.uppercased(), code: wrong)
            let without = try await Self.recoveryStatements(client, for: uniqueName("nobody"), code: wrong)
            let notACode = try await Self.recoveryStatements(client, for: username, code: "not a code")
            // On PostgreSQL the per-client and per-name recovery budgets are kept in the database: one
            // statement each (bursts of 10 and 5 lease one token at a time), the same for every name.
            let expected = backend == .postgres ? 3 : 1
            #expect(
                withAccount == expected,
                "the name and the code's hash looked up together in one statement, and the budgets; found \(withAccount)")
            #expect(
                lookAlike == withAccount && without == withAccount && notACode == withAccount,
                "account \(withAccount), look-alike \(lookAlike), none \(without), not a code \(notACode)")
        }
    }
}
