import Foundation
import PasskeyCore
import Testing

@testable import PasskeyRelyingParty

/// One comparison form for usernames, so look-alike names are one name, and new names that mix
/// scripts are refused.
@Suite("Usernames: one comparison form, one script")
struct UsernameKeyTests {
    @Test("case, width, compatibility forms and Cyrillic or Greek look-alikes give the key of the plain Latin name")
    func lookalikesShareAKey() {
        let groups: [[String]] = [
            ["ada", "Ada", "ADA", "ａｄａ", "аda", "ADA", "\u{0430}d\u{0430}", "ΑDΑ"],
            ["coe", "сое", "COE", "СОЕ"],
            ["strasse", "Straße", "STRASSE"],
            ["fix", "ﬁx", "FIX"],
            ["pop", "рор", "ροp"],
            ["zoë", "zoe\u{308}", "ZOË", "zоё"],
            ["σίσυφος", "ΣΊΣΥΦΟΣ", "σίσυφοσ"],
        ]
        for group in groups {
            let keys = Set(group.map { UsernameKey($0) })
            #expect(keys.count == 1, "\(group): \(keys)")
        }
        let distinct = ["ada", "adb", "ad", "李小龍", "李小龙", "ada lovelace", "adalovelace", "jose", "josé"]
        #expect(Set(distinct.map { UsernameKey($0) }).count == distinct.count)
    }

    @Test("the ASCII shortcut gives the general path's key")
    func asciiShortcut() {
        for name in ["ada", "Ada Lovelace", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./", "ADA.2", "Z", " spaced "] {
            let general = name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
            #expect(UsernameKey(name).rawValue == general, "\(name)")
        }
    }

    @Test("one script per new name, or Latin with Han and Kana, Hangul or Bopomofo; digits, marks and punctuation go with any")
    func scripts() {
        for accepted in [
            "ada", "ада", "αδα", "josé", "cafe\u{301}", "ada.2", "李小龍", "やまだ太郎", "山田タロウ", "Tokyo東京", "김민준", "Seoul서울", "ㄅㄆ李", "ada_99", "אדה", "ﻋﺎﺩﻝ",
            "ａｄａ",
        ] {
            #expect(UsernameScripts.isSingleScript(accepted), "\(accepted)")
        }
        for refused in ["аda", "adа", "ΑDΑ", "pаypal", "αda", "ада1a", "김민준やまだ", "Ωmega", "ada\u{0561}"] {
            #expect(!UsernameScripts.isSingleScript(refused), "\(refused)")
        }
    }

    @Test("a sign-in for a look-alike of an account's name is the account's, and stand-ins for unknown look-alikes are the same")
    func signInByLookalike() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let client = TestClient()
        _ = try await PasskeysCeremonyTests().register("ada", passkeys, client)
        for spelling in ["Ada", "ADA", "аda"] {
            let start = try await passkeys.beginAuthentication(username: spelling)
            let response = try await client.get(start.options)
            let signIn = try await passkeys.finishAuthentication(response)
            #expect(signIn.user.name == "ada", "\(spelling)")
        }
        // Unknown names: look-alike spellings get one set of stand-ins, as they would one account's credentials.
        let lower = try await passkeys.beginAuthentication(username: "ghost").options.allowCredentials.map(\.id)
        let upper = try await passkeys.beginAuthentication(username: "GHOST").options.allowCredentials.map(\.id)
        let cyrillic = try await passkeys.beginAuthentication(username: "ghоst").options.allowCredentials.map(\.id)
        #expect(!lower.isEmpty && lower == upper && lower == cyrillic)
    }
}
