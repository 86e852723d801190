import PasskeyCore
import X509

/// What `passkeys inspect` shows inside the statements of formats with structure of their own: TPM's certInfo and
/// pubArea, the Android key description, the SafetyNet JWS, and Apple's nonce. A part that does not parse is
/// shown as an error in its place, so the rest of the response can still be read.
enum FormatDetails {
    static func describe(format: String, statement: [CBORPair]) -> JSONValue? {
        switch format {
        case "tpm": return tpm(statement)
        case "android-key": return leafCertificate(statement).map(androidKey)
        case "android-safetynet": return safetyNet(statement)
        case "apple": return leafCertificate(statement).map(apple)
        default: return nil
        }
    }

    private static func attempt(_ body: () throws(WebAuthnError) -> JSONValue) -> JSONValue {
        do { return try body() } catch { return Inspector.failure(error) }
    }

    private static func hex16(_ value: UInt16) -> JSONValue { .string(TPMAlgorithm.hex(value)) }

    static func tpm(_ statement: [CBORPair]) -> JSONValue {
        var details = JSONObject()
        if case .bytes(let bytes)? = statement[textKey: "certInfo"] {
            details["certInfo"] = attempt { () throws(WebAuthnError) in
                let info = try TPMSAttest(bytes: bytes)
                return .object(
                    JSONObject([
                        "magic": .string("0x" + String(info.magic, radix: 16, uppercase: true)), "type": hex16(info.type),
                        "qualifiedSigner": .string(Hex.encode(info.qualifiedSigner)), "extraData": .string(Hex.encode(info.extraData)),
                        "clock": .number(String(info.clock)), "resetCount": JSONValue(info.resetCount), "restartCount": JSONValue(info.restartCount),
                        "safe": .bool(info.safe), "firmwareVersion": .string("0x" + String(info.firmwareVersion, radix: 16, uppercase: true)),
                        "attestedName": .string(Hex.encode(info.attestedName)),
                        "attestedQualifiedName": .string(Hex.encode(info.attestedQualifiedName)),
                    ]))
            }
        }
        if case .bytes(let bytes)? = statement[textKey: "pubArea"] {
            details["pubArea"] = attempt { () throws(WebAuthnError) in
                let pub = try TPMTPublic(bytes: bytes)
                var object = JSONObject([
                    "type": hex16(pub.type), "nameAlg": hex16(pub.nameAlg),
                    "objectAttributes": .string("0x" + String(pub.objectAttributes, radix: 16, uppercase: true)),
                    "symmetric": hex16(pub.symmetric), "scheme": hex16(pub.scheme),
                    "name": .string(pub.name.map { Hex.encode($0) } ?? "unknown nameAlg"),
                ])
                switch pub.parameters {
                case .rsa(let keyBits, let exponent, let modulus):
                    object["rsa"] = .object(
                        JSONObject([
                            "keyBits": JSONValue(Int(keyBits)), "exponent": JSONValue(exponent == 0 ? 65537 : Int(exponent)),
                            "modulus": .string(Hex.encode(modulus)),
                        ]))
                case .ecc(let curveID, let x, let y):
                    object["ecc"] = .object(JSONObject(["curveID": hex16(curveID), "x": .string(Hex.encode(x)), "y": .string(Hex.encode(y))]))
                }
                return .object(object)
            }
        }
        return .object(details)
    }

    private static func leafCertificate(_ statement: [CBORPair]) -> Certificate? {
        guard case .array(let items)? = statement[textKey: "x5c"], case .bytes(let der)? = items.first else { return nil }
        return try? Certificate(derEncoded: der)
    }

    static func androidKey(_ leaf: Certificate) -> JSONValue {
        attempt { () throws(WebAuthnError) in
            let description = try AndroidKeyDescription(certificate: leaf)
            func list(_ list: AndroidKeyDescription.AuthorizationList) -> JSONValue {
                var object = JSONObject([
                    "tags": .array(list.tags.map { JSONValue(Int($0)) }), "purpose": .array(list.purposes.map { JSONValue($0) }),
                ])
                object["algorithm"] = list.algorithm.map { JSONValue($0) }
                object["keySize"] = list.keySize.map { JSONValue($0) }
                object["origin"] = list.origin.map { JSONValue($0) }
                object["osVersion"] = list.osVersion.map { JSONValue($0) }
                object["osPatchLevel"] = list.osPatchLevel.map { JSONValue($0) }
                object["allApplications"] = .bool(list.hasAllApplications)
                return .object(object)
            }
            return .object(
                JSONObject([
                    "attestationVersion": JSONValue(description.attestationVersion),
                    "attestationSecurityLevel": .string(description.attestationSecurityLevel.description),
                    "keymasterVersion": JSONValue(description.keymasterVersion),
                    "keymasterSecurityLevel": .string(description.keymasterSecurityLevel.description),
                    "attestationChallenge": .string(Hex.encode(description.attestationChallenge)),
                    "softwareEnforced": list(description.softwareEnforced), "teeEnforced": list(description.teeEnforced),
                ]))
        }
    }

    static func safetyNet(_ statement: [CBORPair]) -> JSONValue {
        guard case .bytes(let response)? = statement[textKey: "response"] else { return .null }
        return attempt { () throws(WebAuthnError) in
            let jws = try JWS(compact: response, code: .invalidAttestationStatement, context: "attStmt (android-safetynet).response")
            return .object(
                JSONObject([
                    "header": .object(JSONObject(["alg": .string(jws.algorithm)])),
                    "x5c": .array(jws.certificates.map { .string($0.subject.description) }),
                    "payload": .object(jws.payload),
                ]))
        }
    }

    static func apple(_ leaf: Certificate) -> JSONValue {
        attempt { () throws(WebAuthnError) in .object(JSONObject(["nonce": .string(Hex.encode(try AppleAttestation.nonce(in: leaf)))])) }
    }
}
