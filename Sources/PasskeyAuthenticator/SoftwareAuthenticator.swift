public import Crypto
public import PasskeyCore
import SwiftASN1
public import X509

/// A software WebAuthn authenticator with CTAP2 semantics (authenticatorMakeCredential, authenticatorGetAssertion).
///
/// It signs what it is given; policy (which RP, whether the user consented) belongs to the client that drives it.
public struct SoftwareAuthenticator: Sendable {
    /// How the authenticator attests new credentials (WebAuthn L3 §8).
    public enum Attestation: Sendable {
        /// `none` (§8.7).
        case none
        /// `packed` self attestation with the credential key (§8.2).
        case packedSelf
        /// `packed` basic attestation by an attestation key whose certificate chain (leaf first) is given (§8.2).
        case packedBasic(key: P256.Signing.PrivateKey, chain: [Certificate])
    }

    /// The AAGUID written into attested credential data; all zeroes by default, as authenticators that do not disclose
    /// their model send.
    public var aaguid: AAGUID
    /// How new credentials are attested; `none` by default.
    public var attestation: Attestation
    /// Keep a per-credential signature counter; false leaves it at zero, as synced passkeys do.
    public var usesSignCounter: Bool
    /// Credentials are backup eligible (BE) and backed up (BS), as synced passkeys are.
    public var backedUp: Bool
    /// Where credentials are kept between ceremonies.
    public var store: any CredentialStore
    /// Asks the user for consent and verification; a declined request stops the ceremony (see ``UserVerifier``).
    public var userVerifier: any UserVerifier
    /// The algorithms this authenticator will make credentials with, from ``supportedAlgorithms``: it takes the first
    /// the relying party lists (CTAP2 §6.1.2 step 3). Narrowing it to one, such as ML-DSA-65, makes an authenticator
    /// that creates only that kind of key, as `passkeys register --algorithm` does.
    public var algorithms: [COSEAlgorithm]

    /// An authenticator; the defaults make an undisclosed model with `none` attestation, a signature counter, no
    /// backup, credentials in memory, and a user who approves and is verified.
    public init(
        aaguid: AAGUID = .zero, attestation: Attestation = .none, usesSignCounter: Bool = true, backedUp: Bool = false,
        store: any CredentialStore = InMemoryCredentialStore(), userVerifier: any UserVerifier = AlwaysVerify(),
        algorithms: [COSEAlgorithm] = SoftwareAuthenticator.supportedAlgorithms
    ) {
        self.algorithms = algorithms
        self.aaguid = aaguid
        self.attestation = attestation
        self.usesSignCounter = usesSignCounter
        self.backedUp = backedUp
        self.store = store
        self.userVerifier = userVerifier
    }

    /// Creates a credential and its attestation object, without consent or storage: the signing core of
    /// ``authenticatorMakeCredential(_:)``, also used directly by benchmarks and tests. It sets UP, so outside tests
    /// call it only after the user approved (``authenticatorMakeCredential(_:)`` asks ``userVerifier`` first).
    /// `userPresent: false` clears UP, as an authenticator does for a conditional create (WebAuthn L3 §5.1.3: the
    /// client asks for a credential without a gesture right after a password sign-in); tests use it to show a relying
    /// party accepts that only for a ceremony begun as conditional.
    public func makeCredential(
        rpID: String, userHandle: [UInt8], clientDataHash: [UInt8], algorithm: COSEAlgorithm = .es256,
        userVerified: Bool = true, credentialID: [UInt8]? = nil, userName: String = "", userDisplayName: String = "", discoverable: Bool = true,
        userPresent: Bool = true
    ) throws(AuthenticatorError) -> (credential: SoftwareCredential, attestationObject: [UInt8]) {
        let key = try CredentialPrivateKey.generate(algorithm)
        let id = credentialID ?? SecureRandom.bytes(32)
        var credential = SoftwareCredential(
            id: id, rpID: rpID, userHandle: userHandle, userName: userName, userDisplayName: userDisplayName, privateKey: key,
            backupEligible: backedUp, discoverable: discoverable)
        credential.signCount = usesSignCounter ? 1 : 0
        let authData = AuthenticatorDataBuilder.build(
            rpID: rpID, flags: flags(userVerified: userVerified, userPresent: userPresent), signCount: credential.signCount,
            attestedCredential: (aaguid, id, try key.coseKey()))
        let signed = authData + clientDataHash
        let fmt: String
        let statement: [CBORPair]
        switch attestation {
        case .none:
            fmt = "none"
            statement = []
        case .packedSelf:
            fmt = "packed"
            statement = [CBORPair(.text("alg"), .int(key.algorithm.rawValue)), CBORPair(.text("sig"), .bytes(try key.sign(signed)))]
        case .packedBasic(let attestationKey, let chain):
            fmt = "packed"
            var der: [CBORValue] = []
            for certificate in chain {
                var serializer = DER.Serializer()
                do { try serializer.serialize(certificate) } catch {
                    throw AuthenticatorError(.invalidRequest, "the attestation certificate does not serialize: \(error)")
                }
                der.append(.bytes(serializer.serializedBytes))
            }
            let sig = try CredentialPrivateKey.p256(attestationKey).sign(signed)
            statement = [CBORPair(.text("alg"), .int(-7)), CBORPair(.text("sig"), .bytes(sig)), CBORPair(.text("x5c"), .array(der))]
        }
        let object = CBOREncoder.encode(
            .map([
                CBORPair(.text("fmt"), .text(fmt)), CBORPair(.text("attStmt"), .map(statement)), CBORPair(.text("authData"), .bytes(authData)),
            ]))
        return (credential, object)
    }

    /// Signs authenticatorData ‖ clientDataHash and advances the counter, without consent or storage: the signing core
    /// of ``authenticatorGetAssertion(_:)``. It sets UP, so outside tests call it only after the user approved.
    public func getAssertion(
        _ credential: inout SoftwareCredential, clientDataHash: [UInt8], userVerified: Bool = true
    ) throws(AuthenticatorError) -> (authenticatorData: [UInt8], signature: [UInt8]) {
        if usesSignCounter { credential.signCount &+= 1 }
        let authData = AuthenticatorDataBuilder.build(
            rpID: credential.rpID, flags: flags(userVerified: userVerified), signCount: credential.signCount)
        return (authData, try credential.privateKey.sign(authData + clientDataHash))
    }

    private func flags(userVerified: Bool, userPresent: Bool = true) -> AuthenticatorFlags {
        var flags: AuthenticatorFlags = userPresent ? [.userPresent] : []
        if userVerified { flags.insert(.userVerified) }
        if backedUp { flags.formUnion([.backupEligible, .backupState]) }
        return flags
    }
}
