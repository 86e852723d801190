#if canImport(Security)
import Foundation
import PasskeyCore
import Security

/// Credentials in the Keychain (Apple platforms): one generic-password item per credential, readable only on this
/// device after first unlock, never synced.
public struct KeychainCredentialStore: CredentialStore {
    /// Groups this store's items; distinct services keep stores apart.
    public let service: String

    /// A store for the items of `service`.
    public init(service: String = "passkeys.software-authenticator") {
        self.service = service
    }

    /// Every credential of this store's service, oldest first.
    public func allCredentials() async throws -> [SoftwareCredential] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return [] }
        guard status == errSecSuccess, let items = result as? [Data] else { throw StoreError("Keychain read failed (OSStatus \(status))") }
        return try items.map { data in
            guard case .object(let object) = try JSONParser.parse(Array(data)) else { throw StoreError("Keychain item is not a credential") }
            return try SoftwareCredential(json: object)
        }.sorted { $0.createdAt < $1.createdAt }
    }

    /// Every credential for an RP ID, discoverable or not.
    public func credentials(rpID: String) async throws -> [SoftwareCredential] { try await allCredentials().filter { $0.rpID == rpID } }
    /// The credential with this ID, or nil.
    public func credential(id: [UInt8]) async throws -> SoftwareCredential? { try await allCredentials().first { $0.id == id } }

    /// Adds or replaces (by ID) a credential; a new item is readable after first unlock on this device only.
    public func save(_ credential: SoftwareCredential) async throws {
        let data = Data(try credential.json.serialized().utf8)
        let key: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: Base64URL.encode(credential.id),
        ]
        let update: [String: Any] = [kSecValueData as String: data]
        var status = SecItemUpdate(key as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var add = key
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw StoreError("Keychain write failed (OSStatus \(status))") }
    }

    /// Removes a credential; false when there was none.
    @discardableResult public func delete(id: [UInt8]) async throws -> Bool {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: Base64URL.encode(id),
        ]
        let status = SecItemDelete(query as CFDictionary)
        if status == errSecItemNotFound { return false }
        guard status == errSecSuccess else { throw StoreError("Keychain delete failed (OSStatus \(status))") }
        return true
    }
}
#endif
