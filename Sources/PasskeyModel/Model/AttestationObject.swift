/// The attestation object (WebAuthn L3 §6.5.4): `{fmt, attStmt, authData}` in CBOR.
public struct AttestationObject: Sendable {
    /// The attestation statement format identifier, e.g. `packed`.
    public let format: String
    /// The attestation statement, a CBOR map whose syntax the format defines.
    public let statement: [CBORPair]
    /// `authData`, parsed: it holds the new credential's ID and public key (attested credential data).
    public let authenticatorData: AuthenticatorData

    /// Bounds for what a real attestation object needs (a TPM statement with a chain is under 8 KiB).
    public static let maximumLength = 64 * 1024

    /// Decodes an attestation object: a CBOR map of exactly `fmt` (text), `attStmt` (map) and `authData` (bytes), at
    /// most ``maximumLength`` bytes. The statement is not checked here; that is the format verifier's job (§7.1 step 21
    /// on).
    ///
    /// `field` names the object in error messages.
    public init(bytes: [UInt8], field: String = "attestationObject") throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else {
            throw WebAuthnError(.inputTooLarge, "\(field): expected at most \(Self.maximumLength) bytes, found \(bytes.count)")
        }
        let value = try CBORDecoder.decode(bytes, what: field)
        guard case .map(let map) = value else {
            throw .malformed("\(field): expected a CBOR map, found \(value.typeName)")
        }
        for pair in map {
            guard case .text(let key) = pair.key, ["fmt", "attStmt", "authData"].contains(key) else {
                let shown = pair.key.textValue.map { "'\($0)'" } ?? pair.key.typeName
                throw .malformed("\(field): expected only the keys fmt, attStmt and authData, found \(shown)")
            }
        }
        guard let fmtValue = map[textKey: "fmt"] else { throw .malformed("\(field): expected a 'fmt' member, found none") }
        guard case .text(let fmt) = fmtValue else { throw .malformed("\(field).fmt: expected a text string, found \(fmtValue.typeName)") }
        guard let stmtValue = map[textKey: "attStmt"] else { throw .malformed("\(field): expected an 'attStmt' member, found none") }
        guard case .map(let statement) = stmtValue else { throw .malformed("\(field).attStmt: expected a map, found \(stmtValue.typeName)") }
        guard let authDataValue = map[textKey: "authData"] else { throw .malformed("\(field): expected an 'authData' member, found none") }
        guard case .bytes(let authData) = authDataValue else {
            throw .malformed("\(field).authData: expected a byte string, found \(authDataValue.typeName)")
        }
        format = fmt
        self.statement = statement
        authenticatorData = try AuthenticatorData(bytes: authData, field: "\(field).authData")
    }
}
