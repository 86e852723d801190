import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import PasskeyModel
import Testing

/// `AuthenticationResponse(json:)` reads the common shape of a response straight from its bytes
/// (`AuthenticationResponseScanner`) and everything else through the JSON parser. These tests hold the two paths to
/// one behaviour: whatever the scanner accepts, the parser path accepts with the same value; and the public decoder
/// accepts and refuses exactly what the parser path does, with the same errors.
@Suite("The response scanner and the JSON parser agree")
struct AuthenticationResponseScannerTests {
    typealias Outcome = Result<AuthenticationResponse, WebAuthnError>

    /// The general path alone: the JSON tree, then the typed members.
    static func general(_ bytes: [UInt8], _ strictness: Base64URL.Strictness) -> Outcome {
        Result { () throws(WebAuthnError) in
            try AuthenticationResponse(json: try JSONParser.parseObject(bytes, what: "AuthenticationResponseJSON"), strictness: strictness)
        }
    }

    static func same(_ a: AuthenticationResponse, _ b: AuthenticationResponse) -> Bool {
        a.id == b.id && a.rawID == b.rawID && a.clientDataJSON == b.clientDataJSON && a.authenticatorData == b.authenticatorData
            && a.signature == b.signature && a.userHandle == b.userHandle && a.authenticatorAttachment == b.authenticatorAttachment
            && a.clientExtensionResults == b.clientExtensionResults
    }

    static func same(_ a: Outcome, _ b: Outcome) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): same(x, y)
        case (.failure(let x), .failure(let y)): x == y
        default: false
        }
    }

    /// Checks one input under both strictness levels; true when the scanner read it.
    @discardableResult
    static func agree(_ input: [UInt8], _ note: @autoclosure () -> String = "") -> Bool {
        var scanned = false
        for strictness in [Base64URL.Strictness.strict, .lenient] {
            let general = general(input, strictness)
            if let fast = AuthenticationResponseScanner.scan(input, strictness: strictness) {
                scanned = true
                guard case .success(let expected) = general else {
                    Issue.record(
                        "the scanner accepted what the parser path refuses (\(general)): \(note()) \(String(decoding: input, as: UTF8.self))")
                    continue
                }
                #expect(same(fast, expected), "the two paths read different values: \(note()) \(String(decoding: input, as: UTF8.self))")
            }
            let decoded = Result { () throws(WebAuthnError) in try AuthenticationResponse(json: input, strictness: strictness) }
            #expect(same(decoded, general), "\(decoded) against \(general): \(note()) \(String(decoding: input, as: UTF8.self))")
        }
        return scanned
    }

    /// A sign-in response by the software authenticator, as the members a serializer would write.
    static func members(userHandle: String = "\"AQID\"") throws -> [(String, String)] {
        let authenticator = SoftwareAuthenticator()
        let made = try authenticator.makeCredential(rpID: "example.com", userHandle: [1, 2, 3], clientDataHash: [UInt8](repeating: 0, count: 32))
        var credential = made.credential
        let clientData = ClientDataBuilder.json(type: "webauthn.get", challenge: "c2lnbi1pbg", origin: "https://example.com")
        let (authData, signature) = try authenticator.getAssertion(&credential, clientDataHash: Array(SHA256.hash(data: clientData)))
        let id = "\"\(Base64URL.encode(credential.id))\""
        let response =
            "{\"clientDataJSON\":\"\(Base64URL.encode(clientData))\",\"authenticatorData\":\"\(Base64URL.encode(authData))\",\"signature\":\"\(Base64URL.encode(signature))\",\"userHandle\":\(userHandle)}"
        return [("id", id), ("rawId", id), ("type", "\"public-key\""), ("response", response), ("clientExtensionResults", "{}")]
    }

    static func object(_ members: [(String, String)], separator: String = ",", colon: String = ":") -> [UInt8] {
        Array(("{" + members.map { "\"\($0.0)\"\(colon)\($0.1)" }.joined(separator: separator) + "}").utf8)
    }

    /// Whitespace between every token (outside strings), as a pretty-printer writes it, with all four kinds.
    static func spaced(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x0D, 0x0A]
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                out += [0x20, 0x09, byte]
            } else {
                out += [0x20, 0x09, byte, 0x0A]
            }
        }
        return out
    }

    /// The `response` members of the real-device sign-ins in `../shared/vectors`, serialized compactly.
    static func vectorResponses() throws -> [(String, [UInt8])] {
        let directory =
            ProcessInfo.processInfo.environment["PASSKEYS_VECTORS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/vectors")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasPrefix("authentication-") && $0.hasSuffix(".json")
        }
        return try files.sorted().compactMap { file in
            let document = try JSONParser.parseObject(Array(try Data(contentsOf: directory.appendingPathComponent(file))))
            guard let response = document["response"], case .object = response else { return nil }
            return (file, Array(response.serialized().utf8))
        }
    }

    @Test("the common shapes are read by the scanner, compact or spaced, with the same value as the parser path")
    func commonShapes() throws {
        let members = try Self.members()
        var variants: [(String, [UInt8])] = [
            ("compact", Self.object(members)),
            ("spaced", Self.spaced(Self.object(members))),
            ("members reversed", Self.object(members.reversed())),
            ("no rawId", Self.object(members.filter { $0.0 != "rawId" })),
            ("no extension results", Self.object(members.filter { $0.0 != "clientExtensionResults" })),
            ("attachment", Self.object(members + [("authenticatorAttachment", "\"platform\"")])),
            ("attachment null", Self.object(members + [("authenticatorAttachment", "null")])),
            ("userHandle null", Self.object(try Self.members(userHandle: "null"))),
            ("userHandle empty", Self.object(try Self.members(userHandle: "\"\""))),
            ("empty extension results, spaced", Self.object(members.map { $0.0 == "clientExtensionResults" ? ($0.0, "{ \t\r\n}") : $0 })),
        ]
        var response = members[3].1
        response.removeSubrange(try #require(response.range(of: ",\"userHandle\":\"AQID\"")))
        variants.append(("no userHandle", Self.object(members.map { $0.0 == "response" ? ($0.0, response) : $0 })))
        for (name, bytes) in variants {
            #expect(AuthenticationResponseScanner.scan(bytes, strictness: .strict) != nil, "\(name) was left to the parser path")
            #expect(Self.agree(bytes, name), "\(name)")
        }
    }

    @Test("shapes the scanner leaves to the parser path are decoded or refused there, as before")
    func otherShapes() throws {
        let members = try Self.members()
        let id = members[0].1
        // The 32-byte ID is 43 characters, so one '=' is the padding that fits (lenient decoding takes it) and two do not.
        let badlyPadded = "\"\(String(id.dropFirst().dropLast()))==\""
        let cases: [(String, [UInt8])] = [
            ("a repeated member", Self.object(members + [("id", id)])),
            (
                "a repeated response member",
                Self.object(members.map { $0.0 == "response" ? ($0.0, $0.1.replacingOccurrences(of: "}", with: ",\"signature\":\"AA\"}")) : $0 })
            ),
            ("an unknown member", Self.object(members + [("extra", "1")])),
            (
                "an unknown response member",
                Self.object(
                    members.map { $0.0 == "response" ? ($0.0, $0.1.replacingOccurrences(of: "}", with: ",\"attestationObject\":\"AA\"}")) : $0 })
            ),
            ("extension outputs", Self.object(members.map { $0.0 == "clientExtensionResults" ? ($0.0, "{\"appid\":true}") : $0 })),
            ("the older extensions name", Self.object(members.map { $0.0 == "clientExtensionResults" ? ("getClientExtensionResults", $0.1) : $0 })),
            ("both extensions names", Self.object(members + [("getClientExtensionResults", "{}")])),
            ("an escaped member name", Self.object(members.map { $0.0 == "id" ? ("\\u0069d", $0.1) : $0 })),
            ("an escape in a value", Self.object(members.map { $0.0 == "type" ? ($0.0, "\"public\\u002dkey\"") : $0 })),
            ("another type", Self.object(members.map { $0.0 == "type" ? ($0.0, "\"public-key \"") : $0 })),
            ("type missing", Self.object(members.filter { $0.0 != "type" })),
            ("id missing", Self.object(members.filter { $0.0 != "id" })),
            ("response missing", Self.object(members.filter { $0.0 != "response" })),
            ("a number for id", Self.object(members.map { $0.0 == "id" ? ($0.0, "12") : $0 })),
            ("null for id", Self.object(members.map { $0.0 == "id" ? ($0.0, "null") : $0 })),
            ("a number for attachment", Self.object(members + [("authenticatorAttachment", "5")])),
            ("rawId with padding that does not fit", Self.object(members.map { $0.0 == "rawId" ? ($0.0, badlyPadded) : $0 })),
            ("a repeated rawId", Self.object(members + [("rawId", id)])),
            ("a repeated response", Self.object(members + [members[3]])),
            ("repeated extension results", Self.object(members + [members[4]])),
            ("a repeated attachment", Self.object(members + [("authenticatorAttachment", "null"), ("authenticatorAttachment", "null")])),
            ("a repeated userHandle", Self.object(try Self.members(userHandle: "null,\"userHandle\":null"))),
            ("a response member at the top", Self.object(members + [("signature", "\"AA\"")])),
            ("a near-miss name", Self.object(members.map { $0.0 == "id" ? ("ids", $0.1) : $0 })),
            ("a shorter name", Self.object(members.map { $0.0 == "type" ? ("typ", $0.1) : $0 })),
            ("a one-letter name", Self.object(members.map { $0.0 == "id" ? ("i", $0.1) : $0 })),
            ("a longer type", Self.object(members.map { $0.0 == "type" ? ($0.0, "\"public-keyX\"") : $0 })),
            ("rawId naming other bytes", Self.object(members.map { $0.0 == "rawId" ? ($0.0, "\"AQID\"") : $0 })),
            ("a userHandle not base64url", Self.object(try Self.members(userHandle: "\"A*B\""))),
            ("a userHandle of one character", Self.object(try Self.members(userHandle: "\"A\""))),
            ("non-ASCII in a value", Self.object(members + [("authenticatorAttachment", "\"plätform\"")])),
            ("a raw control character", Self.object(members + [("authenticatorAttachment", "\"a\u{01}b\"")])),
            ("a byte order mark", [0xEF, 0xBB, 0xBF] + Self.object(members)),
            ("trailing content", Self.object(members) + Array("{}".utf8)),
            ("an array", Array("[\(String(decoding: Self.object(members), as: UTF8.self))]".utf8)),
            ("nulll", Self.object(members + [("authenticatorAttachment", "nulll")])),
            ("a trailing comma", Array(String(decoding: Self.object(members), as: UTF8.self).replacingOccurrences(of: "{}}", with: "{},}").utf8)),
            ("empty", []),
            ("an empty object", Array("{}".utf8)),
        ]
        for (name, bytes) in cases {
            #expect(!Self.agree(bytes, name), "\(name) was read by the scanner")
        }
        // rawId spelled another way for the same bytes: lenient decoding takes the padding, strict refuses it.
        let padded = Self.object(members.map { $0.0 == "rawId" ? ($0.0, "\"\(String(id.dropFirst().dropLast()))=\"") : $0 })
        #expect(AuthenticationResponseScanner.scan(padded, strictness: .lenient) != nil)
        #expect(AuthenticationResponseScanner.scan(padded, strictness: .strict) == nil)
        #expect(Self.agree(padded, "rawId with the padding that fits"))
        // At the size limit the scanner reads it; one byte over, the parser path's `inputTooLarge`, however well formed.
        let compact = Self.object(members)
        let atLimit = compact + [UInt8](repeating: 0x20, count: 128 * 1024 - compact.count)
        #expect(AuthenticationResponseScanner.scan(atLimit, strictness: .strict) != nil)
        #expect(Self.agree(atLimit, "at the size limit"))
        let over = atLimit + [0x20]
        #expect(AuthenticationResponseScanner.scan(over, strictness: .strict) == nil)
        do {
            _ = try AuthenticationResponse(json: over)
            Issue.record("a response over the size limit was decoded")
        } catch {
            #expect(error.code == .inputTooLarge, "\(error)")
        }
    }

    @Test("a byte that ends the plain run at each offset of a word: DEL is read, escapes, controls and non-ASCII are left")
    func wordOffsets() throws {
        let members = try Self.members()
        for offset in 0..<17 {
            for (inserted, scanned) in [("\u{7F}", true), ("\\n", false), ("\u{1F}", false), ("é", false), ("\\\"", false)] {
                let text = String(repeating: "a", count: offset) + inserted + String(repeating: "b", count: 20)
                let bytes = Self.object(members + [("authenticatorAttachment", "\"\(text)\"")])
                let read = Self.agree(bytes, "offset \(offset)")
                #expect(read == scanned, "\(inserted.unicodeScalars.map { $0.value }) at offset \(offset)")
            }
            // A lone byte that is not UTF-8 on its own.
            var bytes = Self.object(members + [("authenticatorAttachment", "\"\(String(repeating: "a", count: offset))#bbbbbbbbbbbbbbbbbbbb\"")])
            if let mark = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes[mark] = 0x80 }
            #expect(!Self.agree(bytes, "0x80 at offset \(offset)"))
        }
    }

    @Test("truncations at 200 points and 600 mutations of each real and generated response: the two paths agree")
    func mutations() throws {
        var seeds = [("software authenticator", Self.object(try Self.members()))]
        seeds.append(("software authenticator, spaced", Self.spaced(seeds[0].1)))
        let vectors = try Self.vectorResponses()
        if vectors.isEmpty { print("no ../shared/vectors here: mutating generated responses only") }
        seeds += vectors
        // Bytes that change the structure, the string rules or the base64url alphabet.
        let interesting = Array("\"\\{}[],: \t\r\nnul0-+/=_AZaz".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        var rng = SeededGenerator(state: 0x5CA9)
        var scanned = 0
        for (name, seed) in seeds {
            #expect(Self.agree(seed, name))
            for cut in stride(from: 0, to: seed.count, by: max(1, seed.count / 200)) { Self.agree(Array(seed[..<cut]), "\(name) cut at \(cut)") }
            for _ in 0..<600 {
                var input = seed
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let position = Int.random(in: 0..<input.count, using: &rng)
                    let byte = interesting.randomElement(using: &rng) ?? 0
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: input[position] = byte
                    case 1: input.insert(byte, at: position)
                    default: input.remove(at: position)
                    }
                    if input.isEmpty { break }
                }
                if Self.agree(input, "\(name) mutated") { scanned += 1 }
            }
        }
        // Some mutations keep the common shape (a changed base64url character, a space between tokens); were none
        // read by the scanner, this test would no longer be checking it.
        #expect(scanned > 20, "\(scanned) mutated responses were read by the scanner")
    }
}
