import ArgumentParser
import PasskeyCore

struct VerifyAuthenticationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authentication",
        abstract: "Verify an AuthenticationResponseJSON against a stored credential key (WebAuthn L3 §7.2).")

    @OptionGroup var ceremony: CeremonyOptions

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The stored credential public key: a COSE_Key in base64url.", discussion: "A value starting with '-' must be given as --public-key=VALUE."))
    var publicKey: String

    @Option(name: .customLong("sign-count"), help: "The stored signature counter (default 0).")
    var signCount: UInt32 = 0

    func run() async throws {
        let input = try InputFiles.read(ceremony.input)
        let policy = VerificationPolicy(
            rpID: ceremony.rpID, origins: ceremony.origins,
            allowCrossOrigin: ceremony.allowCrossOrigin || !ceremony.topOrigins.isEmpty, topOrigins: ceremony.topOrigins,
            requireUserVerification: ceremony.requireUserVerification)
        let strictness: Base64URL.Strictness = ceremony.allowLegacyBase64 ? .lenient : .strict
        let key: CredentialPublicKey
        do {
            key = try CredentialPublicKey(coseBytes: try Base64URL.decode(publicKey, field: "--public-key"), field: "--public-key")
        } catch {
            throw UsageError(error.message)
        }
        do {
            let response = try AuthenticationResponse(json: input, strictness: strictness)
            // The stored credential is the one the response names: this command checks one credential offline.
            let credential = StoredCredential(id: response.rawID, publicKey: key, signCount: signCount)
            let result = try AuthenticationVerifier(policy: policy).verify(
                response, challenge: Challenge(base64URL: ceremony.challenge), credential: credential)
            Output.json(.object(JSONObject([
                "verified": .bool(true),
                "credentialId": .string(Base64URL.encode(result.credentialID)),
                "newSignCount": JSONValue(result.newSignCount),
                "userVerified": .bool(result.userVerified),
                "backupEligible": .bool(result.backupEligible),
                "backupState": .bool(result.backupState),
            ])))
        } catch {
            throw Output.verificationFailed(error)
        }
    }
}
