/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn L3 §5.1.8), decoded with the checks `create()` makes: the
/// one typed reading of creation options, for the software authenticator and the platform (iOS) adapter alike.
/// Members a relying party adds beside the options (such as `status` and `errorMessage`) are ignored.
public struct CreationOptions: Sendable {
    /// `rp.id`; nil means the caller's own domain (§5.1.3 step 8).
    public let rpID: String?
    /// `user.id` as raw bytes (§5.4.3): what the authenticator stores and returns as `userHandle`.
    public let userHandle: [UInt8]
    /// `user.name`: the account identifier the authenticator shows when the user picks a passkey (§5.4.3), such as an
    /// email address.
    public let userName: String
    /// `user.displayName`, or ``userName`` when the options leave it out.
    public let userDisplayName: String
    /// The challenge as the server sent it (base64url), echoed into `clientDataJSON`.
    public let challenge: String
    /// ``challenge`` decoded: what goes into `clientDataJSON` and so under the authenticator's signature.
    public let challengeBytes: [UInt8]
    /// `pubKeyCredParams` this client can use, in the server's order of preference.
    public let algorithms: [COSEAlgorithm]
    /// Credentials the account already has (§5.4): an authenticator holding one of them refuses with
    /// `InvalidStateError`, so one account does not get two passkeys on the same authenticator.
    public let excludeCredentials: [CredentialDescriptor]
    /// `authenticatorSelection.residentKey`, or `required` when only the Level 1 `requireResidentKey: true` is present;
    /// `discouraged` when neither is.
    public let residentKeyRequirement: ResidentKeyRequirement
    /// `authenticatorSelection.userVerification`; absent or unknown values mean `preferred` (§5.4.4).
    public let userVerification: UserVerificationRequirement
    /// `platform`, `cross-platform`, or nil for either (§5.4.5).
    public let authenticatorAttachment: String?
    /// `none`, `indirect`, `direct` or `enterprise` (§5.4.7); unknown values mean `none`.
    public let attestation: String
    /// Milliseconds, clamped as browsers do.
    public let timeout: Int64
    /// Whether `extensions.credProps` is `true` (§10.1.3): the client then reports in
    /// `clientExtensionResults.credProps.rk` whether the credential it made is discoverable.
    public let credPropsRequested: Bool
    /// `largeBlob.support` (§10.1.5): whether the credential should be able to hold a large blob.
    public let largeBlob: LargeBlobSupport?
    /// `prf` (§10.1.4): nil when not requested; `eval` is optional at registration.
    public let prf: PRFInputs?

    /// The IDs of ``excludeCredentials``, as the authenticator operation takes them (§6.3.2).
    public var excludeList: [[UInt8]] { excludeCredentials.map(\.id) }
    /// §5.4.4: "discouraged" (or nothing) makes a server-side credential.
    public var residentKey: Bool { residentKeyRequirement != .discouraged }

    /// Reads creation options JSON with the checks and defaults `create()` applies (§5.1.3): `user.id` of 1 to 64
    /// bytes, only supported `pubKeyCredParams` kept (none given means ES256 and RS256), unknown enumeration values
    /// treated as absent, the timeout clamped.
    ///
    /// - Throws: `TypeError` (``WebAuthnClientError/Code/invalidOptions``) for a missing or mistyped member;
    ///   `NotSupportedError` when no requested algorithm is supported
    ///   (``WebAuthnClientError/Code/unsupportedAlgorithm``) or an extension input belongs to `get()`.
    public init(_ options: JSONObject) throws(WebAuthnClientError) {
        do {
            let rp = try options.requiredObject("rp")
            rpID = try rp.optionalString("id", in: "rp")
            let user = try options.requiredObject("user")
            userHandle = try user.requiredBase64URL("id", in: "user", strictness: .strict)
            // §5.4.3: the user handle is 1 to 64 bytes.
            guard (1...64).contains(userHandle.count) else {
                throw WebAuthnClientError(.typeError, .invalidOptions, "user.id: expected 1 to 64 bytes, found \(userHandle.count)")
            }
            userName = try user.requiredString("name", in: "user")
            userDisplayName = try user.optionalString("displayName", in: "user") ?? userName
            challenge = try options.requiredString("challenge")
            challengeBytes = try Base64URL.decode(challenge, field: "challenge")
            let parameters = options["pubKeyCredParams"]?.arrayValue ?? []
            if parameters.isEmpty {
                // §5.1.3 step 10: no parameters means ES256 and RS256.
                algorithms = [.es256, .rs256]
            } else {
                let known = parameters.compactMap { $0.objectValue }.filter { $0["type"] == .string("public-key") }
                    .compactMap { $0["alg"]?.int64Value }.compactMap(COSEAlgorithm.init(rawValue:))
                guard !known.isEmpty else {
                    throw WebAuthnClientError(.notSupported, .unsupportedAlgorithm, "pubKeyCredParams: none of the requested algorithms is supported")
                }
                algorithms = known
            }
            excludeCredentials = try CredentialDescriptor.list(options["excludeCredentials"], field: "excludeCredentials")
            let selection = try options.optionalObject("authenticatorSelection")
            let residentKeyValue = try selection?.optionalString("residentKey", in: "authenticatorSelection")
            let requireResidentKey = try selection?.optionalBool("requireResidentKey", in: "authenticatorSelection") ?? false
            // §5.4.4: residentKey wins; requireResidentKey is its Level 1 spelling; unknown values are ignored.
            residentKeyRequirement =
                residentKeyValue.flatMap(ResidentKeyRequirement.init(rawValue:)) ?? (requireResidentKey ? .required : .discouraged)
            userVerification = try UserVerificationRequirement(selection?.optionalString("userVerification", in: "authenticatorSelection"))
            authenticatorAttachment = try selection?.optionalString("authenticatorAttachment", in: "authenticatorSelection")
                .flatMap { ["platform", "cross-platform"].contains($0) ? $0 : nil }
            let conveyance = try options.optionalString("attestation") ?? "none"
            attestation = ["none", "indirect", "direct", "enterprise"].contains(conveyance) ? conveyance : "none"
            timeout = Self.timeout(options)
            let extensions = try options.optionalObject("extensions") ?? JSONObject()
            credPropsRequested = extensions["credProps"] == .bool(true)
            largeBlob = try LargeBlobSupport(registration: extensions)
            prf = try PRFInputs(registration: extensions)
        } catch let error as WebAuthnClientError {
            throw error
        } catch {
            throw WebAuthnClientError(.typeError, .invalidOptions, "creation options: \(error)")
        }
    }

    /// Timeouts are clamped to this range, as browsers do (L3 §15.1 recommends 5 minutes as a default).
    static let timeoutRange: ClosedRange<Int64> = 1_000...600_000
    static let defaultTimeout: Int64 = 300_000

    static func timeout(_ options: JSONObject) -> Int64 {
        let requested = options["timeout"]?.int64Value ?? defaultTimeout
        return min(max(requested, timeoutRange.lowerBound), timeoutRange.upperBound)
    }
}

/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn L3 §5.1.9).
public struct RequestOptions: Sendable {
    /// `rpId`; nil means the caller's own domain (§5.1.4.1 step 7).
    public let rpID: String?
    /// The challenge as the server sent it (base64url), echoed into `clientDataJSON`.
    public let challenge: String
    /// ``challenge`` decoded.
    public let challengeBytes: [UInt8]
    /// The credentials that may answer, in the server's order; empty means any discoverable credential for the RP ID (a
    /// username-less sign-in).
    public let allowCredentials: [CredentialDescriptor]
    /// `userVerification`; absent or unknown values mean `preferred`.
    public let userVerification: UserVerificationRequirement
    /// Milliseconds, clamped to 1 s … 10 min as for creation; 5 minutes when the options give none.
    public let timeout: Int64
    /// `largeBlob` (§10.1.5): read the blob, or write one.
    public let largeBlob: LargeBlobOperation?
    /// `prf` (§10.1.4): `eval` and/or `evalByCredential`.
    public let prf: PRFInputs?

    /// The IDs of ``allowCredentials``, as the authenticator operation takes them (§6.3.3).
    public var allowList: [[UInt8]] { allowCredentials.map(\.id) }

    /// Reads request options JSON with the checks and defaults `get()` applies (§5.1.4).
    ///
    /// - Throws: `TypeError` (``WebAuthnClientError/Code/invalidOptions``) for a missing or mistyped member or a `prf`
    ///   input for a credential not in `allowCredentials`; `NotSupportedError` for an extension input that belongs to
    ///   `create()`, or `prf.evalByCredential` without `allowCredentials`.
    public init(_ options: JSONObject) throws(WebAuthnClientError) {
        do {
            rpID = try options.optionalString("rpId")
            challenge = try options.requiredString("challenge")
            challengeBytes = try Base64URL.decode(challenge, field: "challenge")
            allowCredentials = try CredentialDescriptor.list(options["allowCredentials"], field: "allowCredentials")
            userVerification = try UserVerificationRequirement(options.optionalString("userVerification"))
            timeout = CreationOptions.timeout(options)
            let extensions = try options.optionalObject("extensions") ?? JSONObject()
            largeBlob = try LargeBlobOperation(assertion: extensions)
            prf = try PRFInputs(assertion: extensions, allowCredentials: allowCredentials)
        } catch let error as WebAuthnClientError {
            throw error
        } catch {
            throw WebAuthnClientError(.typeError, .invalidOptions, "request options: \(error)")
        }
    }
}

/// `PublicKeyCredentialDescriptorJSON` (§5.8.3): a credential ID and the transports the server saw.
public struct CredentialDescriptor: Sendable, Equatable {
    /// The credential ID's bytes (at most 1023, §5.8.3).
    public let id: [UInt8]
    /// `transports`, as hints of how the authenticator may be reached (`usb`, `nfc`, `ble`, `hybrid`, `internal`,
    /// §5.8.4); unknown values are kept and ignored.
    public let transports: [String]

    /// A descriptor for a credential ID, with the transports recorded at registration if any.
    public init(id: [UInt8], transports: [String] = []) {
        self.id = id
        self.transports = transports
    }

    static func list(_ value: JSONValue?, field: String) throws -> [CredentialDescriptor] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw WebAuthnClientError(.typeError, .invalidOptions, "\(field): expected an array, found \(value.typeName)")
        }
        return try items.enumerated().map { index, item in
            guard case .object(let descriptor) = item else {
                throw WebAuthnClientError(.typeError, .invalidOptions, "\(field)[\(index)]: expected an object, found \(item.typeName)")
            }
            return CredentialDescriptor(
                id: try descriptor.requiredBase64URL("id", in: "\(field)[\(index)]", strictness: .strict),
                transports: try descriptor.optionalStringArray("transports", in: "\(field)[\(index)]") ?? [])
        }
    }
}

/// `ResidentKeyRequirement` (§5.4.6).
public enum ResidentKeyRequirement: String, Sendable {
    /// The credential must be discoverable; an authenticator that cannot store one fails the ceremony.
    case required
    /// A discoverable credential if the authenticator can make one, a server-side one otherwise.
    case preferred
    /// A server-side credential if the authenticator can make one: the relying party will always send its ID in
    /// `allowCredentials`.
    case discouraged
}

/// WebAuthn's UserVerificationRequirement (L3 §5.8.6): how much user verification a ceremony asks for, ordered from
/// least to most (`discouraged < preferred < required`).
///
/// The one type for user verification on both sides: a client reads it from options; a relying party configures its
/// floor with it, raises the floor by what a request asks (never lowers it), records the result in the ceremony it
/// begins, and verifies the response by it. Only ``required`` changes what a relying party accepts (the UV check of
/// §7.1 and §7.2); the other two tell the client how hard to try.
public enum UserVerificationRequirement: String, Sendable, Codable, CaseIterable, Comparable {
    /// The ceremony fails unless the authenticator verifies the user (UV set); relying parties then refuse
    /// responses without UV (§7.1 step 16, §7.2 step 17).
    case required
    /// Verify the user when the authenticator can, but do not fail without it. The default.
    case preferred
    /// Do not verify the user, to spare them a prompt; authenticators may verify anyway.
    case discouraged

    /// §5.4.4: a client reads absent or unknown values as `preferred`.
    init(_ value: String?) { self = value.flatMap(Self.init(rawValue:)) ?? .preferred }

    /// Reads a value a relying party was sent (a request, a flag, a configuration file): one of the three names, or
    /// a refusal naming `field` and what was found. Unlike a client (§5.4.4), a relying party cannot ignore a value
    /// it does not know: it would judge the ceremony by a requirement the sender did not ask for.
    public static func parse(_ text: String, field: String) throws(WebAuthnError) -> UserVerificationRequirement {
        guard let requirement = UserVerificationRequirement(rawValue: text) else {
            throw WebAuthnError(.malformedInput, "\(field): expected required, preferred or discouraged, found '\(text)'")
        }
        return requirement
    }

    /// The stricter of this requirement and `requested`; nil changes nothing. A relying party's floor raised by what
    /// a request asks for.
    public func raised(to requested: UserVerificationRequirement?) -> UserVerificationRequirement {
        requested.map { max(self, $0) } ?? self
    }

    /// Ordered from least to most verification: `discouraged < preferred < required`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .discouraged: 0
        case .preferred: 1
        case .required: 2
        }
    }
}
