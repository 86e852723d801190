import Foundation
import PasskeyCore

/// Typed reads of request members, with the contract's wording for errors ("key: expected …, found …").
package enum RequestMembers {
    package static let maximumNameLength = UserFacingName.maximumLength
    /// Characters can be long (a letter with thousands of combining marks is one character): names are also bounded
    /// in bytes, well below what a database index entry takes.
    package static let maximumNameBytes = UserFacingName.maximumBytes

    /// A user-facing name by ``UserFacingName``'s rules (the ones provider names from metadata pass too):
    /// NFC-normalized (so one name has one spelling), trimmed, non-empty, at most ``maximumNameLength`` characters
    /// and ``maximumNameBytes`` UTF-8 bytes, no control or invisible format characters (zero-width joiners,
    /// bidirectional overrides) that would make two names look alike.
    package static func name(_ object: JSONObject, _ key: String, required: Bool) throws(RelyingPartyError) -> String? {
        guard let value = object[key] else {
            if required { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing") }
            return nil
        }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        // Bounded before it is normalized, so a huge name costs no normalization.
        guard text.utf8.count <= maximumNameBytes * 4 else {
            throw RelyingPartyError.badRequest("\(key): expected at most \(maximumNameBytes) bytes of UTF-8, found \(text.utf8.count)")
        }
        switch UserFacingName.normalized(text) {
        case .success(let name): return name
        case .failure(let problem): throw RelyingPartyError.badRequest("\(key): \(problem)")
        }
    }

    /// ``UserFacingName/printableASCII(trimming:)``.
    package static func printableASCII(trimming text: String) -> String? {
        UserFacingName.printableASCII(trimming: text)
    }

    package static func requiredName(_ object: JSONObject, _ key: String) throws(RelyingPartyError) -> String {
        guard let name = try name(object, key, required: true) else {
            throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing")
        }
        return name
    }

    package static func optionalString(_ object: JSONObject?, _ key: String) throws(RelyingPartyError) -> String? {
        guard let value = object?[key] else { return nil }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        return text
    }

    package static func optionalObject(_ object: JSONObject, _ key: String) throws(RelyingPartyError) -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let inner) = value else { throw RelyingPartyError.badRequest("\(key): expected an object, found \(value.typeName)") }
        return inner
    }

    /// A credential ID from a URL path segment; anything that is not base64url names no passkey of the account.
    package static func credentialID(_ text: String) throws(RelyingPartyError) -> [UInt8] {
        do { return try Base64URL.decode(text, field: "credential id") } catch {
            throw RelyingPartyError(.notFound, "No passkey \(text) belongs to this account (\(error.message)).")
        }
    }

    /// A typed read whose model error becomes a 400 with the same code and message.
    package static func typed<Value>(_ read: () throws(WebAuthnError) -> Value) throws(RelyingPartyError) -> Value {
        do { return try read() } catch { throw RelyingPartyError(.badRequest, error.message, code: error.code.rawValue) }
    }
}
