import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import SwiftASN1
import X509

/// Real ceremonies made by the software authenticator, for the benchmarks to verify over and over.
struct BenchFixtures {
    static let rpID = "bench.example"
    static let origin = "https://bench.example"
    static let challenge = Challenge(bytes: Array(repeating: 7, count: 32))

    let policy = VerificationPolicy(rpID: rpID, origins: [origin])

    /// An assertion as it arrives over HTTP (JSON bytes) and the stored credential record's COSE key bytes.
    struct Assertion {
        let json: [UInt8]
        let coseKey: [UInt8]
        let credentialID: [UInt8]
        /// The same signature check done raw: key, DER/raw signature and the signed message.
        let signature: [UInt8]
        let message: [UInt8]
        let privateKey: CredentialPrivateKey
    }

    static func assertion(_ algorithm: COSEAlgorithm) throws -> Assertion {
        let authenticator = SoftwareAuthenticator()
        let registration = try authenticator.makeCredential(
            rpID: rpID, userHandle: [1, 2, 3], clientDataHash: [UInt8](repeating: 0, count: 32), algorithm: algorithm)
        var credential = registration.credential
        let clientData = ClientDataBuilder.json(type: "webauthn.get", challenge: challenge.base64URL, origin: origin)
        let clientDataHash = Array(SHA256.hash(data: clientData))
        let (authData, signature) = try authenticator.getAssertion(&credential, clientDataHash: clientDataHash)
        let json = JSONValue.object(
            JSONObject([
                "id": .string(Base64URL.encode(credential.id)), "rawId": .string(Base64URL.encode(credential.id)), "type": .string("public-key"),
                "response": .object(
                    JSONObject([
                        "clientDataJSON": .string(Base64URL.encode(clientData)), "authenticatorData": .string(Base64URL.encode(authData)),
                        "signature": .string(Base64URL.encode(signature)), "userHandle": .string(Base64URL.encode(credential.userHandle)),
                    ])),
                "clientExtensionResults": .object(JSONObject()),
            ]))
        return Assertion(
            json: Array(json.serialized().utf8), coseKey: try credential.privateKey.coseKey(), credentialID: credential.id,
            signature: signature, message: authData + clientDataHash, privateKey: credential.privateKey)
    }

    /// A registration response as JSON bytes, and the trust anchor for its chain when it has one.
    static func registration(_ attestation: SoftwareAuthenticator.Attestation) throws -> [UInt8] {
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: challenge.base64URL, origin: origin)
        let authenticator = SoftwareAuthenticator(aaguid: AAGUID(string: "6028b017-b1d4-4c02-b4b3-afcdafc96bb2") ?? .zero, attestation: attestation)
        let made = try authenticator.makeCredential(rpID: rpID, userHandle: [1, 2, 3], clientDataHash: Array(SHA256.hash(data: clientData)))
        let json = JSONValue.object(
            JSONObject([
                "id": .string(Base64URL.encode(made.credential.id)), "rawId": .string(Base64URL.encode(made.credential.id)),
                "type": .string("public-key"),
                "response": .object(
                    JSONObject([
                        "clientDataJSON": .string(Base64URL.encode(clientData)),
                        "attestationObject": .string(Base64URL.encode(made.attestationObject)),
                        "transports": .array([.string("usb")]),
                    ])),
                "clientExtensionResults": .object(JSONObject()),
            ]))
        return Array(json.serialized().utf8)
    }

    /// A two-level attestation PKI: a root (the trust anchor) and a leaf meeting §8.2.1.
    typealias AttestationPKI = (root: Certificate, rootKey: P256.Signing.PrivateKey, leafKey: P256.Signing.PrivateKey, leaf: Certificate)

    /// A new ``AttestationPKI``.
    static func attestationPKI() throws -> AttestationPKI {
        let rootKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let rootName = try DistinguishedName {
            CountryName("US")
            OrganizationName("Passkeys Bench")
            CommonName("Bench Attestation Root")
        }
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: now - 3600, notValidAfter: now + 86_400,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(rootKey))
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey), notValidBefore: now - 3600, notValidAfter: now + 86_400,
            issuer: rootName,
            subject: try DistinguishedName {
                CountryName("US")
                OrganizationName("Passkeys Bench")
                OrganizationalUnitName("Authenticator Attestation")
                CommonName("Bench Authenticator")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions { Critical(BasicConstraints.notCertificateAuthority) },
            issuerPrivateKey: .init(rootKey))
        return (root, rootKey, leafKey, leaf)
    }
}
