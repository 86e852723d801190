import Crypto
public import X509
import _CryptoExtras

/// A JSON Web Signature in compact serialization (RFC 7515 §7.1) whose key comes from its own `x5c` header
/// (§4.1.6): the shape of SafetyNet attestations (WebAuthn L3 §8.5) and of FIDO metadata BLOBs (FIDO MDS3 §3.1.7).
///
/// Parsing checks the structure and decodes the header; ``verifySignature()`` checks the signature with the leaf
/// certificate over the raw `header.payload` bytes. Chain and name checks are the caller's, since they differ per
/// use. The payload is read at parse time only when asked (SafetyNet's, a few kilobytes); a metadata BLOB's (tens of
/// megabytes, from anyone who can answer its URL) is read with ``verifiedPayload()`` after the caller has checked the
/// chain and the signature, so a BLOB from an untrusted signer costs a header's parse and no more.
public struct JWS: Sendable {
    /// The decoded protected header (`alg`, `x5c`, and whatever else the signer put there).
    public let header: JSONObject
    /// The decoded payload, when the JWS was parsed with `readPayload` (else empty). Trust nothing in it until
    /// ``verifySignature()`` and the caller's chain checks have passed.
    public let payload: JSONObject
    /// The certificates of the `x5c` header, leaf first.
    public let certificates: [Certificate]
    /// The `alg` header.
    public let algorithm: String
    /// `header.payload` as it came: a slice of the caller's buffer, never a copy.
    let signingInput: ArraySlice<UInt8>
    /// The payload's base64url text, within ``signingInput``.
    private let payloadText: ArraySlice<UInt8>
    let signature: [UInt8]
    private let code: WebAuthnError.Code
    private let context: String

    /// Algorithms accepted (RFC 7518 §3.1); `none` and HMAC are refused, as a public-key signature is the point.
    static let algorithms: [String: COSEAlgorithm] = [
        "RS256": .rs256, "RS384": .rs384, "RS512": .rs512, "PS256": .ps256, "PS384": .ps384, "PS512": .ps512,
        "ES256": .es256, "ES384": .es384, "ES512": .es512, "EdDSA": .edDSA,
    ]

    /// - Parameters:
    ///   - compact: the `header.payload.signature` text.
    ///   - code: the error code for a malformed JWS in this use.
    ///   - context: how errors name this JWS, e.g. "attStmt (android-safetynet).response".
    ///   - maximumCertificates: the bound on `x5c`.
    public init(compact: [UInt8], code: WebAuthnError.Code, context: String, maximumCertificates: Int = 8) throws(WebAuthnError) {
        try self.init(compact: compact[...], code: code, context: context, maximumCertificates: maximumCertificates, readPayload: true)
    }

    /// - Parameters:
    ///   - compact: the `header.payload.signature` text, read where it lies.
    ///   - code: the error code for a malformed JWS in this use.
    ///   - context: how errors name this JWS.
    ///   - maximumCertificates: the bound on `x5c`.
    ///   - maximumHeaderBytes: the bound on the header's base64url text, checked before it is decoded.
    ///   - readPayload: decode and parse the payload now (into ``payload``); false leaves it unread until
    ///     ``verifiedPayload()``.
    public init(
        compact: ArraySlice<UInt8>, code: WebAuthnError.Code, context: String, maximumCertificates: Int = 8, maximumHeaderBytes: Int = .max,
        readPayload: Bool
    ) throws(WebAuthnError) {
        self.code = code
        self.context = context
        func fail(_ message: String) -> WebAuthnError { WebAuthnError(code, "\(context): \(message)") }
        // The two dots, found without splitting (which would make an array of slices of the whole text).
        guard let firstDot = compact.firstIndex(of: UInt8(ascii: ".")),
            let secondDot = compact[(firstDot + 1)...].firstIndex(of: UInt8(ascii: ".")),
            !compact[(secondDot + 1)...].contains(UInt8(ascii: "."))
        else {
            let dots = compact.lazy.filter { $0 == UInt8(ascii: ".") }.count
            throw fail("expected a compact JWS of three '.'-separated parts, found \(dots + 1)")
        }
        let headerText = compact[compact.startIndex..<firstDot]
        payloadText = compact[(firstDot + 1)..<secondDot]
        signingInput = compact[compact.startIndex..<secondDot]
        guard headerText.count <= maximumHeaderBytes else {
            throw WebAuthnError(
                .inputTooLarge, "\(context): expected a header of at most \(maximumHeaderBytes) bytes (its x5c chain), found \(headerText.count)")
        }
        func decode(_ text: ArraySlice<UInt8>, _ name: String) throws(WebAuthnError) -> [UInt8] {
            do {
                return try Base64URL.decode(utf8: text, field: "\(context) \(name)")
            } catch {
                throw fail("expected the \(name) to be unpadded base64url, found other characters")
            }
        }
        func object(_ bytes: [UInt8], _ name: String) throws(WebAuthnError) -> JSONObject {
            do {
                return try JSONParser.parseObject(bytes, what: "\(context) \(name)")
            } catch {
                throw fail(error.message)
            }
        }
        header = try object(decode(headerText, "header"), "header")
        signature = try decode(compact[(secondDot + 1)...], "signature")
        payload = try readPayload ? object(decode(payloadText, "payload"), "payload") : JSONObject()

        guard case .string(let alg)? = header["alg"] else { throw fail("expected a string 'alg' header, found \(header["alg"]?.typeName ?? "none")") }
        guard Self.algorithms[alg] != nil else {
            throw fail("expected alg to be one of \(Self.algorithms.keys.sorted().joined(separator: ", ")), found '\(alg)'")
        }
        algorithm = alg
        guard case .array(let x5c)? = header["x5c"] else {
            throw fail("expected an 'x5c' header array with the signing certificate, found \(header["x5c"]?.typeName ?? "none")")
        }
        guard !x5c.isEmpty else { throw fail("expected x5c to hold at least one certificate, found an empty array") }
        guard x5c.count <= maximumCertificates else {
            throw WebAuthnError(.inputTooLarge, "\(context): expected at most \(maximumCertificates) x5c certificates, found \(x5c.count)")
        }
        var certificates: [Certificate] = []
        for (index, item) in x5c.enumerated() {
            // RFC 7515 §4.1.6: each entry is standard base64 (not base64url) of DER.
            guard case .string(let text) = item, let der = try? Base64URL.decode(text, strictness: .lenient) else {
                throw fail("expected x5c[\(index)] to be a base64 string, found \(item.typeName)")
            }
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw WebAuthnError(
                    .certificateInvalid, "\(context).x5c[\(index)]: expected a DER-encoded X.509 certificate, found bytes that do not parse")
            }
        }
        self.certificates = certificates
    }

    /// Checks the signature over `header.payload` (the raw bytes as they came, before any decoding) with the x5c
    /// leaf's key under `alg`.
    public func verifySignature() throws(WebAuthnError) {
        guard let cose = Self.algorithms[algorithm], let key = SignatureKey(certificate: certificates[0]), key.supports(cose) else {
            throw WebAuthnError(code, "\(context): alg \(algorithm) does not fit the x5c[0] certificate's key")
        }
        // JWS carries ECDSA signatures as fixed-width R ‖ S (RFC 7518 §3.4); WebAuthn keys check DER.
        var signature = self.signature
        switch key {
        case .p256: signature = (try? P256.Signing.ECDSASignature(rawRepresentation: signature).derRepresentation).map(Array.init) ?? []
        case .p384: signature = (try? P384.Signing.ECDSASignature(rawRepresentation: signature).derRepresentation).map(Array.init) ?? []
        case .p521: signature = (try? P521.Signing.ECDSASignature(rawRepresentation: signature).derRepresentation).map(Array.init) ?? []
        case .ed25519, .rsa, .mlDSA: break
        }
        guard key.isValidSignature(signature, overBytes: signingInput, algorithm: cose) else {
            throw WebAuthnError(
                .invalidSignature, "\(context): expected a valid \(algorithm) signature by x5c[0] over header.payload, found one that does not verify"
            )
        }
    }

    /// The payload's bytes (base64url-decoded, not parsed), once the signature has verified: ``verifySignature()``
    /// runs first, so nothing unsigned is decoded. The caller's chain checks come before this call.
    public func verifiedPayload() throws(WebAuthnError) -> [UInt8] {
        try verifySignature()
        do {
            return try Base64URL.decode(utf8: payloadText, field: "\(context) payload")
        } catch {
            throw WebAuthnError(code, "\(context): expected the payload to be unpadded base64url, found other characters")
        }
    }
}
