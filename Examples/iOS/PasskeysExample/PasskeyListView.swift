import PasskeyClient
import SwiftUI

struct PasskeyListView: View {
    @Environment(AccountModel.self) private var account
    @State private var renaming: PasskeySummary?
    @State private var newName = ""

    var body: some View {
        List {
            Section("Signed in as \(account.user?.name ?? "")") {
                ForEach(account.passkeys) { passkey in
                    VStack(alignment: .leading) {
                        Text(passkey.name).font(.headline)
                        Text(
                            "\(passkey.authenticatorName ?? passkey.format) · created \(passkey.createdAt.formatted(date: .abbreviated, time: .omitted))"
                        )
                        .font(.caption).foregroundStyle(.secondary)
                    }
                    .swipeActions {
                        Button("Remove", role: .destructive) { Task { await account.remove(passkey) } }
                        Button("Rename") {
                            renaming = passkey
                            newName = passkey.name
                        }
                    }
                }
            }
            if let message = account.message { Text(message).foregroundStyle(.secondary) }
        }
        .navigationTitle("Passkeys")
        .toolbar { Button("Sign out") { Task { await account.signOut() } } }
        .refreshable { await account.refresh() }
        .task { await account.refresh() }
        // Binding's closures are @Sendable @isolated(any) (iOS 26 SDK): `@MainActor in` lets them use the view's state.
        .alert("Rename passkey", isPresented: Binding(get: { @MainActor in renaming != nil }, set: { @MainActor in if !$0 { renaming = nil } })) {
            TextField("Name", text: $newName)
            Button("Save") { if let passkey = renaming { Task { await account.rename(passkey, to: newName) } } }
            Button("Cancel", role: .cancel) {}
        }
    }
}
