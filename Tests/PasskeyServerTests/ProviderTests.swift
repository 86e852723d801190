import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer
import SwiftASN1
import Testing
import X509

/// `GET /credentials` names who holds each passkey (`provider`), apart from the name the user
/// gave it: from FIDO metadata in the reader's language with checked icons, else from the built-in provider table.
@Suite("Passkey providers in the passkey list")
struct ProviderTests {
    /// A one-pixel PNG, as FIDO metadata carries icons.
    static let pngIcon = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    static let metadataAAGUID = AAGUID(string: "7e3f3d30-3557-4442-bdae-139312178b39")!

    /// A BLOB listing `metadataAAGUID` with localized names, a PNG icon and an `iconDark` that is HTML pretending to be
    /// an image, signed by a signer under a root made here.
    static func metadata() async throws -> MetadataIndex {
        let rootKey = P256.Signing.PrivateKey(), signerKey = P256.Signing.PrivateKey()
        let rootName = try DistinguishedName { CommonName("Test MDS Root") }, signerName = try DistinguishedName { CommonName("Test MDS Signer") }
        let from = Date(timeIntervalSince1970: 1_700_000_000), until = Date(timeIntervalSince1970: 1_900_000_000)
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: from, notValidAfter: until,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(rootKey))
        let signer = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(signerKey.publicKey), notValidBefore: from, notValidAfter: until,
            issuer: rootName, subject: signerName, signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(),
            issuerPrivateKey: .init(rootKey))
        var serializer = DER.Serializer()
        try serializer.serialize(signer)
        let html = "data:image/png;base64," + Data("<script>alert(1)</script>".utf8).base64EncodedString()
        let header = #"{"alg":"ES256","typ":"JWT","x5c":["\#(Data(serializer.serializedBytes).base64EncodedString())"]}"#
        let payload = """
            {"legalHeader":"test","no":7,"nextUpdate":"2027-01-01","entries":[
              {"aaguid":"\(metadataAAGUID)","metadataStatement":{"description":"Test Key (description)",
               "friendlyNames":{"en-US":"Test Key","de-DE":"Testschlüssel"},"icon":"\(pngIcon)","iconDark":"\(html)"},
               "statusReports":[{"status":"FIDO_CERTIFIED_L1"}],"timeOfLastStatusChange":"2024-01-01"}]}
            """
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        let signature = Array(try signerKey.signature(for: Array(input.utf8)).rawRepresentation)
        return try await MetadataBLOB.verify(
            Array((input + "." + Base64URL.encode(signature)).utf8), roots: [root], at: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func provider(_ client: any TestClientProtocol, session: String, language: String? = nil) async throws -> JSONObject? {
        var headers = HTTPFields()
        if let language { headers[.acceptLanguage] = language }
        let list = try await client.call(.get, "/credentials", session: session, headers: headers)
        #expect(list.ok, "\(list.errorMessage)")
        return list.object["credentials"]?.arrayValue?.first?.objectValue?["provider"]?.objectValue
    }

    @Test("a well-known provider's AAGUID is named from the built-in table, and keeps its name when the passkey is renamed", arguments: Backend.all)
    func builtIn(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            browser.authenticator = SoftwareAuthenticator(aaguid: AAGUID(string: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")!)
            let session = try await client.register(uniqueName(), browser: &browser)
            let provider = try #require(try await Self.provider(client, session: session))
            #expect(provider["name"] == .string("Apple Passwords") && provider["source"] == .string("builtIn"))
            #expect(provider["icon"] == nil, "the built-in table has names only")

            let list = try await client.call(.get, "/credentials", session: session)
            let id = try #require(list.object["credentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
            #expect(try await client.call(.patch, "/credentials/\(id)", json: JSONObject(["name": .string("My phone")]), session: session).ok)
            let renamed = try await client.call(.get, "/credentials", session: session)
            let credential = try #require(renamed.object["credentials"]?.arrayValue?.first?.objectValue)
            #expect(credential["name"] == .string("My phone"))
            #expect(credential["provider"]?.objectValue?["name"] == .string("Apple Passwords"))
        }
    }

    @Test("an unknown or all-zero AAGUID has provider null", arguments: Backend.all)
    func unknown(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName(), browser: &browser)
            let list = try await client.call(.get, "/credentials", session: session)
            #expect(list.object["credentials"]?.arrayValue?.first?.objectValue?["provider"] == .null)
        }
    }

    @Test("FIDO metadata names the model in the reader's language; an icon that is not the image it claims is dropped")
    func metadataNamesAndIcons() async throws {
        var configuration = TestServer.configuration(Backend.sqlite.location())
        configuration.relyingParty.attestation.metadata = try await Self.metadata()
        try await TestServer.withServer(configuration) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            browser.authenticator = SoftwareAuthenticator(aaguid: Self.metadataAAGUID)
            let session = try await client.register(uniqueName(), browser: &browser)
            let english = try #require(try await Self.provider(client, session: session))
            #expect(english["name"] == .string("Test Key") && english["source"] == .string("metadata"))
            #expect(english["icon"] == .string(Self.pngIcon))
            #expect(english["iconDark"] == nil, "HTML in a data:image/png URL never reaches a page")
            let german = try await Self.provider(client, session: session, language: "de-CH, de;q=0.9, en;q=0.5")
            #expect(german?["name"] == .string("Testschlüssel"))
            let unlisted = try await Self.provider(client, session: session, language: "ja")
            #expect(unlisted?["name"] == .string("Test Key"), "English when the reader's language is not given")
        }
    }
}
