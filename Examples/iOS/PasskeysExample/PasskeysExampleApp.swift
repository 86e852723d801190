import SwiftUI

/// A small app over the Passkeys client SDK: create an account, sign in (sheet and AutoFill), list, rename and
/// remove passkeys, and a web page that uses passkeys through the bridge. Set-up: ../README.md.
@main
struct PasskeysExampleApp: App {
    @State private var account = AccountModel()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                if account.user == nil { SignInView() } else { PasskeyListView() }
            }
            .environment(account)
        }
    }
}
