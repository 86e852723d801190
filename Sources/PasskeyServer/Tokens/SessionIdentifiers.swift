import Crypto
import PasskeyCore
import _CryptoExtras

/// `sid`: a name for a session that is not its secret and leads back to it only through this server; events name
/// sessions by it (issue #44), and session tokens carry it (issue #43), so an app matches the two.
///
/// The database keeps only a session token's SHA-256 (``RelyingParty``). The `sid` is that hash sealed with
/// AES-256-GCM-SIV (RFC 8452) under a key kept in the database's secrets, with a fixed nonce: deterministic (one
/// session, one `sid`, on every instance), and since every hash differs and cannot be predicted, the fixed nonce gives
/// nothing away (RFC 8452 §9: SIV under a repeated nonce tells only whether two plaintexts are equal). Nobody can turn a
/// `sid` into the token, and nobody without the key can link it to a row of a leaked database.
struct SessionIdentifiers: Sendable {
    let key: SymmetricKey
    static let nonce: [UInt8] = Array(repeating: 0, count: 12)
    static let associatedData = Array("passkeys sid v1".utf8)
    /// The name of its key among the database's secrets.
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
            let box = try AES.GCM._SIV.SealedBox(nonce: try AES.GCM._SIV.Nonce(data: Self.nonce), ciphertext: bytes[0..<32], tag: bytes[32..<48])
            return Hex.encode(Array(try AES.GCM._SIV.open(box, using: key, authenticating: Self.associatedData)))
        } catch {
            throw SessionIdentifierInvalid()
        }
    }
}

/// A `sid` this server did not make, or a token hash that is not a SHA-256.
struct SessionIdentifierInvalid: Error {}
