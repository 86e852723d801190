import Crypto
import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Synchronization
import Testing

/// The threat "Username enumeration": `/assertion/options` answers an unknown username exactly like a known one.
@Suite("Attack: finding out who has an account")
struct EnumerationTests {
    @Test(
        "sign-up tells one client a name is taken five times, then answers 429 to taken and free names alike; free names and the owner's own cost nothing"
    )
    func takenNamesAreLimited() async throws {
        // The default options rate (20/s) so the taken-name budget, not the options limit, is what refuses. The budget
        // is the default's five, refilling once an hour instead of every ten seconds, so no refill can come between the
        // tries however slowly a loaded machine runs them (`defaultBudgets` pins the default's rate).
        var configuration = TestServer.configuration(Backend.sqlite.location(), rateLimit: 20)
        configuration.limits?.takenNameLimiter = RateLimiter(rate: 1.0 / 3600, burst: PasskeyRouteLimits.defaultTakenNameLimiter().burst)
        try await TestServer.withServer(configuration) { client in
            var owner = TestBrowser(origin: TestServer.origin)
            let taken = uniqueName("taken")
            let session = try await client.register(taken, browser: &owner)
            // Free names and the owner's own name, many times: no token is kept.
            for _ in 0..<8 {
                #expect(try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName("free"))])).ok)
                #expect(try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(taken)]), session: session).ok)
            }
            var takenAnswers = 0
            for _ in 0..<20 {
                let answer = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(taken)]))
                guard answer.code == "usernameTaken" else {
                    #expect(answer.status == .tooManyRequests && answer.code == "rateLimited", "\(answer.status) \(answer.errorMessage)")
                    break
                }
                takenAnswers += 1
            }
            #expect(takenAnswers == 5, "taken-name answers before the limit: \(takenAnswers)")
            for name in [uniqueName("free")] {
                let answer = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(name)]))
                #expect(answer.status == .tooManyRequests && answer.code == "rateLimited", "\(answer.status) \(answer.errorMessage)")
            }
        }
    }

    @Test("the default per-client budgets: options 20 a second (bursts of 40), failed results 5 (20), taken names one in 10 s (5)")
    func defaultBudgets() {
        let options = PasskeyRouteLimits.defaultOptionsLimiter()
        let failed = PasskeyRouteLimits.defaultFailedResultLimiter()
        let taken = PasskeyRouteLimits.defaultTakenNameLimiter()
        #expect(options.rate == 20 && options.burst == 40)
        #expect(failed.rate == 5 && failed.burst == 20)
        #expect(taken.rate == 0.1 && taken.burst == 5)
        // Five names at once, then one every ten seconds.
        for _ in 0..<5 { #expect(taken.allow("client", now: 500)) }
        #expect(!taken.allow("client", now: 509))
        #expect(taken.allow("client", now: 510.5))
        #expect(!taken.allow("client", now: 510.5))
    }

    @Test("an unknown username gets 200, the same members and stable, plausible allowCredentials", arguments: Backend.all)
    func sameAnswer(_ backend: Backend) async throws {
        let location = backend.location()
        let unknown = uniqueName("nobody")
        let firstAnswer = Mutex<JSONValue?>(nil)
        let knownName = uniqueName("somebody")
        try await TestServer.withServer(TestServer.configuration(location)) { client in
            var known = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(knownName, browser: &known)
            let real = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(knownName)]))
            let fake = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(unknown)]))
            #expect(real.status == .ok && fake.status == .ok)
            #expect(Set(real.object.keys) == Set(fake.object.keys))
            let descriptors = try #require(fake.object["allowCredentials"]?.arrayValue)
            #expect(!descriptors.isEmpty)
            for descriptor in descriptors {
                let object = try #require(descriptor.objectValue)
                #expect(object["type"] == .string("public-key"))
                let id = try Base64URL.decode(try #require(object["id"]?.stringValue))
                #expect((16...64).contains(id.count))
            }
            let again = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(unknown)]))
            #expect(again.object["allowCredentials"] == fake.object["allowCredentials"], "stable across calls")
            #expect(again.object["challenge"] != fake.object["challenge"])
            let other = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(uniqueName("nobody"))]))
            #expect(other.object["allowCredentials"] != fake.object["allowCredentials"], "derived from the username")
            firstAnswer.withLock { $0 = fake.object["allowCredentials"] }

            // Finishing: a stand-in ID fails exactly like any passkey that is not registered here.
            let standInID = try #require(descriptors.first?.objectValue?["id"]?.stringValue)
            var forged = try JSONParser.parseObject(
                try known.get(try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(knownName)])).object))
            forged["id"] = .string(standInID)
            forged["rawId"] = .string(standInID)
            let standInAnswer = try await client.call(.post, "/assertion/result", json: forged)
            var stranger = TestBrowser(origin: TestServer.origin)
            stranger.credentials.append(
                try stranger.authenticator.makeCredential(rpID: "localhost", userHandle: [1, 2, 3], clientDataHash: Array(repeating: 0, count: 32))
                    .credential)
            let unregistered = try await client.call(
                .post, "/assertion/result", bytes: try stranger.get(try await client.call(.post, "/assertion/options", json: JSONObject()).object))
            #expect(
                standInAnswer.status == unregistered.status && standInAnswer.errorMessage == unregistered.errorMessage
                    && standInAnswer.code == unregistered.code,
                "\(standInAnswer.errorMessage) vs \(unregistered.errorMessage)")
            // Real lists carry the same members as stand-ins (no transports, whose shape would differ).
            for descriptor in real.object["allowCredentials"]?.arrayValue ?? [] {
                #expect(descriptor.objectValue?.keys == ["type", "id"], "\(descriptor)")
            }
            #expect(descriptors.allSatisfy { $0.objectValue?.keys == ["type", "id"] })

            // Probing with a forged assertion: a real passkey's ID and a stand-in's get the same answer, whatever is
            // wrong with the assertion (a signature nobody made; an origin that is not ours).
            let realID = try #require(real.object["allowCredentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
            for origin in [TestServer.origin, "https://evil.example"] {
                var answers: [String] = []
                for (name, id) in [(knownName, realID), (unknown, standInID)] {
                    let options = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(name)]))
                    let challenge = try #require(options.object["challenge"]?.stringValue)
                    let clientData = Array(#"{"type":"webauthn.get","challenge":"\#(challenge)","origin":"\#(origin)"}"#.utf8)
                    var authData = Array(SHA256.hash(data: Array("localhost".utf8)))
                    authData += [0x05, 0, 0, 0, 99]
                    let probe = JSONObject([
                        "id": .string(id), "rawId": .string(id), "type": .string("public-key"),
                        "response": .object(
                            JSONObject([
                                "clientDataJSON": .string(Base64URL.encode(clientData)), "authenticatorData": .string(Base64URL.encode(authData)),
                                "signature": .string(Base64URL.encode(Array(repeating: 1, count: 70))),
                            ])),
                    ])
                    let answer = try await client.call(.post, "/assertion/result", json: probe)
                    answers.append("\(answer.status.code) \(answer.code ?? "") \(answer.errorMessage)")
                }
                #expect(answers[0] == answers[1], "\(origin): \(answers)")
            }

            // A real passkey of another account cannot finish the unknown name's sign-in either.
            let theirs = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(unknown)]))
            let crossed = try await client.call(.post, "/assertion/result", bytes: try known.get(theirs.object, credentialIndex: 0))
            #expect(crossed.status == .badRequest && crossed.object["session"] == nil)
        }
        // The secret behind the stand-ins is kept in the database: a restarted server answers the same.
        if backend == .sqlite {
            try await TestServer.withServer(TestServer.configuration(location)) { client in
                let fake = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(unknown)]))
                #expect(fake.object["allowCredentials"] == firstAnswer.withLock { $0 })
            }
        }
    }

    /// The Signal API: the `unknownCredential` answer names a credential ID, so a client can tell its
    /// platform to drop that passkey. It must be the one the request carried, and nothing else may differ between an
    /// ID that is not stored and a stored one whose assertion is forged.
    @Test("unknownCredential echoes only the submitted credential ID, alike for unstored and stored-but-forged IDs")
    func unknownCredentialEchoesTheSubmittedID() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var owner = TestBrowser(origin: TestServer.origin)
            let name = uniqueName("owner")
            _ = try await client.register(name, browser: &owner)
            func assertion() async throws -> JSONObject {
                let options = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(name)]))
                return try JSONParser.parseObject(try owner.get(options.object))
            }

            // A stored ID with a signature its key never made.
            var forged = try await assertion()
            let storedID = try #require(forged["id"]?.stringValue)
            var response = try #require(forged["response"]?.objectValue)
            var signature = try Base64URL.decode(try #require(response["signature"]?.stringValue))
            signature[signature.count - 1] ^= 0x01
            response["signature"] = .string(Base64URL.encode(signature))
            forged["response"] = .object(response)
            let storedAnswer = try await client.call(.post, "/assertion/result", json: forged)

            // An ID that is stored nowhere, on an otherwise genuine assertion.
            var unstored = try await assertion()
            let unstoredID = Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
            unstored["id"] = .string(unstoredID)
            unstored["rawId"] = .string(unstoredID)
            let unstoredAnswer = try await client.call(.post, "/assertion/result", json: unstored)

            for (answer, sent) in [(storedAnswer, storedID), (unstoredAnswer, unstoredID)] {
                #expect(answer.status == .badRequest && answer.code == "unknownCredential", "\(answer.errorMessage)")
                #expect(answer.object["credentialId"] == .string(sent), "the ID the request carried")
                #expect(Set(answer.object.keys) == ["status", "errorMessage", "code", "credentialId"])
            }
            var withoutID = [storedAnswer.object, unstoredAnswer.object]
            for index in withoutID.indices { withoutID[index]["credentialId"] = nil }
            #expect(withoutID[0] == withoutID[1], "apart from the echo, one answer")

            // Other refusals name no credential, even when the body carries an ID.
            let malformed = try await client.call(.post, "/assertion/result", json: JSONObject(["id": .string(storedID)]))
            #expect(malformed.status == .badRequest && malformed.object["credentialId"] == nil)
        }
    }

}
