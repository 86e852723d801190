import Foundation
import Testing

@testable import PasskeyClient

/// PasskeyError's user-facing texts come from the String Catalog; on Linux, where SwiftPM copies the catalog
/// uncompiled, the English text in the code answers (scripts/check-catalogs checks the catalog's other languages).
@Suite("PasskeyError's localized descriptions")
struct PasskeyErrorLocalizationTests {
    @Test("every kind has a sentence for the user, and message stays the developer's detail")
    func everyKind() throws {
        let kinds: [PasskeyError.Kind] = [
            .cancelled, .noCredentials, .domainNotAssociated, .excludedCredentialMatched, .timeout, .failed(reason: "x"), .network,
            .server(status: 400, message: "m", code: nil), .registrationOutcomeUnknown(credentialID: "id"),
        ]
        var sentences: Set<String> = []
        for kind in kinds {
            let error = PasskeyError(kind, "the developer's detail")
            let sentence = try #require(error.errorDescription)
            #expect(sentence.hasSuffix(".") && sentence.first?.isUppercase == true, "\(kind): \(sentence)")
            #expect(error.localizedDescription == sentence, "Foundation's localizedDescription answers it")
            #expect(error.failureReason == "the developer's detail")
            sentences.insert(sentence)
        }
        #expect(sentences.count == kinds.count, "one sentence per kind")
    }

    @Test("server refusals are worded by code where the user can act on it, else by status")
    func serverRefusals() {
        func text(_ status: Int, _ code: String?) -> String {
            PasskeyError(.server(status: status, message: "m", code: code), "m").localizedDescription
        }
        #expect(text(400, "unknownCredential").contains("not registered here"))
        #expect(text(403, "usernameTaken").contains("username is taken"))
        #expect(text(403, "reverificationRequired") == text(400, "userNotVerified"))
        #expect(text(409, "lastPasskey").contains("only passkey"))
        #expect(text(401, nil).contains("session has ended"))
        #expect(text(429, "rateLimited").contains("Too many attempts"))
        #expect(text(503, "storeUnavailable").contains("unavailable"))
        #expect(text(400, "challengeMismatch") == "The server refused the request.")
    }

    @Test("the String Catalog is a resource of the module, so Xcode finds and compiles it")
    func catalogInBundle() throws {
        let url = try #require(Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(catalog["sourceLanguage"] as? String == "en")
        #expect((catalog["strings"] as? [String: Any])?.keys.contains("passkeyError.cancelled") == true)
    }
}
