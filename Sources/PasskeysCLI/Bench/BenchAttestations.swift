import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import SwiftASN1
import X509

/// `tpm` and `android-key` registrations built for the benchmark: the software authenticator has no TPM or
/// Keystore, so these assemble the statements those devices produce (WebAuthn L3 §8.3, §8.4), signed by keys
/// certified under a bench root.
enum BenchAttestations {
    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    private static func sized(_ b: [UInt8]) -> [UInt8] { be16(UInt16(b.count)) + b }
    private static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        precondition(content.count < 0x1_0000, "bench structures are small")
        let length: [UInt8] =
            content.count < 0x80
            ? [UInt8(content.count)]
            : content.count < 0x100 ? [0x81, UInt8(content.count)] : [0x82] + be16(UInt16(content.count))
        return [tag] + length + content
    }

    /// A registration with `fmt` and the statement `statement(authData, clientDataHash)` for a new P-256 key.
    private static func registration(
        format: String, key: P256.Signing.PrivateKey,
        statement: ([UInt8], [UInt8]) throws -> [CBORPair]
    ) throws -> [UInt8] {
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: BenchFixtures.challenge.base64URL, origin: BenchFixtures.origin)
        let clientDataHash = Array(SHA256.hash(data: clientData))
        let credentialID = Array(SHA256.hash(data: key.publicKey.rawRepresentation))
        let authData = AuthenticatorDataBuilder.build(
            rpID: BenchFixtures.rpID, flags: [.userPresent, .userVerified], signCount: 0,
            attestedCredential: (
                AAGUID(string: "08987058-cadc-4b81-b6e1-30de50dcbe96") ?? .zero, credentialID, try CredentialPrivateKey.p256(key).coseKey()
            ))
        let attestationObject = CBOREncoder.encode(
            .map([
                CBORPair(.text("fmt"), .text(format)), CBORPair(.text("attStmt"), .map(try statement(authData, clientDataHash))),
                CBORPair(.text("authData"), .bytes(authData)),
            ]))
        return Array(
            JSONValue.object(
                JSONObject([
                    "id": .string(Base64URL.encode(credentialID)), "rawId": .string(Base64URL.encode(credentialID)), "type": .string("public-key"),
                    "response": .object(
                        JSONObject([
                            "clientDataJSON": .string(Base64URL.encode(clientData)),
                            "attestationObject": .string(Base64URL.encode(attestationObject)),
                        ])),
                    "clientExtensionResults": .object(JSONObject()),
                ])
            ).serialized().utf8)
    }

    /// An ECC credential certified by a TPM AIK (P-256, ES256) whose certificate meets §8.3.1.
    static func tpm(root: Certificate, rootKey: P256.Signing.PrivateKey) throws -> [UInt8] {
        let aikKey = P256.Signing.PrivateKey()
        let tpmName = DistinguishedName([
            RelativeDistinguishedName([.init(type: [2, 23, 133, 2, 1], utf8String: "id:FFFFF1D0")]),
            RelativeDistinguishedName([.init(type: [2, 23, 133, 2, 2], utf8String: "Bench TPM")]),
            RelativeDistinguishedName([.init(type: [2, 23, 133, 2, 3], utf8String: "id:00020000")]),
        ])
        let aik = try issue(
            aikKey.publicKey, subject: DistinguishedName(), root: root, rootKey: rootKey,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(SubjectAlternativeNames([.directoryName(tpmName)]))
                try ExtendedKeyUsage([.init(oid: [2, 23, 133, 8, 3])])
            })
        let key = P256.Signing.PrivateKey()
        return try registration(format: "tpm", key: key) { authData, hash in
            let point = Array(key.publicKey.x963Representation)
            let pubArea =
                be16(0x0023) + be16(0x000B) + [0x00, 0x06, 0x04, 0x72] + sized([]) + be16(0x0010) + be16(0x0010)
                + be16(0x0003) + be16(0x0010) + sized(Array(point[1...32])) + sized(Array(point[33...64]))
            let certInfo =
                [0xFF, 0x54, 0x43, 0x47] + be16(0x8017) + sized([]) + sized(Array(SHA256.hash(data: authData + hash)))
                + [UInt8](repeating: 0, count: 25) + sized(be16(0x000B) + Array(SHA256.hash(data: pubArea))) + sized([])
            return [
                CBORPair(.text("ver"), .text("2.0")), CBORPair(.text("alg"), .int(-7)),
                CBORPair(.text("x5c"), .array([.bytes(try der(aik))])),
                CBORPair(.text("sig"), .bytes(Array(try aikKey.signature(for: certInfo).derRepresentation))),
                CBORPair(.text("certInfo"), .bytes(certInfo)), CBORPair(.text("pubArea"), .bytes(pubArea)),
            ]
        }
    }

    /// A Keystore key whose certificate carries a TEE-enforced key description (§8.4).
    static func androidKey(root: Certificate, rootKey: P256.Signing.PrivateKey) throws -> [UInt8] {
        let key = P256.Signing.PrivateKey()
        return try registration(format: "android-key", key: key) { authData, hash in
            let integer: (UInt8) -> [UInt8] = { tlv(0x02, [$0]) }
            let tee = tlv(0x30, tlv(0xA1, tlv(0x31, integer(2))) + [0xBF, 0x85, 0x3E] + [3] + integer(0))
            let description = tlv(
                0x30,
                integer(4) + tlv(0x0A, [1]) + integer(41) + tlv(0x0A, [1]) + tlv(0x04, hash)
                    + tlv(0x04, []) + tlv(0x30, []) + tee)
            let leaf = try issue(
                key.publicKey, subject: try DistinguishedName { CommonName("Android Keystore Key") }, root: root, rootKey: rootKey,
                extensions: try Certificate.Extensions {
                    Certificate.Extension(oid: AndroidKeyDescription.oid, critical: false, value: description[...])
                })
            return [
                CBORPair(.text("alg"), .int(-7)),
                CBORPair(.text("sig"), .bytes(Array(try key.signature(for: authData + hash).derRepresentation))),
                CBORPair(.text("x5c"), .array([.bytes(try der(leaf))])),
            ]
        }
    }

    private static func issue(
        _ publicKey: P256.Signing.PublicKey, subject: DistinguishedName, root: Certificate, rootKey: P256.Signing.PrivateKey,
        extensions: Certificate.Extensions
    ) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(publicKey), notValidBefore: root.notValidBefore,
            notValidAfter: root.notValidAfter, issuer: root.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(rootKey))
    }

    private static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
