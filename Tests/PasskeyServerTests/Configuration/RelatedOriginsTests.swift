import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Related origin requests (WebAuthn L3 §5.11.1): `/.well-known/webauthn`, ceremonies from a listed origin, and the
/// start-up checks that refuse what browsers would not honour.
@Suite("Related origins and app associations")
struct RelatedOriginsTests {
    static let related = ["https://shop.example.co.uk", "https://example.de"]

    static func configuration(_ backend: Backend = .sqlite, related: [String] = related) -> ServerConfiguration {
        var configuration = TestServer.configuration(backend.location())
        configuration.relyingParty.relatedOrigins = related
        return configuration
    }

    /// A small list in the Public Suffix List's format: enough rules to tell the labels apart as browsers would.
    static let suffixes = PublicSuffixList(
        text: """
            // comments and blank lines are skipped

            com
            de
            uk
            co.uk
            io
            github.io
            *.ck
            !www.ck
            """)

    @Test("/.well-known/webauthn lists the related origins as JSON", arguments: Backend.all)
    func document(_ backend: Backend) async throws {
        try await TestServer.withServer(Self.configuration(backend)) { client in
            try await client.execute(uri: "/.well-known/webauthn", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let object = try JSONParser.parseObject(Array(String(buffer: response.body).utf8))
                #expect(object["origins"] == .array(Self.related.map(JSONValue.string)))
            }
        }
        // Without related origins the document is there and empty: browsers then allow no other site.
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            try await client.execute(uri: "/.well-known/webauthn", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"origins":[]}"#)
            }
        }
    }

    @Test("a ceremony from a related origin is accepted; one from an unlisted origin is refused", arguments: Backend.all)
    func ceremonies(_ backend: Backend) async throws {
        try await TestServer.withServer(Self.configuration(backend)) { client in
            let related = try #require(Self.related.first)
            var browser = TestBrowser(origin: related)
            let username = uniqueName()
            // The related site's page calls the API with its own Origin header, which the cross-site check accepts.
            let origin: HTTPFields = [.origin: related]
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), headers: origin)
            #expect(options.ok, "\(options.errorMessage)")
            let registered = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object), headers: origin)
            #expect(registered.ok, "\(registered.errorMessage)")
            let signedIn = try await client.signIn(username, browser: &browser)
            #expect(signedIn.ok, "\(signedIn.errorMessage)")

            // The same passkey, driven from a site nobody listed: refused by clientDataJSON.origin (§7.2 step 12).
            var phishing = browser
            phishing.origin = "https://example-login.com"
            let refused = try await client.signIn(username, browser: &phishing)
            #expect(!refused.ok && refused.code == "originMismatch", "\(refused.object)")
            // And a registration from it too (§7.1 step 9).
            let other = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            let foreign = try await client.call(.post, "/attestation/result", bytes: try phishing.create(other.object))
            #expect(!foreign.ok && foreign.code == "originMismatch", "\(foreign.object)")
            // Its page may not call the API either.
            let crossSite = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]), headers: [.origin: "https://example-login.com"])
            #expect(crossSite.status == .forbidden && crossSite.code == "originNotAllowed")
        }
    }

    @Test("labels follow the registrable domain: example.com, example.co.uk and example.de are one; a sixth label is refused")
    func labels() throws {
        #expect(RelatedOrigins.label(of: "shop.example.co.uk", publicSuffixes: Self.suffixes) == "example")
        #expect(RelatedOrigins.label(of: "example.com", publicSuffixes: Self.suffixes) == "example")
        #expect(RelatedOrigins.label(of: "alice.github.io", publicSuffixes: Self.suffixes) == "alice")
        #expect(RelatedOrigins.label(of: "a.b.ck", publicSuffixes: Self.suffixes) == "a", "*.ck makes b.ck a public suffix")
        #expect(RelatedOrigins.label(of: "www.ck", publicSuffixes: Self.suffixes) == "www", "!www.ck makes www.ck registrable")
        #expect(RelatedOrigins.label(of: "co.uk", publicSuffixes: Self.suffixes) == nil)
        #expect(RelatedOrigins.label(of: "unlisted-tld", publicSuffixes: Self.suffixes) == nil, "the implicit * rule")

        // Many origins but five labels: accepted, as browsers accept it.
        let five = [
            "https://example.com", "https://example.co.uk", "https://www.example.de", "https://a.com", "https://b.com", "https://c.com",
            "https://d.com",
        ]
        try RelatedOrigins.check(five, publicSuffixes: Self.suffixes)
        #expect(throws: ConfigurationError.self) { try RelatedOrigins.check(five + ["https://e.co.uk"], publicSuffixes: Self.suffixes) }
        do {
            try RelatedOrigins.check(five + ["https://e.co.uk"], publicSuffixes: Self.suffixes)
        } catch {
            #expect(error.description.contains("6 distinct labels (example, a, b, c, d, e)"), "\(error)")
        }
        // Without a list every host counts as its own label, an upper bound: six hosts are refused, five accepted.
        let hosts = ["https://example.com", "https://example.co.uk", "https://example.de", "https://example.fr", "https://example.it"]
        try RelatedOrigins.check(hosts, publicSuffixes: nil)
        #expect(throws: ConfigurationError.self) { try RelatedOrigins.check(hosts + ["https://example.es"], publicSuffixes: nil) }
    }

    @Test(
        "the system's Public Suffix List reads as browsers read it", .enabled(if: FileManager.default.fileExists(atPath: PublicSuffixList.systemPath))
    )
    func systemList() throws {
        let list = try PublicSuffixList(contentsOf: PublicSuffixList.systemPath)
        #expect(list.count > 5000)
        #expect(list.registrableDomain(of: "shop.example.co.uk") == "example.co.uk")
        #expect(list.registrableDomain(of: "alice.github.io") == "alice.github.io")
        #expect(list.registrableDomain(of: "www.example.com") == "example.com")
        #expect(list.registrableDomain(of: "co.uk") == nil)
    }

    /// Each configuration browsers or apps would fail on, and words the refusal must say.
    static let badConfigurations: [(String, @Sendable (inout ServerConfiguration) -> Void, String)] = [
        ("http related origin", { $0.relyingParty.relatedOrigins = ["http://example.co.uk"] }, "is not https"),
        ("no scheme", { $0.relyingParty.relatedOrigins = ["example.co.uk"] }, "is not an https origin"),
        ("path", { $0.relyingParty.relatedOrigins = ["https://example.co.uk/login"] }, "no path"),
        ("default port", { $0.relyingParty.relatedOrigins = ["https://example.co.uk:443"] }, "without ':443'"),
        ("upper case", { $0.relyingParty.relatedOrigins = ["https://Example.co.uk"] }, "lower-case"),
        ("IP address", { $0.relyingParty.relatedOrigins = ["https://192.0.2.1"] }, "IP address"),
        ("twice", { $0.relyingParty.relatedOrigins = ["https://example.de", "https://example.de"] }, "listed twice"),
        (
            "public suffix",
            {
                $0.relyingParty.relatedOrigins = ["https://co.uk"]
                $0.publicSuffixList = RelatedOriginsTests.suffixes
            }, "public suffix"
        ),
        ("Android origin as related", { $0.relyingParty.relatedOrigins = [TestServer.androidApp.origin] }, "belong in --origin"),
        (
            "six labels",
            {
                $0.relyingParty.relatedOrigins = [
                    "https://a.com", "https://b.com", "https://c.de", "https://d.co.uk", "https://e.io", "https://f.com",
                ]
                $0.publicSuffixList = RelatedOriginsTests.suffixes
            }, "at most 5"
        ),
        (
            "Android origin without its app",
            {
                $0.relyingParty.origins.append("android:apk-key-hash:" + Base64URL.encode([UInt8](repeating: 0xCD, count: 32)))
            }, "no --android-app names"
        ),
        ("Android app without its origin", { $0.relyingParty.origins.removeAll { $0.hasPrefix("android:") } }, "has no origin"),
        ("malformed Android origin", { $0.relyingParty.origins.append("android:apk-key-hash:not-a-hash") }, "is not an Android origin"),
        ("Apple app ID without a team", { $0.appleAppIDs = ["com.example.app"] }, "--apple-app-id"),
        ("Apple app ID with a lower-case team", { $0.appleAppIDs = ["abcde12345.com.example.app"] }, "--apple-app-id"),
        ("Apple app ID with an empty part", { $0.appleAppIDs = ["ABCDE12345.com..app"] }, "--apple-app-id"),
        ("Apple app ID with a space", { $0.appleAppIDs = ["ABCDE12345.com.example app"] }, "--apple-app-id"),
    ]

    @Test("each bad configuration is refused at start with a message naming the problem", arguments: badConfigurations.indices)
    func refusedAtStart(_ index: Int) async throws {
        let (name, change, words) = Self.badConfigurations[index]
        var configuration = Self.configuration()
        change(&configuration)
        do {
            try await TestServer.withServer(configuration) { _ in Issue.record("\(name): the server started") }
        } catch let error as ConfigurationError {
            #expect(error.description.contains(words), "\(name): \(error)")
        }
    }

    @Test("the test configuration itself, with related origins, an Android app and its origin, starts")
    func goodConfigurationStarts() throws {
        var configuration = Self.configuration()
        configuration.publicSuffixList = Self.suffixes
        try configuration.checkAssociations()
    }
}
