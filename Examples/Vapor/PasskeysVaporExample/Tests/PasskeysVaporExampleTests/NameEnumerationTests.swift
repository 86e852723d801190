import Foundation
import PasskeyVapor
import Testing

/// Sign-up answers `usernameTaken`, so without a limit anyone could test names at the options rate.
@Suite("Vapor example, attack: enumerating usernames through sign-up")
struct NameEnumerationTests {
    @Test("after five taken names a client gets 429 for every sign-up, taken or free")
    func takenNamesAreLimited() async throws {
        try await ExampleServer.run { client in
            var ada = Browser(client)
            #expect(try await ada.register("ada").ok)

            var mallory = Browser(client)
            var taken = 0
            for _ in 0..<20 where try await mallory.registrationOptions("ada").code == "usernameTaken" { taken += 1 }
            #expect(taken == 5, "taken-name answers before the limit: \(taken)")
            let free = try await mallory.registrationOptions("nobody-has-this-name")
            #expect(free.status == .tooManyRequests && free.code == "rateLimited", "a free name must look the same: \(free.status) \(free.text)")
        }
    }

    @Test("free names do not spend the budget: ten sign-ups for new names in a row all begin")
    func freeNamesAreNotCharged() async throws {
        try await ExampleServer.run { client in
            var visitor = Browser(client)
            for index in 0..<10 {
                let answer = try await visitor.registrationOptions("new-user-\(index)")
                #expect(answer.ok, "\(index): \(answer.status) \(answer.text)")
            }
        }
    }
}
