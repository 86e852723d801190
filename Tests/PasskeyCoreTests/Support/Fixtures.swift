import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import SwiftASN1
import Testing
import X509

/// Builds valid ceremonies with every part adjustable, so each test changes exactly one thing.
enum Fixtures {
    static let rpID = "example.com"
    static let origin = "https://example.com"
    static let challenge = Challenge(bytes: Array(0..<32))
    static let userHandle: [UInt8] = Array(repeating: 0xAB, count: 32)
    static let aaguid = AAGUID(string: "c5ef55ff-ad9a-4b9f-b580-adebafe026d0")!

    static func policy(_ configure: (inout VerificationPolicy) -> Void = { _ in }) -> VerificationPolicy {
        var policy = VerificationPolicy(rpID: rpID, origins: [origin])
        configure(&policy)
        return policy
    }

    static func clientData(
        type: String = "webauthn.create", challenge: String = Fixtures.challenge.base64URL, origin: String = Fixtures.origin,
        crossOrigin: Bool = false, topOrigin: String? = nil
    ) -> [UInt8] {
        ClientDataBuilder.json(type: type, challenge: challenge, origin: origin, crossOrigin: crossOrigin, topOrigin: topOrigin)
    }

    /// The parts of a registration; `response()` assembles them, signing where the format needs it.
    struct Registration {
        var key: CredentialPrivateKey = .p256(P256.Signing.PrivateKey())
        var credentialID: [UInt8] = Array(repeating: 0x11, count: 16)
        var rpID = Fixtures.rpID
        var flags: AuthenticatorFlags = [.userPresent, .userVerified]
        var signCount: UInt32 = 0
        var aaguid = Fixtures.aaguid
        var clientDataJSON = Fixtures.clientData()
        var format = "none"
        /// Builds attStmt from (authData, clientDataHash); none by default.
        var statement: (_ authData: [UInt8], _ clientDataHash: [UInt8]) throws -> [CBORPair] = { _, _ in [] }
        var coseKeyOverride: [UInt8]? = nil
        var rawIDOverride: [UInt8]? = nil
        var extensions: CBORValue? = nil

        func authenticatorData() throws -> [UInt8] {
            AuthenticatorDataBuilder.build(
                rpID: rpID, flags: flags, signCount: signCount,
                attestedCredential: (aaguid, credentialID, try coseKeyOverride ?? key.coseKey()), extensions: extensions)
        }

        func attestationObject() throws -> [UInt8] {
            let authData = try authenticatorData()
            let stmt = try statement(authData, Array(SHA256.hash(data: clientDataJSON)))
            return CBOREncoder.encode(
                .map([
                    CBORPair(.text("fmt"), .text(format)), CBORPair(.text("attStmt"), .map(stmt)), CBORPair(.text("authData"), .bytes(authData)),
                ]))
        }

        func response() throws -> RegistrationResponse {
            RegistrationResponse(
                rawID: rawIDOverride ?? credentialID, clientDataJSON: clientDataJSON, attestationObject: try attestationObject(),
                transports: ["internal"])
        }

        /// Packed self attestation by the credential key.
        mutating func packedSelf(alg: COSEAlgorithm? = nil) {
            format = "packed"
            let key = self.key
            statement = { authData, hash in
                [CBORPair(.text("alg"), .int((alg ?? key.algorithm).rawValue)), CBORPair(.text("sig"), .bytes(try key.sign(authData + hash)))]
            }
        }

        /// Packed basic attestation by `attestationKey` with `chain` as x5c.
        mutating func packedX5c(attestationKey: P256.Signing.PrivateKey, chain: [Certificate]) {
            format = "packed"
            statement = { authData, hash in
                [
                    CBORPair(.text("alg"), .int(-7)),
                    CBORPair(.text("sig"), .bytes(try CredentialPrivateKey.p256(attestationKey).sign(authData + hash))),
                    CBORPair(.text("x5c"), .array(try chain.map { .bytes(try Fixtures.der($0)) })),
                ]
            }
        }
    }

    /// The parts of an assertion for a credential.
    struct Assertion {
        var key: CredentialPrivateKey
        var credentialID: [UInt8] = Array(repeating: 0x11, count: 16)
        var rpID = Fixtures.rpID
        var flags: AuthenticatorFlags = [.userPresent, .userVerified]
        var signCount: UInt32 = 5
        var clientDataJSON = Fixtures.clientData(type: "webauthn.get")
        var userHandle: [UInt8]? = Fixtures.userHandle
        var signatureOverride: [UInt8]? = nil

        init(key: CredentialPrivateKey) { self.key = key }

        func response() throws -> AuthenticationResponse {
            let authData = AuthenticatorDataBuilder.build(rpID: rpID, flags: flags, signCount: signCount)
            let signature = try signatureOverride ?? key.sign(authData + Array(SHA256.hash(data: clientDataJSON)))
            return AuthenticationResponse(
                rawID: credentialID, clientDataJSON: clientDataJSON, authenticatorData: authData, signature: signature, userHandle: userHandle)
        }

        func stored(signCount: UInt32 = 4, backupEligible: Bool? = nil) throws -> StoredCredential {
            StoredCredential(
                id: credentialID, publicKey: try CredentialPublicKey(coseBytes: key.coseKey()), signCount: signCount, backupEligible: backupEligible,
                userHandle: Fixtures.userHandle)
        }
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// A root CA and an attestation leaf, with every §8.2.1 subject field adjustable.
    struct PKI {
        let rootKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let root: Certificate
        let leaf: Certificate
        static let validFrom = Date(timeIntervalSince1970: 1_700_000_000)
        static let validUntil = Date(timeIntervalSince1970: 1_900_000_000)

        init(
            organizationalUnit: String = "Authenticator Attestation", country: String = "SE", leafIsCA: Bool = false,
            version: Certificate.Version = .v3, aaguidExtension: [UInt8]? = nil, aaguidCritical: Bool = false
        ) throws {
            let rootName = try DistinguishedName {
                CountryName("SE")
                OrganizationName("Test Vendor")
                CommonName("Test Attestation Root")
            }
            root = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
                notValidBefore: Self.validFrom, notValidAfter: Self.validUntil, issuer: rootName, subject: rootName,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                    Critical(KeyUsage(keyCertSign: true))
                },
                issuerPrivateKey: .init(rootKey))
            var extensions = Certificate.Extensions()
            try extensions.append(
                Certificate.Extension(
                    leafIsCA ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority, critical: true))
            if let aaguidExtension {
                var serializer = DER.Serializer()
                try serializer.serialize(ASN1OctetString(contentBytes: aaguidExtension[...]))
                try extensions.append(
                    Certificate.Extension(oid: [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4], critical: aaguidCritical, value: serializer.serializedBytes[...]))
            }
            leaf = try Certificate(
                version: version, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
                notValidBefore: Self.validFrom, notValidAfter: Self.validUntil, issuer: rootName,
                subject: try DistinguishedName {
                    CountryName(country)
                    OrganizationName("Test Vendor")
                    OrganizationalUnitName(organizationalUnit)
                    CommonName("Test Authenticator")
                },
                signatureAlgorithm: .ecdsaWithSHA256, extensions: version == .v3 ? extensions : Certificate.Extensions(),
                issuerPrivateKey: .init(rootKey))
        }
    }
}

/// Runs `body` and checks it fails with `code`.
@discardableResult
func expectFailure<T>(
    _ code: WebAuthnError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> WebAuthnError? {
    do {
        _ = try await body()
        Issue.record("expected a failure with code \(code), but it succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as WebAuthnError {
        #expect(error.code == code, "expected \(code), got \(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected a WebAuthnError \(code), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
