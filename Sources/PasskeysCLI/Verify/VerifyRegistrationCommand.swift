import ArgumentParser
import Foundation
import PasskeyCore

struct VerifyRegistrationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registration",
        abstract: "Verify a RegistrationResponseJSON (WebAuthn L3 §7.1).")

    @OptionGroup var ceremony: CeremonyOptions

    @Option(name: .customLong("trust-anchor"), help: "A PEM or DER root certificate the attestation chain may end in (repeatable).")
    var trustAnchors: [String] = []

    @Flag(name: .customLong("require-trusted-attestation"), help: "Fail (untrustedAttestation) unless the attestation chain ends in a trust anchor.")
    var requireTrustedAttestation = false

    @Option(help: "Check certificate validity as of this ISO 8601 instant instead of now.")
    var at: String?

    func run() async throws {
        let anchors = try trustAnchors.flatMap { try InputFiles.certificates($0) }
        let instant = try at.map { try InputFiles.instant($0) }
        let input = try InputFiles.read(ceremony.input)
        let policy = VerificationPolicy(
            rpID: ceremony.rpID, origins: ceremony.origins,
            allowCrossOrigin: ceremony.allowCrossOrigin || !ceremony.topOrigins.isEmpty, topOrigins: ceremony.topOrigins,
            requireUserVerification: ceremony.requireUserVerification,
            attestation: AttestationPolicy(trustAnchors: anchors, requireTrustedAttestation: requireTrustedAttestation),
            clock: { instant ?? Date() })
        do {
            let response = try RegistrationResponse(json: input, strictness: ceremony.allowLegacyBase64 ? .lenient : .strict)
            let result = try await RegistrationVerifier(policy: policy).verify(response, challenge: Challenge(base64URL: ceremony.challenge))
            Output.json(.object(JSONObject([
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
            ])))
        } catch {
            throw Output.verificationFailed(error)
        }
    }
}
