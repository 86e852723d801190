import PasskeyCore
import PasskeyServer

/// The steps of `Store` without events, for tests that raise none: each writes `ChangeRecord.none`. Kept in the tests, not
/// in PasskeyServer, so the server's own code cannot drop a change's events by calling one (a merge once did, for
/// recovery).
extension Store {
    func renameCredential(id: [UInt8], userHandle: [UInt8], name: String) async throws -> Bool {
        try await renameCredential(id: id, userHandle: userHandle, name: name, events: .none)
    }

    func finishRegistration(
        newUser: UserRecord?, credential: CredentialRecord, session: SessionRecord, requiredSession: String?, endsRequiredSession: Bool,
        recoveryCodeHashes: [String], now: Int64
    ) async throws -> RegistrationOutcome {
        try await finishRegistration(
            newUser: newUser, credential: credential, session: session, requiredSession: requiredSession, endsRequiredSession: endsRequiredSession,
            recoveryCodeHashes: recoveryCodeHashes, now: now, events: .none)
    }

    func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?) async throws -> CredentialDeletion {
        try await deleteCredential(id: id, userHandle: userHandle, keepingSession: keepingSession, events: .none)
    }

    func deleteAccount(userHandle: [UInt8]) async throws -> Bool { try await deleteAccount(userHandle: userHandle, events: .none) }

    func recordSignIn(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at time: Int64, session: SessionRecord
    ) async throws -> Bool {
        try await recordSignIn(
            credentialID: credentialID, signCount: signCount, backupState: backupState, uvInitialized: uvInitialized, at: time, session: session,
            events: .none)
    }

    func deleteSession(tokenHash: String) async throws { try await deleteSession(tokenHash: tokenHash, events: .none) }

    func deleteSessions(userHandle: [UInt8], except tokenHash: String) async throws {
        try await deleteSessions(userHandle: userHandle, except: tokenHash, events: .none)
    }

    func recordReverification(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, userVerified: Bool = true, at time: Int64,
        tokenHash: String
    ) async throws -> Bool {
        try await recordReverification(
            credentialID: credentialID, signCount: signCount, backupState: backupState, uvInitialized: uvInitialized, userVerified: userVerified,
            at: time, tokenHash: tokenHash, events: .none)
    }

    func replaceRecoveryCodes(userHandle: [UInt8], hashes: [String]) async throws {
        try await replaceRecoveryCodes(userHandle: userHandle, hashes: hashes, events: .none)
    }

    func useRecoveryCode(userHandle: [UInt8], hash: String, session: SessionRecord) async throws -> Bool {
        try await useRecoveryCode(userHandle: userHandle, hash: hash, session: session, events: .none)
    }
}
