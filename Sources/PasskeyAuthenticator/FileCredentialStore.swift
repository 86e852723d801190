public import Foundation
import PasskeyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Credentials in one JSON file, for the CLI.
///
/// The file and its folder are created readable by their owner only (0600 / 0700): it holds private keys. Every change
/// is a read-modify-write under an exclusive `flock` on a sibling lock file, written to a temporary file and renamed
/// over the old one, so concurrent processes never lose each other's changes and a crash never leaves half a file.
public actor FileCredentialStore: CredentialStore {
    /// The credentials file. A `.lock` file beside it serializes changes across processes.
    public let path: String
    private var lockPath: String { path + ".lock" }

    /// A store in the file at `path`; nothing is read or created until the first call. See
    /// ``defaultPath(environment:)``.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/passkeys/credentials.json`, or `~/.config/passkeys/credentials.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.config")
        return config + "/passkeys/credentials.json"
    }

    public func allCredentials() throws -> [SoftwareCredential] { try withLock { try load() } }
    public func credentials(rpID: String) throws -> [SoftwareCredential] { try allCredentials().filter { $0.rpID == rpID } }
    public func credential(id: [UInt8]) throws -> SoftwareCredential? { try allCredentials().first { $0.id == id } }

    public func save(_ credential: SoftwareCredential) throws {
        try withLock {
            var all = try load()
            if let index = all.firstIndex(where: { $0.id == credential.id }) { all[index] = credential } else { all.append(credential) }
            try write(all)
        }
    }

    @discardableResult public func delete(id: [UInt8]) throws -> Bool {
        try withLock {
            var all = try load()
            guard let index = all.firstIndex(where: { $0.id == id }) else { return false }
            all.remove(at: index)
            try write(all)
            return true
        }
    }

    // MARK: File handling

    private func ensureFolder() throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    private func withLock<T>(_ body: () throws -> T) throws -> T {
        try ensureFolder()
        let descriptor = open(lockPath, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw StoreError("cannot open the lock file \(lockPath) (errno \(errno))") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw StoreError("cannot lock \(lockPath) (errno \(errno))") }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func load() throws -> [SoftwareCredential] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            let root = try JSONParser.parseObject(Array(data), what: path)
            guard case .array(let items)? = root["credentials"] else { throw StoreError("\(path): expected a 'credentials' array") }
            return try items.map { item in
                guard case .object(let object) = item else { throw StoreError("\(path): expected each credential to be an object") }
                return try SoftwareCredential(json: object)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("\(path) is not a credential file this version can read: \(error)")
        }
    }

    private func write(_ credentials: [SoftwareCredential]) throws {
        let document = JSONValue.object(JSONObject(["version": JSONValue(1), "credentials": .array(try credentials.map { try $0.json })]))
        let temporary = path + ".tmp-\(getpid())"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(document.serialized(pretty: true).utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw StoreError("cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw StoreError("cannot replace \(path) (errno \(errno))")
        }
    }
}

/// A credential store that cannot read or write its storage.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    /// What failed, in plain words, naming the file or Keychain item and the system error (errno, OSStatus).
    public let description: String
    /// An error saying, in plain words, what failed and on which file or item.
    public init(_ description: String) { self.description = description }
}
