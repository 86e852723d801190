import Crypto
import PasskeyAuthenticator
import PasskeyCore
import Testing

/// SplitMix64: small, fast and reproducible, so a failing input can be regenerated from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Every decoder, fed random, truncated and mutated bytes, must return a value or throw a `WebAuthnError`:
/// never trap, never hang. The counts are bounded so the suite stays fast.
@Suite("Decoders under random input")
struct DecoderPropertyTests {
    typealias Decoder = @Sendable ([UInt8]) throws -> Void

    static let decoders: [(String, Decoder)] = [
        ("CBOR", { _ = try CBORDecoder.decode($0) }),
        ("CBOR canonical", { _ = try CBORDecoder.decode($0, options: .init(requireCanonical: true)) }),
        ("JSON", { _ = try JSONParser.parse($0) }),
        ("base64url", { _ = try Base64URL.decode(String(decoding: $0, as: UTF8.self)) }),
        ("base64url lenient", { _ = try Base64URL.decode(String(decoding: $0, as: UTF8.self), strictness: .lenient) }),
        ("COSE key", { _ = try CredentialPublicKey(coseBytes: $0) }),
        ("authenticator data", { _ = try AuthenticatorData(bytes: $0) }),
        ("client data", { _ = try CollectedClientData(bytes: $0) }),
        ("attestation object", { _ = try AttestationObject(bytes: $0) }),
        ("registration JSON", { _ = try RegistrationResponse(json: $0) }),
        ("authentication JSON", { _ = try AuthenticationResponse(json: $0) }),
    ]

    /// Valid inputs to mutate, so mutations reach deep into each format.
    static func seeds() throws -> [[UInt8]] {
        let authenticator = SoftwareAuthenticator(attestation: .packedSelf)
        let made = try authenticator.makeCredential(rpID: "example.com", userHandle: [1], clientDataHash: Array(repeating: 0, count: 32))
        let authData = AuthenticatorDataBuilder.build(
            rpID: "example.com", flags: [.userPresent], signCount: 3,
            attestedCredential: (.zero, [1, 2, 3], try made.credential.privateKey.coseKey()),
            extensions: .map([CBORPair(.text("credProtect"), .int(1))]))
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: "abc", origin: "https://example.com")
        let registration =
            #"{"id":"AQID","rawId":"AQID","type":"public-key","response":{"clientDataJSON":"\#(Base64URL.encode(clientData))","attestationObject":"\#(Base64URL.encode(made.attestationObject))","transports":["usb"]},"clientExtensionResults":{}}"#
        return [
            made.attestationObject, authData, clientData, try made.credential.privateKey.coseKey(), Array(registration.utf8),
            Array(Base64URL.encode(authData).utf8),
        ]
    }

    func survive(_ name: String, _ decode: Decoder, _ input: [UInt8]) {
        do {
            try decode(input)
        } catch is WebAuthnError {
            // A typed refusal is the expected outcome for most inputs.
        } catch {
            Issue.record("\(name) threw an untyped error \(error) for \(Hex.encode(input))")
        }
    }

    @Test("random bytes", arguments: 0..<decoders.count)
    func randomBytes(_ index: Int) {
        let (name, decode) = Self.decoders[index]
        var rng = SeededGenerator(state: UInt64(index) &* 7919)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...96, using: &rng)
            let input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            survive(name, decode, input)
        }
    }

    @Test("every truncation and random mutations of valid inputs", arguments: 0..<decoders.count)
    func mutations(_ index: Int) throws {
        let (name, decode) = Self.decoders[index]
        var rng = SeededGenerator(state: 0xC0FFEE &+ UInt64(index))
        for seed in try Self.seeds() {
            for cut in 0..<seed.count { survive(name, decode, Array(seed[..<cut])) }
            for _ in 0..<400 {
                var input = seed
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let position = Int.random(in: 0..<input.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: input[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
                    case 1: input[position] = UInt8.random(in: 0...255, using: &rng)
                    default: input.insert(UInt8.random(in: 0...255, using: &rng), at: position)
                    }
                }
                survive(name, decode, input)
            }
        }
    }

    @Test("deep nesting is refused, not recursed into")
    func deepNesting() {
        survive("CBOR", Self.decoders[0].1, [UInt8](repeating: 0x81, count: 100_000))
        survive("JSON", Self.decoders[2].1, Array(String(repeating: "[", count: 100_000).utf8))
        survive("CBOR tags", Self.decoders[0].1, [UInt8](repeating: 0xC1, count: 100_000))
    }

    @Test("full verification of mutated registrations never traps")
    func verifierUnderMutation() async throws {
        let verifier = RegistrationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: ["https://example.com"]))
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: "abc", origin: "https://example.com")
        let made = try SoftwareAuthenticator(attestation: .packedSelf).makeCredential(
            rpID: "example.com", userHandle: [1], clientDataHash: Array(SHA256.hash(data: clientData)))
        var rng = SeededGenerator(state: 42)
        var accepted = 0
        for round in 0..<600 {
            var object = made.attestationObject
            if round > 0 {
                let position = Int.random(in: 0..<object.count, using: &rng)
                object[position] ^= UInt8.random(in: 1...255, using: &rng)
            }
            let response = RegistrationResponse(rawID: made.credential.id, clientDataJSON: clientData, attestationObject: object)
            do {
                _ = try await verifier.verify(response, challenge: Challenge(base64URL: "abc"))
                accepted += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        // The untouched input verifies; single-byte corruptions almost never do (a flip in an unsigned spot can).
        #expect(accepted >= 1)
        #expect(accepted < 60)
    }
}
