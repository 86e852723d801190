import Crypto
public import Foundation
public import X509

/// The `android-safetynet` attestation statement format (WebAuthn L3 §8.5): `{ver, response}`, where `response`
/// is a SafetyNet Attestation API JWS signed by Google for `attest.android.com`.
///
/// Google shut the SafetyNet Attestation API down in 2025; the format is still verified so credentials
/// registered with it, and captured responses, can be checked.
public struct SafetyNetAttestation: AttestationStatementVerifier {
    public let format = "android-safetynet"
    /// Require `ctsProfileMatch: true` (Google's checks of a SafetyNet response, which §8.5 steps 2 and 4 refer to).
    /// Off accepts a device that passes only `basicIntegrity`.
    public let requireCTSProfileMatch: Bool
    /// How old `timestampMs` may be at verification time; nil skips the check (captured responses).
    public let maximumAge: TimeInterval?
    /// How far in the future `timestampMs` may be, for clock differences with Google's servers.
    public let allowedClockSkew: TimeInterval

    /// The `android-safetynet` verifier. The defaults suit live registrations: a CTS-compatible device and a response
    /// at most a minute old (seconds, as `TimeInterval`), with 10 s of clock skew. Pass `maximumAge: nil` to check
    /// captured responses.
    public init(requireCTSProfileMatch: Bool = true, maximumAge: TimeInterval? = 60, allowedClockSkew: TimeInterval = 10) {
        self.requireCTSProfileMatch = requireCTSProfileMatch
        self.maximumAge = maximumAge
        self.allowedClockSkew = allowedClockSkew
    }

    /// attest.android.com certificates chain to GlobalSign roots.
    public var builtInRoots: [Certificate] { BuiltInRoots.globalSignSafetyNetRoots }

    static let hostname = "attest.android.com"

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        // Step 1.
        let reader = StatementReader(statement: input.statement, format: format)
        try reader.requireOnly(["ver", "response"])
        guard case .text(let version)? = input.statement[textKey: "ver"], !version.isEmpty else {
            throw reader.invalid(
                "expected 'ver' to be a non-empty text string (the Google Play Services version), found \(input.statement[textKey: "ver"]?.typeName ?? "none")"
            )
        }
        // Step 2: a valid SafetyNet response: a JWS signed by its x5c leaf.
        let jws = try JWS(compact: reader.bytes("response"), code: .invalidAttestationStatement, context: "attStmt (android-safetynet).response")
        try jws.verifySignature()
        let payload = jws.payload
        func field(_ message: String) -> WebAuthnError { reader.invalid("response payload: \(message)") }

        // Step 3: nonce = base64(SHA-256(authenticatorData ‖ clientDataHash)).
        let expectedNonce = Data(SHA256.hash(data: input.authenticatorData.rawBytes + input.clientDataHash)).base64EncodedString()
        guard case .string(let nonce)? = payload["nonce"] else {
            throw field("expected a string 'nonce', found \(payload["nonce"]?.typeName ?? "none")")
        }
        guard nonce == expectedNonce else {
            throw field("expected nonce to be base64(SHA-256(authenticatorData ‖ clientDataHash)) = \(expectedNonce), found \(nonce)")
        }
        // Step 4: the attestation certificate is issued to attest.android.com.
        let leaf = jws.certificates[0]
        guard Self.names(of: leaf).contains(Self.hostname) else {
            throw WebAuthnError(
                .certificateInvalid,
                "attStmt (android-safetynet): expected the JWS certificate to be issued to \(Self.hostname), found \(leaf.subject)")
        }
        // ctsProfileMatch, one of Google's checks that steps 2 and 4 refer to.
        if requireCTSProfileMatch {
            guard payload["ctsProfileMatch"]?.boolValue == true else {
                throw field(
                    "expected ctsProfileMatch true (the device passed Android compatibility checks), found \(payload["ctsProfileMatch"].map { "\($0)" } ?? "none")"
                )
            }
        }
        // Freshness of the response (Google's verification steps): timestampMs close to now.
        if let maximumAge {
            guard let milliseconds = payload["timestampMs"]?.int64Value else {
                throw field("expected an integer timestampMs, found \(payload["timestampMs"]?.typeName ?? "none")")
            }
            let issued = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let age = input.verificationTime.timeIntervalSince(issued)
            guard age <= maximumAge, age >= -allowedClockSkew else {
                throw field(
                    "expected timestampMs within \(Int(maximumAge)) s before the verification time \(input.verificationTime), found \(issued) (\(Int(age)) s)"
                )
            }
        }
        // Step 5.
        return AttestationOutcome(type: .basic, trustPath: jws.certificates)
    }

    /// The leaf's subject common name and DNS subject alternative names.
    static func names(of certificate: Certificate) -> [String] {
        var names = SubjectFields(certificate.subject).first(.RDNAttributeType.commonName).map { [$0] } ?? []
        if let san = try? certificate.extensions.subjectAlternativeNames {
            for name in san { if case .dnsName(let dns) = name { names.append(dns) } }
        }
        return names
    }
}
