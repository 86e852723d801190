/// The one error type of the verification core.
///
/// Every failure carries a stable, camelCase ``Code`` that callers (the CLI, the HTTP API, tests) can match on,
/// and a ``message`` in plain words saying what was expected and what was found. Codes never change meaning;
/// new causes get new codes.
public struct WebAuthnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for one distinct cause of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The camelCase identifier, such as `challengeMismatch`: what the HTTP API returns as `code`. Never reused for
        /// another cause.
        public let rawValue: String
        /// A code from its identifier. Any string is accepted, so a code a newer version returns can still be carried.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier itself, so a code interpolates as `challengeMismatch`.
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
        /// `clientDataJSON.challenge` is not the challenge this ceremony sent (§7.1 step 8, §7.2 step 11): a replayed
        /// or misrouted response.
        public static let challengeMismatch = Code(rawValue: "challengeMismatch")
        /// `clientDataJSON.origin` is none of the origins the relying party serves (§7.1 step 9, §7.2 step 12):
        /// possibly a phishing site relaying the ceremony.
        public static let originMismatch = Code(rawValue: "originMismatch")
        /// `clientDataJSON.crossOrigin` is true but the policy does not allow cross-origin iframes.
        public static let crossOriginNotAllowed = Code(rawValue: "crossOriginNotAllowed")
        /// `clientDataJSON.topOrigin` is not one the policy allows.
        public static let topOriginMismatch = Code(rawValue: "topOriginMismatch")
        /// `clientDataJSON.tokenBinding` is present but not well formed.
        public static let invalidTokenBinding = Code(rawValue: "invalidTokenBinding")
        /// `authenticatorData.rpIdHash` is not SHA-256 of the expected RP ID (§7.1 step 14, §7.2 step 15): the
        /// credential is scoped to another relying party.
        public static let rpIdHashMismatch = Code(rawValue: "rpIdHashMismatch")
        /// The UP flag is clear although the policy requires user presence (§7.1 step 15, §7.2 step 16).
        public static let userNotPresent = Code(rawValue: "userNotPresent")
        /// The UV flag is clear although the ceremony required user verification (§7.1 step 16, §7.2 step 17).
        public static let userNotVerified = Code(rawValue: "userNotVerified")
        /// BS is set without BE (WebAuthn L3 §6.1.3).
        public static let invalidBackupFlags = Code(rawValue: "invalidBackupFlags")
        /// BE differs from the value recorded at registration (WebAuthn L3 §7.2 step 19).
        public static let backupEligibilityChanged = Code(rawValue: "backupEligibilityChanged")
        /// Registration authenticator data has no attested credential data (AT flag clear).
        public static let missingAttestedCredentialData = Code(rawValue: "missingAttestedCredentialData")
        /// A credential ID longer than 1023 bytes (§7.1 step 25), refused while authenticator data is parsed.
        public static let credentialIdTooLong = Code(rawValue: "credentialIdTooLong")
        /// A COSE algorithm, key type or curve the policy or this library does not support, in the credential key or
        /// the attestation statement.
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        /// A COSE key that is not well formed: missing or wrong parameters, point not on the curve, RSA key too small.
        public static let invalidPublicKey = Code(rawValue: "invalidPublicKey")
        /// `attestationObject.fmt` names a format the policy does not accept (§7.1 step 21).
        public static let unsupportedFormat = Code(rawValue: "unsupportedFormat")
        /// The attestation statement does not have the syntax its format defines (§8), or its contents contradict the
        /// credential (such as a TPM `pubArea` describing another key).
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
        /// A signature does not verify: the assertion signature (§7.2 step 21), or the attestation signature of a
        /// format (§8).
        public static let invalidSignature = Code(rawValue: "invalidSignature")
        /// FIDO metadata reports the authenticator model compromised, revoked or able to bypass user verification.
        public static let authenticatorCompromised = Code(rawValue: "authenticatorCompromised")
        /// The authenticator model (its AAGUID) is denied, or not among those allowed, by the relying party's
        /// `AuthenticatorPolicy` (PasskeyCore), or its AAGUID is not proven where the policy requires proof.
        public static let authenticatorNotAllowed = Code(rawValue: "authenticatorNotAllowed")
        /// A FIDO metadata BLOB or CRL failed verification (signature, chain, revocation, structure).
        public static let metadataInvalid = Code(rawValue: "metadataInvalid")
        /// The signature counter did not increase past the stored value (§7.2 step 22, §6.1.1): a sign that the
        /// authenticator may have been cloned.
        public static let signCountRegression = Code(rawValue: "signCountRegression")
        /// The credential is not one of `allowCredentials`.
        public static let credentialNotAllowed = Code(rawValue: "credentialNotAllowed")
        /// `userHandle` is missing where required, or does not belong to the credential's owner.
        public static let userHandleMismatch = Code(rawValue: "userHandleMismatch")
    }

    /// What went wrong, as a stable identifier to match on and to return to API clients.
    public let code: Code
    /// What was expected and what was found, in plain words, for logs and people. Wording may change; match on
    /// ``code``.
    public let message: String

    /// An error with one of the ``Code`` constants and a message saying what was expected and what was found.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`, such as `originMismatch: clientDataJSON.origin: expected …`, as logs and the CLI show it.
    public var description: String { "\(code): \(message)" }

    package static func malformed(_ message: String) -> WebAuthnError { WebAuthnError(.malformedInput, message) }
}
