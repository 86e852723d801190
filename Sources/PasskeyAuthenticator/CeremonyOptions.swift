import PasskeyCore

/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn L3 §5.1.10), decoded with the checks `create()` makes.
/// Members a relying party adds beside the options (such as `status` and `errorMessage`) are ignored.
struct CreationOptions {
    let rpID: String?
    let userHandle: [UInt8]
    let userName: String
    let userDisplayName: String
    let challenge: String
    let algorithms: [COSEAlgorithm]
    let excludeList: [[UInt8]]
    let residentKey: Bool
    let userVerification: UserVerificationRequirement
    let timeout: Int64
    let credPropsRequested: Bool

    init(_ options: JSONObject) throws(WebAuthnClientError) {
        do {
            let rp = try options.requiredObject("rp")
            rpID = try rp.optionalString("id")
            let user = try options.requiredObject("user")
            userHandle = try user.requiredBase64URL("id", in: "user", strictness: .strict)
            // §5.4.3: the user handle is 1 to 64 bytes.
            guard (1...64).contains(userHandle.count) else {
                throw WebAuthnClientError(.typeError, .invalidOptions, "user.id: expected 1 to 64 bytes, found \(userHandle.count)")
            }
            userName = try user.requiredString("name", in: "user")
            userDisplayName = try user.optionalString("displayName", in: "user") ?? userName
            challenge = try options.requiredString("challenge")
            _ = try Base64URL.decode(challenge, field: "challenge")
            let parameters = options["pubKeyCredParams"]?.arrayValue ?? []
            if parameters.isEmpty {
                // §5.1.3 step 13: no parameters means ES256 and RS256.
                algorithms = [.es256, .rs256]
            } else {
                let known = parameters.compactMap { $0.objectValue }.filter { $0["type"] == .string("public-key") }
                    .compactMap { $0["alg"]?.int64Value }.compactMap(COSEAlgorithm.init(rawValue:))
                guard !known.isEmpty else {
                    throw WebAuthnClientError(.notSupported, .unsupportedAlgorithm, "pubKeyCredParams: none of the requested algorithms is supported")
                }
                algorithms = known
            }
            excludeList = try Self.descriptorIDs(options["excludeCredentials"], field: "excludeCredentials")
            let selection = try options.optionalObject("authenticatorSelection")
            let residentKeyPreference = try selection?.optionalString("residentKey")
            let requireResidentKey = try selection?.optionalBool("requireResidentKey") ?? false
            // §5.4.4: "discouraged" (or nothing) makes a server-side credential; this authenticator can always store one.
            residentKey = residentKeyPreference == "required" || residentKeyPreference == "preferred" || requireResidentKey
            userVerification = UserVerificationRequirement(rawValue: try selection?.optionalString("userVerification") ?? "preferred") ?? .preferred
            timeout = Self.timeout(options)
            credPropsRequested = (try options.optionalObject("extensions"))?["credProps"] == .bool(true)
        } catch let error as WebAuthnClientError {
            throw error
        } catch {
            throw WebAuthnClientError(.typeError, .invalidOptions, "creation options: \(error)")
        }
    }

    static func descriptorIDs(_ value: JSONValue?, field: String) throws -> [[UInt8]] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw WebAuthnClientError(.typeError, .invalidOptions, "\(field): expected an array, found \(value.typeName)") }
        return try items.enumerated().map { index, item in
            guard case .object(let descriptor) = item else { throw WebAuthnClientError(.typeError, .invalidOptions, "\(field)[\(index)]: expected an object") }
            return try descriptor.requiredBase64URL("id", in: "\(field)[\(index)]", strictness: .strict)
        }
    }

    static func timeout(_ options: JSONObject) -> Int64 {
        let requested = options["timeout"]?.int64Value ?? WebAuthnClient.defaultTimeout
        return min(max(requested, WebAuthnClient.timeoutRange.lowerBound), WebAuthnClient.timeoutRange.upperBound)
    }
}

/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn L3 §5.1.11).
struct RequestOptions {
    let rpID: String?
    let challenge: String
    let allowList: [[UInt8]]
    let userVerification: UserVerificationRequirement
    let timeout: Int64

    init(_ options: JSONObject) throws(WebAuthnClientError) {
        do {
            rpID = try options.optionalString("rpId")
            challenge = try options.requiredString("challenge")
            _ = try Base64URL.decode(challenge, field: "challenge")
            allowList = try CreationOptions.descriptorIDs(options["allowCredentials"], field: "allowCredentials")
            userVerification = UserVerificationRequirement(rawValue: try options.optionalString("userVerification") ?? "preferred") ?? .preferred
            timeout = CreationOptions.timeout(options)
        } catch let error as WebAuthnClientError {
            throw error
        } catch {
            throw WebAuthnClientError(.typeError, .invalidOptions, "request options: \(error)")
        }
    }
}
