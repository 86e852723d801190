/// The client data (WebAuthn L3 §5.8.1) exactly as the client serialized it in `clientDataJSON`.
///
/// Members are read with their JSON types checked; members this library does not know are kept (in ``json``)
/// and ignored, as §5.8.1.2 asks of relying parties so that clients can add members in future.
public struct CollectedClientData: Sendable {
    /// `webauthn.create` or `webauthn.get`, so a signature from one ceremony cannot pass for the other (§7.1 step 7,
    /// §7.2 step 10).
    public let type: String
    /// The challenge as the client wrote it: base64url of the challenge bytes.
    public let challenge: String
    /// The origin of the page (or app) that ran the ceremony, as the client saw it, such as `https://example.com`; the
    /// relying party matches it exactly against the origins it serves.
    public let origin: String
    /// Whether the ceremony ran in an iframe of another origin than the top-level page; nil when the client did not
    /// say.
    public let crossOrigin: Bool?
    /// The top-level origin when the ceremony ran in a cross-origin iframe; nil otherwise.
    public let topOrigin: String?
    /// The Token Binding member, if the client sent one; checked for shape only.
    public let tokenBinding: TokenBinding?
    /// Every member, in order, for display.
    public let json: JSONObject
    /// The exact bytes, whose SHA-256 hash the authenticator signed.
    public let rawBytes: [UInt8]

    /// The largest `clientDataJSON` accepted; real ones are a few hundred bytes.
    public static let maximumLength = 16 * 1024

    /// Parses `clientDataJSON` (at most ``maximumLength`` bytes) as a JSON object with string `type`, `challenge` and
    /// `origin`, and optional `crossOrigin`, `topOrigin` and `tokenBinding` of the right types. The values are checked
    /// against the ceremony by the verifier, not here.
    ///
    /// `field` names the data in error messages.
    public init(bytes: [UInt8], field: String = "clientDataJSON") throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else {
            throw WebAuthnError(.inputTooLarge, "\(field): expected at most \(Self.maximumLength) bytes, found \(bytes.count)")
        }
        // §5.8.1.2: clientDataJSON is UTF-8; a byte order mark would make it an unexpected serialization.
        let object = try JSONParser.parseObject(bytes, what: field)
        type = try object.requiredString("type", in: field)
        challenge = try object.requiredString("challenge", in: field)
        origin = try object.requiredString("origin", in: field)
        crossOrigin = try object.optionalBool("crossOrigin", in: field)
        topOrigin = try object.optionalString("topOrigin", in: field)
        tokenBinding = try object["tokenBinding"].map { value throws(WebAuthnError) in try TokenBinding(json: value, field: "\(field).tokenBinding") }
        json = object
        rawBytes = bytes
    }
}

/// `CollectedClientData.tokenBinding` (WebAuthn L2 §5.8.1; reserved in L3).
///
/// Relying parties no longer act on Token Binding, but a value that is present must still be well formed: an object
/// whose `status` is `present` (with an `id`), `supported` or `not-supported` (the last sent by Chrome in 2018–2019).
/// EdgeHTML sent a bare status string before the member was standardized; that form is accepted for the same words
/// plus its `unused`.
public enum TokenBinding: Sendable, Equatable {
    /// `status: "present"`: the client used Token Binding with this base64url Token Binding ID.
    case present(id: String)
    /// `status: "supported"`: the client supports Token Binding but did not use it.
    case supported
    /// `status: "not-supported"`, which some Chrome versions sent.
    case notSupported
    /// The pre-standard EdgeHTML string form.
    case legacy(String)

    static let legacyWords: Set<String> = ["present", "supported", "not-supported", "unused"]

    init(json: JSONValue, field: String) throws(WebAuthnError) {
        switch json {
        case .object(let object):
            guard let status = object["status"] else {
                throw WebAuthnError(.invalidTokenBinding, "\(field): expected a status member, found none")
            }
            guard case .string(let word) = status else {
                throw WebAuthnError(.invalidTokenBinding, "\(field).status: expected a string, found \(status.typeName)")
            }
            switch word {
            case "present":
                guard case .string(let id)? = object["id"], !id.isEmpty else {
                    throw WebAuthnError(.invalidTokenBinding, "\(field): status is 'present', so expected a non-empty id string, found none")
                }
                self = .present(id: id)
            case "supported": self = .supported
            case "not-supported": self = .notSupported
            default:
                throw WebAuthnError(.invalidTokenBinding, "\(field).status: expected 'present', 'supported' or 'not-supported', found '\(word)'")
            }
        case .string(let word):
            guard Self.legacyWords.contains(word) else {
                throw WebAuthnError(.invalidTokenBinding, "\(field): expected an object, or a legacy status word, found the string '\(word)'")
            }
            self = .legacy(word)
        default:
            throw WebAuthnError(.invalidTokenBinding, "\(field): expected an object, found \(json.typeName)")
        }
    }
}
