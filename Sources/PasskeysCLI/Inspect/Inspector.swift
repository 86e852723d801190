import Crypto
import Foundation
import PasskeyCore
import SwiftASN1
import X509

/// Turns WebAuthn values into a described `JSONValue` tree for people. Every part that fails to decode is shown
/// with its error in place, so one bad field does not hide the rest.
enum Inspector {
    /// Detects what `input` is and describes it.
    static func describe(_ input: [UInt8]) -> JSONValue {
        let text = String(decoding: input, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("{") {
            do {
                let object = try JSONParser.parseObject(Array(text.utf8), what: "input")
                return credentialOrClientData(object, raw: Array(text.utf8))
            } catch {
                return failure(error)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try Base64URL.decode(text, field: "input", strictness: .lenient)
        } catch {
            return failure(WebAuthnError(.malformedInput, "input: expected WebAuthn JSON or a base64url value, found neither (\(error.message))"))
        }
        return bareValue(bytes)
    }

    private static func credentialOrClientData(_ object: JSONObject, raw: [UInt8]) -> JSONValue {
        // A test-vector file wraps the credential in "response"; unwrap one level.
        if let inner = object["response"]?.objectValue, inner["response"]?.objectValue?["clientDataJSON"] != nil {
            return credentialOrClientData(inner, raw: Array(JSONValue.object(inner).serialized().utf8))
        }
        if let response = object["response"]?.objectValue {
            if response["attestationObject"] != nil { return registration(raw) }
            if response["signature"] != nil { return authentication(raw) }
        }
        if object["challenge"] != nil && object["type"] != nil {
            return .object(JSONObject(["kind": .string("clientDataJSON"), "clientData": clientData(raw)]))
        }
        return failure(
            WebAuthnError(
                .malformedInput,
                "input: expected a RegistrationResponseJSON, AuthenticationResponseJSON or client data object, found an object with members \(object.keys.joined(separator: ", "))"
            ))
    }

    private static func bareValue(_ bytes: [UInt8]) -> JSONValue {
        if bytes.first == UInt8(ascii: "{"), (try? CollectedClientData(bytes: bytes)) != nil {
            return .object(JSONObject(["kind": .string("clientDataJSON"), "clientData": clientData(bytes)]))
        }
        if let value = try? CBORDecoder.decode(bytes), case .map(let map) = value {
            if map[textKey: "fmt"] != nil {
                return .object(JSONObject(["kind": .string("attestationObject"), "attestationObject": attestationObject(bytes)]))
            }
            if map[intKey: 1] != nil { return .object(JSONObject(["kind": .string("COSE_Key"), "publicKey": coseKey(bytes)])) }
        }
        if bytes.count >= AuthenticatorData.minimumLength, (try? AuthenticatorData(bytes: bytes)) != nil {
            return .object(JSONObject(["kind": .string("authenticatorData"), "authenticatorData": authenticatorData(bytes)]))
        }
        return failure(
            WebAuthnError(
                .malformedInput,
                "input: \(bytes.count) bytes that are neither client data JSON, an attestation object, authenticator data nor a COSE key"))
    }

    static func registration(_ raw: [UInt8]) -> JSONValue {
        do {
            let response = try RegistrationResponse(json: raw, strictness: .lenient)
            var out = JSONObject(["kind": .string("RegistrationResponseJSON"), "id": .string(response.id), "rawId": bytes(response.rawID)])
            if let attachment = response.authenticatorAttachment { out["authenticatorAttachment"] = .string(attachment) }
            out["transports"] = .array(response.transports.map(JSONValue.string))
            out["clientExtensionResults"] = .object(response.clientExtensionResults)
            out["clientData"] = clientData(response.clientDataJSON)
            out["attestationObject"] = attestationObject(response.attestationObject)
            return .object(out)
        } catch {
            return failure(error)
        }
    }

    static func authentication(_ raw: [UInt8]) -> JSONValue {
        do {
            let response = try AuthenticationResponse(json: raw, strictness: .lenient)
            var out = JSONObject(["kind": .string("AuthenticationResponseJSON"), "id": .string(response.id), "rawId": bytes(response.rawID)])
            if let attachment = response.authenticatorAttachment { out["authenticatorAttachment"] = .string(attachment) }
            out["clientExtensionResults"] = .object(response.clientExtensionResults)
            out["clientData"] = clientData(response.clientDataJSON)
            out["authenticatorData"] = authenticatorData(response.authenticatorData)
            out["signature"] = bytes(response.signature)
            if let handle = response.userHandle {
                var user = bytes(handle).objectValue ?? JSONObject()
                if let text = String(validating: handle, as: UTF8.self), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
                    user["utf8"] = .string(text)
                }
                out["userHandle"] = .object(user)
            }
            return .object(out)
        } catch {
            return failure(error)
        }
    }

    static func clientData(_ raw: [UInt8]) -> JSONValue {
        do {
            let parsed = try CollectedClientData(bytes: raw)
            var out = parsed.json
            out["(sha256)"] = .string(Hex.encode(SHA256.hash(data: raw)))
            return .object(out)
        } catch {
            return failure(error)
        }
    }

    static func attestationObject(_ raw: [UInt8]) -> JSONValue {
        do {
            let object = try AttestationObject(bytes: raw)
            var statement = JSONObject()
            for pair in object.statement {
                let key = pair.key.textValue ?? "\(pair.key)"
                switch (key, pair.value) {
                case ("alg", let value):
                    let alg = value.intValue.flatMap(COSEAlgorithm.init(rawValue:))
                    statement[key] = alg.map { .string($0.description) } ?? cbor(value)
                case ("x5c", .array(let items)):
                    statement[key] = .array(items.map { item in item.bytesValue.map(certificate) ?? cbor(item) })
                default:
                    statement[key] = cbor(pair.value)
                }
            }
            var described = JSONObject([
                "fmt": .string(object.format), "attStmt": .object(statement),
                "authData": authenticatorData(object.authenticatorData.rawBytes),
            ])
            described["formatDetails"] = FormatDetails.describe(format: object.format, statement: object.statement)
            return .object(described)
        } catch {
            return failure(error)
        }
    }

    static func authenticatorData(_ raw: [UInt8]) -> JSONValue {
        do {
            let data = try AuthenticatorData(bytes: raw)
            var out = JSONObject([
                "rpIdHash": .string(Hex.encode(data.rpIDHash)),
                "flags": .object(
                    JSONObject(["value": JSONValue(Int(data.flags.rawValue)), "names": .array(data.flags.names.map(JSONValue.string))])),
                "signCount": JSONValue(data.signCount),
            ])
            if let attested = data.attestedCredential {
                out["attestedCredentialData"] = .object(
                    JSONObject([
                        "aaguid": .string(attested.aaguid.description),
                        // The provider the AAGUID names in the built-in table (a claim, unless attestation proves it).
                        "provider": AuthenticatorProviders.provider(for: attested.aaguid, metadata: nil).map { .object($0.json) } ?? .null,
                        "credentialId": .string(Base64URL.encode(attested.credentialID)),
                        "credentialIdLength": JSONValue(attested.credentialID.count),
                        "credentialPublicKey": coseKey(attested.publicKeyBytes),
                    ]))
            }
            if let extensions = data.extensions { out["extensions"] = cbor(extensions) }
            return .object(out)
        } catch {
            return failure(error)
        }
    }

    static func coseKey(_ raw: [UInt8]) -> JSONValue {
        var out = JSONObject(["cose": .string(Base64URL.encode(raw))])
        do {
            let key = try CredentialPublicKey(coseBytes: raw)
            out["alg"] = .string(key.algorithm.description)
            out["key"] = .string(key.key.kindDescription)
            var parameters = JSONObject()
            for pair in key.coseMap { parameters[coseLabel(pair.key, kty: key.coseMap[intKey: 1]?.intValue)] = cbor(pair.value) }
            out["parameters"] = .object(parameters)
        } catch {
            out["error"] = .object(errorObject(error))
        }
        return .object(out)
    }

    private static func coseLabel(_ key: CBORValue, kty: Int64?) -> String {
        guard let label = key.intValue else { return "\(key)" }
        switch (label, kty) {
        case (1, _): return "kty (1)"
        case (3, _): return "alg (3)"
        case (-1, 3): return "n (-1)"
        case (-2, 3): return "e (-2)"
        case (-1, 7): return "pub (-1)"
        case (-2, 7): return "priv (-2)"
        case (-1, _): return "crv (-1)"
        case (-2, _): return "x (-2)"
        case (-3, _): return "y (-3)"
        default: return String(label)
        }
    }

    static func certificate(_ der: [UInt8]) -> JSONValue {
        do {
            let cert = try Certificate(derEncoded: der)
            let formatter = ISO8601DateFormatter()
            var extensions: [JSONValue] = []
            for ext in cert.extensions {
                extensions.append(
                    .object(
                        JSONObject([
                            "oid": .string(ext.oid.description), "name": .string(extensionName(ext.oid)),
                            "critical": .bool(ext.critical), "value": .string(Hex.encode(ext.value)),
                        ])))
            }
            return .object(
                JSONObject([
                    "subject": .string(cert.subject.description), "issuer": .string(cert.issuer.description),
                    "serialNumber": .string(cert.serialNumber.description),
                    "notBefore": .string(formatter.string(from: cert.notValidBefore)),
                    "notAfter": .string(formatter.string(from: cert.notValidAfter)),
                    "version": .string("\(cert.version)"), "publicKey": .string("\(cert.publicKey)"),
                    "signatureAlgorithm": .string("\(cert.signatureAlgorithm)"), "extensions": .array(extensions),
                    "sha256": .string(Hex.encode(SHA256.hash(data: der))),
                ]))
        } catch {
            return .object(JSONObject(["der": .string(Hex.encode(der)), "error": .string("not a parsable X.509 certificate: \(error)")]))
        }
    }

    private static func extensionName(_ oid: ASN1ObjectIdentifier) -> String {
        switch oid.description {
        case "2.5.29.19": "basicConstraints"
        case "2.5.29.15": "keyUsage"
        case "2.5.29.37": "extendedKeyUsage"
        case "2.5.29.17": "subjectAltName"
        case "2.5.29.14": "subjectKeyIdentifier"
        case "2.5.29.35": "authorityKeyIdentifier"
        case "2.5.29.31": "cRLDistributionPoints"
        case "1.3.6.1.5.5.7.1.1": "authorityInfoAccess"
        case "1.3.6.1.4.1.45724.1.1.4": "id-fido-gen-ce-aaguid"
        case "1.3.6.1.4.1.45724.2.1.1": "fidoU2FTransports"
        case "1.3.6.1.4.1.11129.2.1.17": "androidKeyAttestation"
        case "1.2.840.113635.100.8.2": "appleAnonymousAttestationNonce"
        default: "unknown"
        }
    }

    /// CBOR shown as JSON: byte strings as hex, other keys as their text.
    static func cbor(_ value: CBORValue) -> JSONValue {
        switch value {
        case .unsigned, .negative: return value.intValue.map { JSONValue($0) } ?? .string("\(value)")
        case .bytes(let b): return .string("h'\(Hex.encode(b))'")
        case .text(let t): return .string(t)
        case .array(let items): return .array(items.map(cbor))
        case .map(let pairs):
            var object = JSONObject()
            for pair in pairs {
                let key: String
                switch pair.key {
                case .text(let t): key = t
                case .unsigned, .negative: key = pair.key.intValue.map(String.init) ?? "\(pair.key)"
                default: key = "\(cbor(pair.key).serialized())"
                }
                object[key] = cbor(pair.value)
            }
            return .object(object)
        case .tagged(let tag, let inner): return .object(JSONObject(["tag": .number(String(tag)), "value": cbor(inner)]))
        case .bool(let b): return .bool(b)
        case .null, .undefined: return .null
        case .float(let d): return JSONValue(d)
        case .simple(let s): return .string("simple(\(s))")
        }
    }

    private static func bytes(_ value: [UInt8]) -> JSONValue {
        .object(JSONObject(["base64url": .string(Base64URL.encode(value)), "hex": .string(Hex.encode(value)), "length": JSONValue(value.count)]))
    }

    private static func errorObject(_ error: WebAuthnError) -> JSONObject {
        JSONObject(["code": .string(error.code.rawValue), "message": .string(error.message)])
    }

    static func failure(_ error: WebAuthnError) -> JSONValue {
        .object(JSONObject(["error": .object(errorObject(error))]))
    }
}
