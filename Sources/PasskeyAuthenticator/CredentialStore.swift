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
}

/// A store in memory: for tests and load generation.
public actor InMemoryCredentialStore: CredentialStore {
    private var byID: [[UInt8]: SoftwareCredential] = [:]
    private var order: [[UInt8]] = []

    /// A store holding `credentials`, lost when the store is.
    public init(_ credentials: [SoftwareCredential] = []) {
        for credential in credentials {
            byID[credential.id] = credential
            order.append(credential.id)
        }
    }

    public func allCredentials() -> [SoftwareCredential] { order.compactMap { byID[$0] } }
    public func credentials(rpID: String) -> [SoftwareCredential] { allCredentials().filter { $0.rpID == rpID } }
    public func credential(id: [UInt8]) -> SoftwareCredential? { byID[id] }

    public func save(_ credential: SoftwareCredential) {
        if byID[credential.id] == nil { order.append(credential.id) }
        byID[credential.id] = credential
    }

    @discardableResult public func delete(id: [UInt8]) -> Bool {
        guard byID.removeValue(forKey: id) != nil else { return false }
        order.removeAll { $0 == id }
        return true
    }
}
