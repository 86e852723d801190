import OpenAPIKit
import PasskeyCore
import PasskeyRelyingParty

/// The JSON Schemas of `/openapi.json`, built from the values the server checks with: the name rules of
/// `RequestMembers`, the base64url alphabet, the enumerations of the WebAuthn model, so the document cannot promise
/// more (or less) than the routes accept.
enum APISchemas {
    /// Unpadded base64url (RFC 4648 §5) of at least one byte: a length of 1 more than a multiple of 4 is no encoding.
    static let base64urlPattern = "^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$"

    /// Control (Cc) and invisible format (Cf) characters of the Basic Multilingual Plane, as regex escapes portable to
    /// ECMA-262 and Python validators (neither shares `\p{…}` support): the characters `RequestMembers.name` refuses.
    static let controlOrFormat =
        #"\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB"#

    /// A user-facing name (username, display name, passkey name): not blank, no control or format character.
    static let nameBody = "[^\(controlOrFormat)]*[^\\s\(controlOrFormat)][^\(controlOrFormat)]*"
    static let namePattern = "^\(nameBody)$"

    static func ref(_ name: String, required: Bool = true) -> JSONSchema { .reference(.component(named: name), required: required) }

    static func base64url(_ description: String, required: Bool = true, nullable: Bool = false) -> JSONSchema {
        .string(required: required, nullable: nullable, description: description, minLength: 2, pattern: base64urlPattern)
    }

    static func name(_ description: String, required: Bool = true) -> JSONSchema {
        .string(
            required: required,
            description:
                "\(description) At most \(RequestMembers.maximumNameLength) characters and \(RequestMembers.maximumNameBytes) bytes of UTF-8 after NFC normalization and trimming; not blank; no control or invisible format characters.",
            minLength: 1, maxLength: RequestMembers.maximumNameLength, pattern: namePattern)
    }

    static func strings(_ values: [String], required: Bool = true, description: String? = nil) -> JSONSchema {
        .string(required: required, description: description, allowedValues: values.map { AnyCodable($0) })
    }

    static let attestationValues = AttestationConveyancePreference.allCases
    static let userVerificationValues: [UserVerificationRequirement] = [.required, .preferred, .discouraged]
    static let residentKeyValues = ResidentKeyPreference.allCases
    static let providerSources: [AuthenticatorProvider.Source] = [.metadata, .builtIn]
    static let iconPattern = #"^data:image/(png|jpeg|webp|svg\+xml);base64,"#

    static func known(_ values: [String]) -> String { "Known values: \(values.joined(separator: ", ")); others are passed on as given." }

    /// The client extension inputs the server reads (others are echoed as given).
    static let extensions: JSONSchema = .object(
        required: false,
        properties: [
            "credProps": .boolean(required: false), "prf": .object(required: false), "largeBlob": .object(required: false),
        ])

    /// A body member that is an object whose members the server reads as it documents them.
    /// `origins` of `GET /session`'s answers, signed in or not.
    static let pageOrigins = JSONSchema.array(
        description:
            "The configured http(s) origins the web page works at (serve --origin, default http://<rp-id>:<port>): a page opened at any other address, such as http://127.0.0.1:8080 for RP ID localhost, fails every ceremony, and links to one of these instead",
        items: .string)

    static func withStatus(_ members: OrderedDictionary<String, JSONSchema>) -> JSONSchema {
        .all(of: [ref("Status"), .object(properties: members)])
    }

    static var all: OrderedDictionary<OpenAPI.ComponentKey, JSONSchema> {
        let publicKey = strings(["public-key"])
        let descriptor = JSONSchema.object(properties: [
            "type": publicKey, "id": base64url("A credential ID."), "transports": .array(required: false, items: .string),
        ])
        var schemas: OrderedDictionary<OpenAPI.ComponentKey, JSONSchema> = [
            "Status": .object(properties: [
                "status": strings(["ok", "failed"]), "errorMessage": .string(description: "Empty when status is ok; else why, in plain words."),
            ]),
            "Failure": .all(of: [
                ref("Status"),
                .object(properties: [
                    "status": strings(["failed"]),
                    "code": .string(
                        required: false,
                        description:
                            "A stable camelCase code (the verification error code when verification failed); each answer lists the codes it can carry."
                    ),
                    "credentialId": .string(
                        required: false,
                        description:
                            "Only with code unknownCredential from POST /assertion/result: the credential ID (base64url) the request itself carried, echoed so the client can tell its platform to drop the passkey (signalUnknownCredential, ASCredentialUpdater). It is never read from the server's records, so it reveals nothing the sender did not send."
                    ),
                ]),
            ]),
            "User": .object(properties: [
                "id": base64url(
                    "The user handle (WebAuthn user.id), base64url: the userId of signalAllAcceptedCredentials and signalCurrentUserDetails. Given only to the user's own session."
                ),
                "name": .string, "displayName": .string,
            ]),
            "CredentialDescriptor": descriptor,
            "Credential": .object(properties: [
                "id": base64url("The credential ID."), "name": .string,
                "createdAt": .string(format: .dateTime), "lastUsedAt": .string(format: .dateTime, nullable: true),
                "aaguid": .string,
                "authenticatorName": .string(nullable: true, description: "The provider's name (provider.name), kept for older clients."),
                "format": .string, "backupEligible": .boolean, "backupState": .boolean, "transports": .array(items: .string),
                "provider": .one(
                    of: [.null(), ref("Provider")],
                    core: .init(
                        required: false,
                        description:
                            "Who holds the passkey by its AAGUID (FIDO metadata, or the built-in list of passkey providers), whatever the user named it; null when unknown. The name follows Accept-Language where metadata gives localized names."
                    )),
            ]),
            "Provider": .object(properties: [
                "name": .string, "source": strings(providerSources.map(\.rawValue)),
                "icon": .string(
                    required: false, description: "For light backgrounds: a data: URL checked for type, content and size (at most 32 KiB decoded).",
                    pattern: iconPattern),
                "iconDark": .string(required: false, description: "For dark backgrounds; as icon.", pattern: iconPattern),
            ]),
            "RegistrationOptionsRequest": .object(properties: [
                "username": name(
                    "The account's name. Compared with other names after NFKC, case folding and reading Cyrillic and Greek look-alikes as Latin letters; a new account's name must use the letters of one script (or Latin with Han and Kana, Hangul or Bopomofo), else 400 usernameMixesScripts; must hold no invisible or blank-looking character (default-ignorable code points, U+2800, spaces other than U+0020), else 400 usernameInvisibleCharacters, and only characters of Unicode 13.0 (the confusables data in use), else 400 usernameUnsupportedCharacters; and is taken (403 usernameTaken) when it looks like another account's name by Unicode's confusables (UTS #39 skeleton)."
                ),
                "displayName": name("Shown by the authenticator; defaults to the username.", required: false),
                // Unknown values of these enumerations are kept and passed on, as WebAuthn asks of clients (§5.4.4).
                "authenticatorSelection": .object(
                    required: false,
                    properties: [
                        "residentKey": .string(required: false, description: known(residentKeyValues.map(\.rawValue))),
                        "requireResidentKey": .boolean(required: false),
                        "userVerification": .string(
                            required: false, description: known(userVerificationValues.map(\.rawValue)) + " Raised to the server's policy when lower."
                        ),
                        "authenticatorAttachment": .string(required: false, description: known(["platform", "cross-platform"])),
                    ]),
                "attestation": strings(attestationValues.map(\.rawValue), required: false),
                "extensions": extensions,
                "mediation": strings(
                    ["conditional"], required: false,
                    description:
                        "conditional: a conditional create (WebAuthn L3 §5.1.3), as after a password sign-in; the only registration whose response may lack the UP flag (§7.1 step 15). User verification is judged as for any other."
                ),
            ]),
            "RegistrationOptions": withStatus([
                "rp": .object(properties: ["name": .string, "id": .string(required: false)]),
                "user": ref("User"), "challenge": base64url("The challenge, used once."),
                "pubKeyCredParams": .array(
                    items: .object(properties: [
                        "type": publicKey,
                        "alg": .integer(
                            description: "A COSE algorithm identifier, most preferred first; by default "
                                + RelyingPartyConfiguration.defaultAlgorithms.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ")
                                + ", or what the operator chose with --algorithm."),
                    ])),
                "timeout": .integer(description: "Milliseconds."), "excludeCredentials": .array(items: ref("CredentialDescriptor")),
                "authenticatorSelection": .object(required: false), "attestation": strings(attestationValues.map(\.rawValue)),
                "extensions": .object(required: false),
                "mediation": strings(
                    ["conditional"], required: false, description: "Present when the request asked for it: pass it to create() beside publicKey."),
            ]),
            "AuthenticationOptionsRequest": .object(properties: [
                "username": .string(
                    required: false,
                    description:
                        "Empty or absent: a discoverable (usernameless) sign-in. Else a name, by the rules of RegistrationOptionsRequest.username.",
                    maxLength: RequestMembers.maximumNameLength, pattern: "^(?:\(nameBody))?$"),
                "userVerification": strings(userVerificationValues.map(\.rawValue), required: false),
                "extensions": extensions,
            ]),
            "AuthenticationOptions": withStatus([
                "challenge": base64url("The challenge, used once."), "timeout": .integer(description: "Milliseconds."), "rpId": .string,
                "allowCredentials": .array(items: ref("CredentialDescriptor")),
                "userVerification": strings(userVerificationValues.map(\.rawValue)), "extensions": .object(required: false),
            ]),
            "RegistrationResponseJSON": .object(properties: [
                "id": base64url("The credential ID."), "rawId": base64url("The credential ID, again.", required: false), "type": publicKey,
                "authenticatorAttachment": .string(required: false, nullable: true),
                "response": .object(properties: [
                    "clientDataJSON": base64url("The client data, as the browser serialized it."),
                    "attestationObject": base64url("The CBOR attestation object."),
                    "transports": .array(required: false, items: .string),
                    "authenticatorData": base64url("As in attestationObject.", required: false),
                    "publicKey": base64url("SubjectPublicKeyInfo, informative.", required: false),
                    "publicKeyAlgorithm": .integer(required: false),
                ]),
                "clientExtensionResults": .object(required: false),
            ]),
            "AuthenticationResponseJSON": .object(properties: [
                "id": base64url("The credential ID."), "rawId": base64url("The credential ID, again.", required: false), "type": publicKey,
                "authenticatorAttachment": .string(required: false, nullable: true),
                "response": .object(properties: [
                    "clientDataJSON": base64url("The client data, as the browser serialized it."),
                    "authenticatorData": base64url("The authenticator data."),
                    "signature": base64url("The assertion signature."),
                    "userHandle": base64url("The user handle, for a discoverable credential.", required: false, nullable: true),
                ]),
                "clientExtensionResults": .object(required: false),
            ]),
            "RenameRequest": .object(properties: ["name": name("The passkey's new name.")]),
            "RegistrationResult": withStatus([
                "session": .string, "user": ref("User"), "credential": ref("Credential"),
                "recoveryCodes": .array(
                    required: false,
                    description:
                        "Only when the registration created the account: its 10 recovery codes, shown this once (only keyed hashes are kept).",
                    items: .string),
            ]),
            "Empty": .object(description: "An empty object; the body may also be empty."),
            "ReplayRequest": .one(
                of: [
                    .object(
                        properties: ["id": .string(description: "A dead event's id", pattern: "^evt_[A-Za-z0-9_-]{21}[AQgw]$")],
                        additionalProperties: .init(false)),
                    .object(properties: ["allDead": .boolean(allowedValues: [true])], additionalProperties: .init(false)),
                ], core: .init(description: "Exactly one of id (one dead event) and allDead (every dead event).")),
            "ReverificationResult": withStatus([
                "verifiedAt": .string(format: .dateTime, description: "When the user verified; recorded on the session."),
                "verifiedUntil": .string(
                    format: .dateTime, description: "Until when the session may take sensitive actions without verifying again."),
            ]),
            "RecoveryRequest": .object(properties: [
                "username": name("The account's name."),
                "code": .string(description: "A recovery code as shown (XXXX-XXXX-XXXX-XXXX); case, dashes and spaces do not matter.", maxLength: 64),
            ]),
            "RecoveryResult": withStatus([
                "session": .string(description: "A recovery session: it can only register a new passkey for the account."),
                "user": ref("User"), "recovery": .boolean, "recoveryCodesRemaining": .integer,
            ]),
            "RecoveryCodeStatus": withStatus(["remaining": .integer(description: "Unused recovery codes.")]),
            "RecoveryCodes": withStatus([
                "recoveryCodes": .array(description: "10 new codes, shown this once; the old ones no longer work.", items: .string)
            ]),
            "AuthenticationResult": withStatus(["session": .string, "user": ref("User")]),
            "SessionResult": withStatus([
                "user": ref("User"),
                "rpId": .string(
                    description: "The relying party ID, as in every options answer: the rpId of the Signal API calls a signed-in page makes"),
                "origins": pageOrigins,
            ]),
            "CredentialList": withStatus(["credentials": .array(items: ref("Credential"))]),
            "CredentialResult": withStatus(["credential": ref("Credential")]),
        ]
        for (key, schema) in OIDCClientSchemas.all { schemas[key] = schema }
        return schemas
    }
}
