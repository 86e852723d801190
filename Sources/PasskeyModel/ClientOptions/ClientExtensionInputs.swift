/// `largeBlob.support` at registration (WebAuthn L3 §10.1.5).
public enum LargeBlobSupport: String, Sendable {
    /// Create the credential only on an authenticator that can store a large blob for it.
    case required
    /// Large-blob support if the authenticator has it, the credential either way. What a missing or unknown
    /// `support` value means.
    case preferred

    init?(registration extensions: JSONObject) throws(WebAuthnClientError) {
        guard let value = extensions["largeBlob"] else { return nil }
        guard case .object(let input) = value else { throw invalidExtension("extensions.largeBlob: expected an object, found \(value.typeName)") }
        // §10.1.5 client processing (create), step 1: read or write here is a NotSupportedError.
        if input["read"] != nil || input["write"] != nil {
            throw WebAuthnClientError(.notSupported, .invalidOptions, "extensions.largeBlob: read and write are for get(), not create()")
        }
        let support: String?
        do { support = try input.optionalString("support", in: "extensions.largeBlob") } catch { throw invalidExtension(error.message) }
        self = support.flatMap(LargeBlobSupport.init(rawValue:)) ?? .preferred
    }
}

/// A malformed extension input: a TypeError, as a browser's IDL conversion would throw.
private func invalidExtension(_ message: String) -> WebAuthnClientError { WebAuthnClientError(.typeError, .invalidOptions, message) }

/// `largeBlob` at authentication (§10.1.5): read the credential's blob, or replace it.
public enum LargeBlobOperation: Sendable, Equatable {
    /// Return the credential's blob in `clientExtensionResults.largeBlob.blob`.
    case read
    /// Replace the credential's blob with these bytes; the result says whether it was `written`.
    case write([UInt8])

    init?(assertion extensions: JSONObject) throws(WebAuthnClientError) {
        guard let value = extensions["largeBlob"] else { return nil }
        guard case .object(let input) = value else { throw invalidExtension("extensions.largeBlob: expected an object, found \(value.typeName)") }
        // §10.1.5 client processing (get): support is for create(); read and write together are NotSupportedError.
        if input["support"] != nil {
            throw WebAuthnClientError(.notSupported, .invalidOptions, "extensions.largeBlob: support is for create(), not get()")
        }
        let read = input["read"] == .bool(true)
        let write: [UInt8]?
        do { write = try input.optionalBase64URL("write", in: "extensions.largeBlob", strictness: .strict) } catch {
            throw invalidExtension(error.message)
        }
        switch (read, write) {
        case (true, .some): throw WebAuthnClientError(.notSupported, .invalidOptions, "extensions.largeBlob: expected read or write, found both")
        case (true, nil): self = .read
        case (false, .some(let blob)): self = .write(blob)
        case (false, nil): return nil
        }
    }
}

/// The `prf` extension's inputs (§10.1.4): salts for the credential's PRF, for any credential (`eval`) or per
/// credential ID (`evalByCredential`, authentication only).
public struct PRFInputs: Sendable, Equatable {
    /// `AuthenticationExtensionsPRFValues`: one or two salts.
    public struct Values: Sendable, Equatable {
        /// The first salt: the PRF is evaluated over it and returned as `results.first` (32 bytes).
        public let first: [UInt8]
        /// An optional second salt, so a relying party can rotate a key derived from the first without losing it.
        public let second: [UInt8]?
    }

    /// Salts for whichever credential answers; nil when only ``evalByCredential`` is given or neither is.
    public let eval: Values?
    /// Keyed by the credential ID's bytes.
    public let evalByCredential: [[UInt8]: Values]

    init?(registration extensions: JSONObject) throws(WebAuthnClientError) {
        guard let input = try Self.input(extensions) else { return nil }
        // §10.1.4 client processing (create), step 1: evalByCredential is a NotSupportedError.
        if input["evalByCredential"] != nil {
            throw WebAuthnClientError(.notSupported, .invalidOptions, "extensions.prf.evalByCredential is for get(), not create()")
        }
        eval = try Self.values(input["eval"], field: "extensions.prf.eval")
        evalByCredential = [:]
    }

    init?(assertion extensions: JSONObject, allowCredentials: [CredentialDescriptor]) throws(WebAuthnClientError) {
        guard let input = try Self.input(extensions) else { return nil }
        eval = try Self.values(input["eval"], field: "extensions.prf.eval")
        var byCredential: [[UInt8]: Values] = [:]
        if let value = input["evalByCredential"] {
            guard case .object(let map) = value else {
                throw invalidExtension("extensions.prf.evalByCredential: expected an object, found \(value.typeName)")
            }
            // §10.1.4 client processing (get), steps 1–2: only with an allow list, and only for its credentials.
            if !map.isEmpty && allowCredentials.isEmpty {
                throw WebAuthnClientError(.notSupported, .invalidOptions, "extensions.prf.evalByCredential needs allowCredentials")
            }
            for member in map.members {
                let id: [UInt8]
                do { id = try Base64URL.decode(member.key, field: "extensions.prf.evalByCredential key") } catch {
                    throw WebAuthnClientError(.typeError, .invalidOptions, error.message)
                }
                guard allowCredentials.contains(where: { $0.id == id }) else {
                    throw WebAuthnClientError(
                        .typeError, .invalidOptions, "extensions.prf.evalByCredential: \(member.key) is not in allowCredentials")
                }
                byCredential[id] = try Self.values(member.value, field: "extensions.prf.evalByCredential.\(member.key)")
            }
        }
        evalByCredential = byCredential
    }

    private static func input(_ extensions: JSONObject) throws(WebAuthnClientError) -> JSONObject? {
        guard let value = extensions["prf"] else { return nil }
        guard case .object(let input) = value else { throw invalidExtension("extensions.prf: expected an object, found \(value.typeName)") }
        return input
    }

    private static func values(_ value: JSONValue?, field: String) throws(WebAuthnClientError) -> Values? {
        guard let value else { return nil }
        guard case .object(let object) = value else { throw invalidExtension("\(field): expected an object, found \(value.typeName)") }
        do {
            return Values(
                first: try object.requiredBase64URL("first", in: field, strictness: .strict),
                second: try object.optionalBase64URL("second", in: field, strictness: .strict))
        } catch {
            throw invalidExtension(error.message)
        }
    }
}
