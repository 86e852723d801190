import Crypto
import Foundation
import PasskeyCore
import _CryptoExtras

/// `sid`: a name for a session that is not its secret and leads back to it only through this server.
///
/// A session's secret is its token (the cookie); the database keeps only the token's SHA-256 (``RelyingParty``).
/// The `sid` is that hash encrypted with AES-256-GCM-SIV (RFC 8452) under a key in the database's sealed secrets, with
/// a fixed nonce: deterministic (one session, one `sid`, whichever instance issues the token), and since each hash is
/// different and unpredictable, a fixed nonce leaks nothing (RFC 8452 §9: SIV with a repeated nonce reveals only
/// whether two plaintexts are equal). Only this server can turn a `sid` into the row key, so introspection finds the
/// session with the one read every request makes, and no new column is written at sign-in; nobody can turn it into
/// the token, and nobody without the key can even link it to a row of a leaked database. A keyed hash would need such
/// a column, written on every sign-in, to be looked up.
struct SessionIdentifiers: Sendable {
    let key: SymmetricKey
    static let nonce: [UInt8] = Array(repeating: 0, count: 12)
    static let associatedData = Array("passkeys sid v1".utf8)
    /// The name of its key in the sealed secrets.
    static let secretName = "session-identifier-key"

    init(key: [UInt8]) { self.key = SymmetricKey(data: key) }

    /// The `sid` of the session whose token hash (hex SHA-256) is `tokenHash`: 48 bytes (ciphertext and tag), base64url.
    func identifier(tokenHash: String) throws -> String {
        guard let hash = Hex.decode(tokenHash), hash.count == 32 else { throw SessionIdentifierInvalid() }
        let box = try AES.GCM._SIV.seal(hash, using: key, nonce: try AES.GCM._SIV.Nonce(data: Self.nonce), authenticating: Self.associatedData)
        return Base64URL.encode(Array(box.ciphertext) + Array(box.tag))
    }

    /// The token hash a `sid` names; throws for anything this server did not make.
    func tokenHash(identifier: String) throws -> String {
        guard identifier.utf8.count == 64, let bytes = try? Base64URL.decode(identifier), bytes.count == 48 else { throw SessionIdentifierInvalid() }
        do {
            let box = try AES.GCM._SIV.SealedBox(
                nonce: try AES.GCM._SIV.Nonce(data: Self.nonce), ciphertext: bytes[0..<32], tag: bytes[32..<48])
            return Hex.encode(Array(try AES.GCM._SIV.open(box, using: key, authenticating: Self.associatedData)))
        } catch {
            throw SessionIdentifierInvalid()
        }
    }

    /// The key from the sealed secrets, made once for the deployment (``SealedSecret``).
    static func load(from store: any TokenStore, sealer: SecretSealer) async throws -> SessionIdentifiers {
        SessionIdentifiers(key: try await SealedSecret.load(secretName, from: store, sealer: sealer))
    }
}

struct SessionIdentifierInvalid: Error {}
