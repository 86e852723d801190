/// Where the software authenticator keeps its credentials (private keys included).
public protocol CredentialStore: Sendable {
    /// Every credential, in the order they were first saved.
    func allCredentials() async throws -> [SoftwareCredential]
    /// Every credential for an RP ID, discoverable or not.
    func credentials(rpID: String) async throws -> [SoftwareCredential]
    /// The credential with this ID, or nil.
    func credential(id: [UInt8]) async throws -> SoftwareCredential?
    /// Adds or replaces (by ID) a credential.
    func save(_ credential: SoftwareCredential) async throws
    /// Removes a credential (unbind); false when there was none.
    @discardableResult func delete(id: [UInt8]) async throws -> Bool
    /// The credentials for `rpID` among `ids` (an allow or exclude list), in no particular order.
    func credentials(ids: [[UInt8]], rpID: String) async throws -> [SoftwareCredential]
    /// The credentials for `rpID` of the account `userHandle`, in no particular order.
    func credentials(rpID: String, userHandle: [UInt8]) async throws -> [SoftwareCredential]
}

extension CredentialStore {
    /// One pass over ``credentials(rpID:)``; a store with an index answers from it instead.
    public func credentials(ids: [[UInt8]], rpID: String) async throws -> [SoftwareCredential] {
        let wanted = Set(ids)
        return try await credentials(rpID: rpID).filter { wanted.contains($0.id) }
    }

    /// One pass over ``credentials(rpID:)``; a store with an index answers from it instead.
    public func credentials(rpID: String, userHandle: [UInt8]) async throws -> [SoftwareCredential] {
        try await credentials(rpID: rpID).filter { $0.userHandle == userHandle }
    }
}

/// A store in memory: for tests and load generation.
///
/// Indexed by ID and by account, so an allow or exclude list costs a lookup per entry rather than a pass over every
/// credential: a load run's authenticator holds thousands, and the pass was an eighth of the generator's CPU per
/// registration in the `passkeys load` profile.
public actor InMemoryCredentialStore: CredentialStore {
    private var index = Index()

    /// A store holding `credentials`, lost when the store is.
    public init(_ credentials: [SoftwareCredential] = []) {
        var index = Index()
        for credential in credentials { index.insert(credential) }
        self.index = index
    }

    public func allCredentials() -> [SoftwareCredential] { index.order.compactMap { index.byID[$0] } }
    public func credentials(rpID: String) -> [SoftwareCredential] { allCredentials().filter { $0.rpID == rpID } }
    public func credential(id: [UInt8]) -> SoftwareCredential? { index.byID[id] }

    public func credentials(ids: [[UInt8]], rpID: String) -> [SoftwareCredential] {
        var seen = Set<[UInt8]>()
        return ids.compactMap { id in
            guard seen.insert(id).inserted, let credential = index.byID[id], credential.rpID == rpID else { return nil }
            return credential
        }
    }

    public func credentials(rpID: String, userHandle: [UInt8]) -> [SoftwareCredential] {
        (index.byAccount[Index.Account(rpID: rpID, userHandle: userHandle)] ?? []).compactMap { index.byID[$0] }
    }

    public func save(_ credential: SoftwareCredential) { index.insert(credential) }

    @discardableResult public func delete(id: [UInt8]) -> Bool { index.remove(id: id) }

    /// The credentials by ID, their order of first save, and their IDs by account.
    private struct Index {
        struct Account: Hashable {
            let rpID: String
            let userHandle: [UInt8]
        }

        var byID: [[UInt8]: SoftwareCredential] = [:]
        var order: [[UInt8]] = []
        var byAccount: [Account: Set<[UInt8]>] = [:]

        mutating func insert(_ credential: SoftwareCredential) {
            if let previous = byID[credential.id] { unindex(previous) } else { order.append(credential.id) }
            byID[credential.id] = credential
            byAccount[Account(rpID: credential.rpID, userHandle: credential.userHandle), default: []].insert(credential.id)
        }

        mutating func remove(id: [UInt8]) -> Bool {
            guard let removed = byID.removeValue(forKey: id) else { return false }
            order.removeAll { $0 == id }
            unindex(removed)
            return true
        }

        private mutating func unindex(_ credential: SoftwareCredential) {
            let account = Account(rpID: credential.rpID, userHandle: credential.userHandle)
            byAccount[account]?.remove(credential.id)
            if byAccount[account]?.isEmpty == true { byAccount[account] = nil }
        }
    }
}
