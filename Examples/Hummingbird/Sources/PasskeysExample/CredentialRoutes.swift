import Foundation
import GRDB
import Hummingbird
import PasskeyHummingbird

/// The signed-in account's passkeys: `GET /credentials` lists them, `DELETE /credentials/{id}` removes one.
///
/// Removing a passkey is a sensitive action: it needs a passkey verification within the reverification window
/// (`Passkeys.requireStepUp`: 403 `reverificationRequired` otherwise, `recoverySessionRestricted` for a recovery
/// session, which cannot list them either), so a stolen session alone cannot lock the owner out. The last passkey of
/// an account without a password is kept (409 `lastPasskey`): without it nobody could sign in.
struct CredentialRoutes<Accounts: PasskeyAccounts>: Sendable where Accounts.User == User {
    let database: AppDatabase
    let sessions: Sessions
    let passkeys: Passkeys<Accounts>

    func add(to router: Router<ExampleContext>) {
        router.get("credentials") { request, context in await answer(context) { try await list(request) } }
        router.delete("credentials/:id") { request, context in
            await answer(context) { try await remove(request, id: try context.parameters.require("id")) }
        }
    }

    private func list(_ request: Request) async throws -> PasskeyResponse {
        guard let signedIn = try await sessions.ordinary(request) else { throw RelyingPartyError.notSignedIn }
        let credentials = try await passkeys.accounts.credentials(userHandle: signedIn.user.handle)
        return .ok(JSONObject(["credentials": .array(credentials.map { .object($0.summaryJSON(provider: nil)) })]))
    }

    private func remove(_ request: Request, id: String) async throws -> PasskeyResponse {
        guard let signedIn = try await sessions.current(request) else { throw RelyingPartyError.notSignedIn }
        try passkeys.requireStepUp(signedIn)
        let notFound = RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.", code: "notFound")
        guard let credentialID = try? Base64URL.decode(id) else { throw notFound }
        try await database.queue.write { db in
            let userID = signedIn.user.id
            let hasPassword = try Bool.fetchOne(db, sql: "SELECT password_hash IS NOT NULL FROM users WHERE id = ?", arguments: [userID]) ?? false
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM passkeys WHERE user_id = ?", arguments: [userID]) ?? 0
            guard
                try Row.fetchOne(db, sql: "SELECT 1 FROM passkeys WHERE credential_id = ? AND user_id = ?", arguments: [Data(credentialID), userID])
                    != nil
            else { throw notFound }
            guard count > 1 || hasPassword else {
                throw RelyingPartyError(.conflict, "This is the only passkey of this account; add another first.", code: "lastPasskey")
            }
            try db.execute(sql: "DELETE FROM passkeys WHERE credential_id = ? AND user_id = ?", arguments: [Data(credentialID), userID])
        }
        return .ok()
    }

    /// Whatever a route threw, answered in the passkey routes' shape (a refusal with its status, an outage 503).
    private func answer(_ context: ExampleContext, _ route: () async throws -> PasskeyResponse) async -> PasskeyResponse {
        do { return try await route() } catch { return .answering(error, context: context) }
    }
}
