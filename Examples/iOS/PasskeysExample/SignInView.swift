import SwiftUI

struct SignInView: View {
    @Environment(AccountModel.self) private var account
    @State private var username = ""

    var body: some View {
        Form {
            Section("Account") {
                // .username lets the keyboard offer passkeys (AutoFill) while the AutoFill request waits.
                TextField("Username", text: $username)
                    .textContentType(.username)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                Button("Create account with a passkey") { Task { await account.register(username: username) } }
                    .disabled(username.isEmpty)
                Button("Sign in with a passkey") { Task { await account.signIn() } }
            }
            Section("Web page") {
                NavigationLink("Open the web page (bridge)") { BridgeWebView(url: URL(string: AccountModel.server)!) }
            }
            if let message = account.message { Text(message).foregroundStyle(.secondary) }
        }
        .navigationTitle("Passkeys")
        .task { await account.startAutoFill() }
    }
}
