import Foundation
import PasskeyVapor
import Testing

@Suite("Vapor example, attack: session cookies")
struct SessionCookieTests {
    static let httpsOrigin = "https://localhost"
    /// An Android app's origin (the base64url SHA-256 of its signing certificate) beside the https site.
    static let androidOrigin = "android:apk-key-hash:" + Base64URL.encode([UInt8](repeating: 7, count: 32))

    @Test("an https site with an Android app origin sets __Host-example_session with Secure, HttpOnly, Path=/ and no Domain")
    func httpsSiteWithAndroidOrigin() async throws {
        try await ExampleServer.run(configure: { $0.origins = [Self.httpsOrigin, Self.androidOrigin] }) { client in
            var ada = Browser(client, origin: Self.httpsOrigin)
            let answer = try await ada.register("ada")
            #expect(answer.ok, "\(answer.text)")
            let setCookie = try #require(answer.headers.first(name: .setCookie))
            let attributes = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            #expect(setCookie.hasPrefix("__Host-example_session="), "\(setCookie)")
            #expect(attributes.contains("secure"), "an app origin must not turn Secure off: \(setCookie)")
            #expect(attributes.contains("httponly") && attributes.contains("path=/"), "\(setCookie)")
            #expect(!attributes.contains { $0.hasPrefix("domain=") }, "\(setCookie)")
            #expect(try await ada.me() == "ada", "the __Host- cookie is the session")
        }
    }

    @Test("an http development site sets example_session without Secure (a __Host- cookie would be refused there)")
    func httpDevelopmentSite() async throws {
        try await ExampleServer.run { client in
            var ada = Browser(client)
            let answer = try await ada.register("ada")
            let setCookie = try #require(answer.headers.first(name: .setCookie))
            #expect(setCookie.hasPrefix("example_session="), "\(setCookie)")
            #expect(!setCookie.lowercased().contains("secure"), "\(setCookie)")
        }
    }

    @Test("a browser gets its session only as the HttpOnly cookie, never in the JSON its page script reads")
    func noTokenInJSON() async throws {
        try await ExampleServer.run { client in
            var browser = Browser(client)
            browser.sendsFetchMetadata = true
            let registered = try await browser.register("ada")
            #expect(registered.ok && registered.object["session"] == nil, "\(registered.text)")
            let sessionValue = try #require(browser.cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
            #expect(!registered.text.contains(sessionValue), "the session ID is not in the body")
            browser.cookie = nil
            let signedIn = try await browser.signIn("ada")
            #expect(signedIn.ok && signedIn.object["session"] == nil, "\(signedIn.text)")
            #expect(browser.cookie != nil)
            #expect(try await browser.me() == "ada")
        }
    }
}
