/// The one error type of the verification core.
///
/// Every failure carries a stable, camelCase ``Code`` that callers (the CLI, the HTTP API, tests) can match on,
/// and a ``message`` in plain words saying what was expected and what was found. Codes never change meaning;
/// new causes get new codes.
public struct WebAuthnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for one distinct cause of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Input that cannot be decoded: bad JSON, bad base64url, bad CBOR, wrong JSON types, trailing bytes.
        public static let malformedInput = Code(rawValue: "malformedInput")
        /// An input exceeds a size, depth or count bound.
        public static let inputTooLarge = Code(rawValue: "inputTooLarge")
        /// `PublicKeyCredential.type` is not `public-key`.
        public static let credentialTypeMismatch = Code(rawValue: "credentialTypeMismatch")
        /// `id`, `rawId` and the credential ID in authenticator data disagree.
        public static let credentialIdMismatch = Code(rawValue: "credentialIdMismatch")
        /// `clientDataJSON.type` is not the ceremony's type.
        public static let typeMismatch = Code(rawValue: "typeMismatch")
        public static let challengeMismatch = Code(rawValue: "challengeMismatch")
        public static let originMismatch = Code(rawValue: "originMismatch")
        /// `clientDataJSON.crossOrigin` is true but the policy does not allow cross-origin iframes.
        public static let crossOriginNotAllowed = Code(rawValue: "crossOriginNotAllowed")
        /// `clientDataJSON.topOrigin` is not one the policy allows.
        public static let topOriginMismatch = Code(rawValue: "topOriginMismatch")
        /// `clientDataJSON.tokenBinding` is present but not well formed.
        public static let invalidTokenBinding = Code(rawValue: "invalidTokenBinding")
        public static let rpIdHashMismatch = Code(rawValue: "rpIdHashMismatch")
        public static let userNotPresent = Code(rawValue: "userNotPresent")
        public static let userNotVerified = Code(rawValue: "userNotVerified")
        /// BS is set without BE (WebAuthn L3 §6.1.3).
        public static let invalidBackupFlags = Code(rawValue: "invalidBackupFlags")
        /// BE differs from the value recorded at registration (WebAuthn L3 §7.2 step 20).
        public static let backupEligibilityChanged = Code(rawValue: "backupEligibilityChanged")
        /// Registration authenticator data has no attested credential data (AT flag clear).
        public static let missingAttestedCredentialData = Code(rawValue: "missingAttestedCredentialData")
        public static let credentialIdTooLong = Code(rawValue: "credentialIdTooLong")
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        /// A COSE key that is not well formed: missing or wrong parameters, point not on the curve, RSA key too small.
        public static let invalidPublicKey = Code(rawValue: "invalidPublicKey")
        public static let unsupportedFormat = Code(rawValue: "unsupportedFormat")
        public static let invalidAttestationStatement = Code(rawValue: "invalidAttestationStatement")
        /// An attestation certificate does not meet the format's certificate requirements.
        public static let certificateInvalid = Code(rawValue: "certificateInvalid")
        /// The attestation chain does not end in an acceptable trust anchor and the policy requires one.
        public static let untrustedAttestation = Code(rawValue: "untrustedAttestation")
        /// The attestation type (none, self) is not acceptable under the policy.
        public static let attestationTypeNotAllowed = Code(rawValue: "attestationTypeNotAllowed")
        /// The AAGUID in authenticator data differs from the one the attestation vouches for: the attestation
        /// certificate's AAGUID extension, or all zeroes for fido-u2f.
        public static let aaguidMismatch = Code(rawValue: "aaguidMismatch")
        public static let invalidSignature = Code(rawValue: "invalidSignature")
        /// FIDO metadata reports the authenticator model compromised, revoked or able to bypass user verification.
        public static let authenticatorCompromised = Code(rawValue: "authenticatorCompromised")
        /// A FIDO metadata BLOB or CRL failed verification (signature, chain, revocation, structure).
        public static let metadataInvalid = Code(rawValue: "metadataInvalid")
        public static let signCountRegression = Code(rawValue: "signCountRegression")
        /// The credential is not one of `allowCredentials`.
        public static let credentialNotAllowed = Code(rawValue: "credentialNotAllowed")
        /// `userHandle` is missing where required, or does not belong to the credential's owner.
        public static let userHandleMismatch = Code(rawValue: "userHandleMismatch")
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    package static func malformed(_ message: String) -> WebAuthnError { WebAuthnError(.malformedInput, message) }
}
