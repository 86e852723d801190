/// The challenge a ceremony expects `clientDataJSON.challenge` to carry.
///
/// WebAuthn L3 §7.1 step 8 / §7.2 step 11 compare `C.challenge` with the base64url encoding of the challenge that
/// was sent, so the comparison is of strings: that also covers relying parties whose challenges are not random
/// bytes (the FIDO conformance tools send UUID strings).
public struct Challenge: Sendable, Hashable, CustomStringConvertible {
    /// The exact string `clientDataJSON.challenge` must equal.
    public let base64URL: String

    /// The challenge that was sent as bytes.
    public init(bytes: [UInt8]) { base64URL = Base64URL.encode(bytes) }

    /// The string form as the relying party wrote it.
    public init(base64URL: String) { self.base64URL = base64URL }

    /// The base64url string, as `clientDataJSON` carries it.
    public var description: String { base64URL }
}
