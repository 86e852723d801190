import Crypto
import Foundation
import PasskeyCore
import Testing
import X509

/// `android-safetynet` (§8.5) with a JWS signed here by a certificate issued to attest.android.com.
@Suite("android-safetynet attestation (§8.5)")
struct SafetyNetAttestationTests {
    struct Knobs {
        var hostname = "attest.android.com"
        var wrongNonce = false
        var ctsProfileMatch = true
        var timestamp = TestCA.now
        var corruptSignature = false
    }

    static func base64URL(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }

    static func registration(_ k: Knobs = Knobs()) throws -> (Fixtures.Registration, TestCA) {
        let ca = try TestCA("Test SafetyNet Root")
        let signingKey = P256.Signing.PrivateKey()
        let leaf = try ca.issue(.init(signingKey.publicKey), subject: try DistinguishedName { CommonName(k.hostname) })
        var r = Fixtures.Registration()
        r.format = "android-safetynet"
        r.statement = { authData, hash in
            var nonce = Data(SHA256.hash(data: authData + hash)).base64EncodedString()
            if k.wrongNonce { nonce = Data(repeating: 1, count: 32).base64EncodedString() }
            let header = #"{"alg":"ES256","x5c":["\#(Data(try Fixtures.der(leaf)).base64EncodedString())"]}"#
            let payload =
                #"{"nonce":"\#(nonce)","timestampMs":\#(Int64(k.timestamp.timeIntervalSince1970 * 1000)),"apkPackageName":"com.google.android.gms","ctsProfileMatch":\#(k.ctsProfileMatch),"basicIntegrity":true}"#
            let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(payload.utf8))
            var signature = Array(try signingKey.signature(for: Array(input.utf8)).rawRepresentation)
            if k.corruptSignature { signature[0] ^= 1 }
            let jws = input + "." + base64URL(signature)
            return [CBORPair(.text("ver"), .text("242413037")), CBORPair(.text("response"), .bytes(Array(jws.utf8)))]
        }
        return (r, ca)
    }

    @Test("a valid SafetyNet attestation is Basic and chains to its root; GlobalSign roots are built in")
    func valid() async throws {
        let (r, ca) = try Self.registration()
        let result = try await verifyAttestation(r, anchors: [ca.certificate], requireTrusted: true)
        #expect(result.format == "android-safetynet" && result.attestationType == .basic && result.trusted)
        #expect(SafetyNetAttestation().builtInRoots.count == 2)
    }

    @Test("JWS signature, nonce, hostname, ctsProfileMatch and timestampMs are each checked")
    func negatives() async throws {
        await expectAttestationFailure(.invalidSignature, try Self.registration(Knobs(corruptSignature: true)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(wrongNonce: true)))
        await expectAttestationFailure(.certificateInvalid, try Self.registration(Knobs(hostname: "attest.example.com")))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(ctsProfileMatch: false)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(timestamp: TestCA.now.addingTimeInterval(-120))))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(timestamp: TestCA.now.addingTimeInterval(120))))
    }

    @Test("ctsProfileMatch and the freshness window follow the policy")
    func policy() async throws {
        let (basicOnly, ca) = try Self.registration(Knobs(ctsProfileMatch: false, timestamp: TestCA.now.addingTimeInterval(-3600)))
        let lenient = AttestationFormats.standard(safetyNet: SafetyNetAttestation(requireCTSProfileMatch: false, maximumAge: nil))
        let result = try await verifyAttestation(basicOnly, anchors: [ca.certificate], formats: lenient)
        #expect(result.format == "android-safetynet")
    }

    @Test("malformed JWS text is refused with a typed error")
    func malformed() throws {
        for text in ["", "a.b", "a.b.c.d", "!!.e30.e30", "e30.e30.e30"] {
            #expect(throws: WebAuthnError.self) { try JWS(compact: Array(text.utf8), code: .invalidAttestationStatement, context: "test") }
        }
    }
}
