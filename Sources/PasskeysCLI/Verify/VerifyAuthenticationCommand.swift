import ArgumentParser
import PasskeyCore

struct VerifyAuthenticationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authentication",
        abstract: "Verify an AuthenticationResponseJSON against a stored credential key (WebAuthn L3 §7.2).",
        discussion: """
            Example, with the key and counter that verify registration printed:
              passkeys verify authentication --rp-id example.com \\
                --origin https://example.com --challenge CHALLENGE \\
                --public-key COSE_KEY --sign-count 0 --input assertion.json
            """)

    @OptionGroup var ceremony: CeremonyOptions

    @Option(
        name: .customLong("public-key"), parsing: .unconditional,
        help: ArgumentHelp(
            "The stored credential public key: a COSE_Key in base64url.", discussion: "Taken as the value even when it starts with '-'."))
    var publicKey: String

    @Option(name: .customLong("sign-count"), parsing: .unconditional, help: "The stored signature counter.")
    var signCount: UInt32 = 0

    func run() async throws {
        let policy = VerificationPolicy(
            rpID: ceremony.rpID, origins: ceremony.origins,
            allowCrossOrigin: ceremony.allowCrossOrigin || !ceremony.topOrigins.isEmpty, topOrigins: ceremony.topOrigins,
            userVerification: ceremony.requireUserVerification ? .required : .preferred)
        let strictness: Base64URL.Strictness = ceremony.allowLegacyBase64 ? .lenient : .strict
        do {
            let input = try InputFiles.read(ceremony.input)
            let key = try Self.storedKey(publicKey)
            let response = try AuthenticationResponse(json: input, strictness: strictness)
            // The stored credential is the one the response names: this command checks one credential offline.
            let credential = StoredCredential(id: response.rawID, publicKey: key, signCount: signCount)
            let result = try AuthenticationVerifier(policy: policy).verify(
                response, challenge: Challenge(base64URL: ceremony.challenge), credential: credential)
            Output.json(
                .object(
                    JSONObject([
                        "verified": .bool(true),
                        "credentialId": .string(Base64URL.encode(result.credentialID)),
                        "newSignCount": JSONValue(result.newSignCount),
                        "userVerified": .bool(result.userVerified),
                        "backupEligible": .bool(result.backupEligible),
                        "backupState": .bool(result.backupState),
                    ])))
        } catch let error as WebAuthnError {
            throw Output.verificationFailed(error)
        }
    }

    /// The stored key from `--public-key`. Text that is not a COSE key at all is a usage error; a COSE key whose
    /// algorithm this verifier does not support is a verification failure (`unsupportedAlgorithm`), the answer a
    /// relying party would give for that stored credential.
    static func storedKey(_ text: String) throws -> CredentialPublicKey {
        do {
            return try CredentialPublicKey(coseBytes: try Base64URL.decode(text, field: "--public-key"), field: "--public-key")
        } catch  where error.code == .unsupportedAlgorithm {
            throw error
        } catch {
            throw UsageError(error.message)
        }
    }
}
