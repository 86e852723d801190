import PasskeyCore
import PasskeyRelyingParty
import Testing

/// Which credential algorithms a relying party offers, by default and as an operator lists them.
@Suite("Offered credential algorithms")
struct AlgorithmConfigurationTests {
    @Test("by default the classical algorithms come first, then ML-DSA-65 and ML-DSA-87")
    func defaults() {
        let configuration = RelyingPartyConfiguration(rpID: "example.com", rpName: "Example", origins: ["https://example.com"])
        #expect(configuration.algorithms.map(\.rawValue) == [-7, -8, -257, -37, -49, -50])
    }

    @Test("an operator's list is read by name or number, in the operator's order")
    func operatorOrder() throws {
        let chosen = try RelyingPartyConfiguration.algorithms(parsing: ["ml-dsa-87", "-49", " ES256 "], field: "--algorithm")
        #expect(chosen == [.mlDSA87, .mlDSA65, .es256])
    }

    @Test("ML-DSA-44, RS1, unknown names, repeats and an empty list are refused, each saying why")
    func refusals() {
        let cases: [([String], WebAuthnError.Code, String)] = [
            (["ML-DSA-44"], .unsupportedAlgorithm, "--algorithm: ML-DSA-44 (-48) is not supported: swift-crypto"),
            (["-48"], .unsupportedAlgorithm, "--algorithm: ML-DSA-44 (-48) is not supported: swift-crypto"),
            (["RS1"], .unsupportedAlgorithm, "--algorithm: RS1 (-65535) is for TPM attestation statements only"),
            (["ES999"], .unsupportedAlgorithm, "--algorithm: expected one of ES256,"),
            (["ES256", "-7"], .malformedInput, "--algorithm: expected each algorithm once, found ES256 (-7) twice"),
            ([], .unsupportedAlgorithm, "--algorithm: expected at least one algorithm, found none"),
        ]
        for (names, code, prefix) in cases {
            do {
                _ = try RelyingPartyConfiguration.algorithms(parsing: names, field: "--algorithm")
                Issue.record("expected \(names) to be refused")
            } catch {
                #expect(error.code == code)
                #expect(error.message.hasPrefix(prefix), "\(error.message)")
            }
        }
    }
}
