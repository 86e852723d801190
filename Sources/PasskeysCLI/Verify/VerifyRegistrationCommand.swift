import ArgumentParser
import Foundation
import PasskeyCore

struct VerifyRegistrationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registration",
        abstract: "Verify a RegistrationResponseJSON (WebAuthn L3 §7.1).",
        discussion: """
            Example:
              passkeys verify registration --rp-id example.com \\
                --origin https://example.com --challenge CHALLENGE --input reg.json
            """)

    @OptionGroup var ceremony: CeremonyOptions

    @OptionGroup var attestation: AttestationOptions

    @Option(
        name: .customLong("algorithm"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A credential key algorithm the RP offered in pubKeyCredParams, by name or COSE number (repeatable).",
            discussion: "Default: every supported algorithm except RS1 (RSA with SHA-1), which only old TPM credentials use."))
    var algorithms: [String] = []

    @Option(parsing: .unconditional, help: "Check certificate validity as of this ISO 8601 instant instead of now.")
    var at: String?

    func validate() throws {
        if attestation.metadata == nil, !attestation.metadataRoots.isEmpty || !attestation.metadataCRLs.isEmpty {
            throw ValidationError("--metadata-root and --metadata-crl need --metadata")
        }
    }

    func run() async throws {
        let instant = try at.map { try InputFiles.instant($0) }
        let offered = try algorithms.map(AlgorithmArgument.parse)
        do {
            let input = try InputFiles.read(ceremony.input)
            let policy = VerificationPolicy(
                rpID: ceremony.rpID, origins: ceremony.origins,
                allowCrossOrigin: ceremony.allowCrossOrigin || !ceremony.topOrigins.isEmpty, topOrigins: ceremony.topOrigins,
                userVerification: ceremony.requireUserVerification ? .required : .preferred,
                algorithms: offered.isEmpty ? COSEAlgorithm.credentialDefaults : offered,
                attestation: try await attestation.policy(at: instant ?? Date()),
                clock: { instant ?? Date() })
            let response = try RegistrationResponse(json: input, strictness: ceremony.allowLegacyBase64 ? .lenient : .strict)
            let result = try await RegistrationVerifier(policy: policy).verify(response, challenge: Challenge(base64URL: ceremony.challenge))
            var output = JSONObject([
                "verified": .bool(true),
                "credentialId": .string(Base64URL.encode(result.credentialID)),
                "publicKey": .string(Base64URL.encode(result.publicKey.coseBytes)),
                "algorithm": JSONValue(Int(result.publicKey.algorithm.rawValue)),
                "signCount": JSONValue(result.signCount),
                "format": .string(result.format),
                "attestationType": .string(result.attestationType.rawValue),
                "trusted": .bool(result.trusted),
                "aaguid": .string(result.aaguid.description),
                "userVerified": .bool(result.userVerified),
                "backupEligible": .bool(result.backupEligible),
                "backupState": .bool(result.backupState),
                "transports": .array(result.transports.map(JSONValue.string)),
            ])
            // The model's name, when FIDO metadata lists it.
            output["authenticator"] = result.authenticatorDescription.map(JSONValue.string)
            // Who holds the passkey by its AAGUID: metadata (localized names, checked icons) or the built-in table.
            if let provider = AuthenticatorProviders.provider(for: result.aaguid, metadata: policy.attestation.metadata) {
                output["provider"] = .object(provider.json)
            }
            Output.json(.object(output))
        } catch let error as WebAuthnError {
            throw Output.verificationFailed(error)
        }
    }

}
