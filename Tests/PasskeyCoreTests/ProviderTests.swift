import Foundation
import Testing

@testable import PasskeyCore

/// Provider names by AAGUID (metadata's localized names, else the built-in table) and icons that
/// are checked before any page shows them.
@Suite("Passkey providers and their icons")
struct ProviderTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static func dataURL(_ type: String, _ bytes: [UInt8]) -> String { "data:\(type);base64,\(Data(bytes).base64EncodedString())" }

    @Test("icons of the four image types whose bytes are that type are accepted")
    func acceptedIcons() {
        #expect(ProviderIcon(dataURL: Self.dataURL("image/png", Self.png))?.mediaType == .png)
        #expect(ProviderIcon(dataURL: Self.dataURL("image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 1, 2]))?.mediaType == .jpeg)
        #expect(ProviderIcon(dataURL: Self.dataURL("image/webp", Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)))?.mediaType == .webp)
        #expect(ProviderIcon(dataURL: Self.dataURL("image/svg+xml", Array("  <svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)))?.mediaType == .svg)
        #expect(ProviderIcon(dataURL: Self.dataURL("IMAGE/PNG", Self.png)) != nil, "media types are case-insensitive (RFC 2045)")
    }

    @Test("anything else is refused: other schemes and types, content that is not the declared image, no base64, too large")
    func refusedIcons() {
        let refused = [
            "javascript:alert(1)",
            "https://example.com/icon.png",
            Self.dataURL("text/html", Array("<script>alert(1)</script>".utf8)),
            Self.dataURL("image/png", Array("<script>alert(1)</script>".utf8)),
            Self.dataURL("image/svg+xml", Array("<html><script>alert(1)</script></html>".utf8)),
            "data:image/png," + "%89PNG",
            "data:image/png;charset=utf-8;base64," + Data(Self.png).base64EncodedString(),
            "data:image/png;base64,***",
            "data:image/png;base64,",
            Self.dataURL("image/png", Self.png + [UInt8](repeating: 0, count: ProviderIcon.maximumBytes)),
        ]
        for url in refused { #expect(ProviderIcon(dataURL: url) == nil, "\(url.prefix(60))") }
    }

    @Test("the built-in table names well-known providers; the all-zero and unknown AAGUIDs name nobody")
    func builtIn() throws {
        let apple = try #require(AuthenticatorProviders.provider(for: "FBFC3007-154E-4ECC-8C0B-6E020557D7BD", metadata: nil))
        #expect(apple.name == "Apple Passwords" && apple.source == .builtIn && apple.icon == nil)
        #expect(AuthenticatorProviders.provider(for: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4", metadata: nil)?.name == "Google Password Manager")
        #expect(AuthenticatorProviders.provider(for: .zero, metadata: nil) == nil)
        #expect(AuthenticatorProviders.provider(for: "12345678-1234-1234-1234-123456789012", metadata: nil) == nil)
        #expect(AuthenticatorProviders.provider(for: "not a uuid", metadata: nil) == nil)
    }

    @Test("metadata's description names a model without friendlyNames, and an icon that is not a real image is dropped")
    func metadataDescription() async throws {
        let root = try TestCA("Test MDS Root"), (_, pki) = try MetadataTests.packedRegistration()
        let (jwt, _) = try MetadataTests.blob(root: root, attestationRoot: pki.root)
        let index = try await MetadataBLOB.verify(jwt, roots: [root.certificate], at: TestCA.now)
        let provider = try #require(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: index))
        #expect(provider.name == "Test Key 5" && provider.source == .metadata)
        #expect(provider.icon == nil, "the test BLOB's icon, data:image/png;base64,AA==, is not a PNG")
    }

    /// Names from metadata pass a rename's rules before they are served or stored.
    @Test("the attack: friendlyNames with a right-to-left override, 5,000 characters or controls are not used; HTML is text")
    func hostileMetadataNames() async throws {
        let root = try TestCA("Test MDS Root"), signer = try TestCA("Test MDS Signer")
        let certificate = try root.issue(.init(signer.key.publicKey), subject: signer.name)
        func index(friendlyNames: String, description: String) async throws -> MetadataIndex {
            let payload = """
                {"legalHeader":"test","no":42,"nextUpdate":"2027-01-01","entries":[
                  {"aaguid":"\(Fixtures.aaguid)","metadataStatement":{"description":\(description),"friendlyNames":\(friendlyNames)},
                   "statusReports":[{"status":"FIDO_CERTIFIED"}],"timeOfLastStatusChange":"2024-01-01"}]}
                """
            let jwt = try MetadataTests.signedBLOB(signerKey: signer.key, x5c: [certificate], payload: payload)
            return try await MetadataBLOB.verify(jwt, roots: [root.certificate], at: TestCA.now)
        }
        let long = String(repeating: "A", count: 5000)
        // Every friendly name is hostile: the description is used.
        let hostile = try await index(
            friendlyNames: #"{"en-US":"Key\u202Eevil","de":"\#(long)","fr":"Cl\u0007e"}"#, description: #""Plain Key""#)
        #expect(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: hostile, languages: ["en-US"])?.name == "Plain Key")
        #expect(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: hostile, languages: ["de"])?.name == "Plain Key")
        // One good name among them is the one used, for every language.
        let mixed = try await index(friendlyNames: #"{"en-US":"Key\u2066x","de":"  Schl\u00fcssel  "}"#, description: #""Plain Key""#)
        #expect(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: mixed, languages: ["en-US"])?.name == "Schlüssel")
        // Nothing usable: no provider from metadata (the AAGUID is not in the built-in table).
        let none = try await index(friendlyNames: #"{"en-US":"\u200B"}"#, description: "\"\(long)\"")
        #expect(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: none) == nil)
        // HTML is text to a name: the page escapes it; it passes the rules like any other printable name.
        let html = try await index(friendlyNames: #"{"en-US":"<b>Key</b>"}"#, description: #""Plain Key""#)
        #expect(AuthenticatorProviders.provider(for: Fixtures.aaguid, metadata: html)?.name == "<b>Key</b>")
    }

    @Test("every built-in provider name passes a rename's rules as it is")
    func builtInNamesAreNames() {
        for name in KnownPasskeyProviders.names.values {
            #expect(UserFacingName.acceptable(name) == name, "\(name)")
        }
    }

    @Test("provider JSON round-trips through the API's shape")
    func json() throws {
        let icon = try #require(ProviderIcon(dataURL: Self.dataURL("image/png", Self.png)))
        let provider = AuthenticatorProvider(name: "Key", icon: icon, iconDark: nil, source: .metadata)
        #expect(provider.json.keys == ["name", "source", "icon"])
        #expect(try AuthenticatorProvider(json: provider.json, in: "provider") == provider)
    }

    @Test("an AAGUID's text form: 8-4-4-4-12 lower-case hex out, either case in, anything else refused")
    func aaguidText() throws {
        let bytes: [UInt8] = [0xfb, 0xfc, 0x30, 0x07, 0x15, 0x4e, 0x4e, 0xcc, 0x8c, 0x0b, 0x6e, 0x02, 0x05, 0x57, 0xd7, 0xbd]
        let aaguid = try #require(AAGUID(bytes: bytes))
        #expect(aaguid.description == "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")
        #expect(AAGUID(string: "FBFC3007-154E-4ECC-8C0B-6E020557D7BD") == aaguid)
        #expect(AAGUID(string: aaguid.description) == aaguid && AAGUID.zero.description == "00000000-0000-0000-0000-000000000000")
        let refused = [
            "", "fbfc3007154e4ecc8c0b6e020557d7bd", "fbfc3007-154e-4ecc-8c0b-6e020557d7b", "fbfc3007-154e-4ecc-8c0b-6e020557d7bd0",
            "fbfc300-7154e-4ecc-8c0b-6e020557d7bd", "fbfc3007-154e-4ecc-8c0b-6e020557d7bg", "fbfc3007-154e-4ecc-8c0b+6e020557d7bd",
            " fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "fbfc3007-154e-4ecc-8c0b-6e020557d7b\u{E9}", "{fbfc3007-154e-4ecc-8c0b-6e020557d7bd}",
        ]
        for text in refused { #expect(AAGUID(string: text) == nil, "\(text.debugDescription)") }
        #expect(AuthenticatorProviders.provider(for: "FBFC3007-154E-4ECC-8C0B-6E020557D7BD", metadata: nil)?.name == "Apple Passwords")
    }
}
