import Foundation
import PasskeyCore

/// Typed reads of request members, with the contract's wording for errors ("key: expected …, found …").
enum RequestMembers {
    static let maximumNameLength = 64

    /// A user-facing name: trimmed, non-empty, at most ``maximumNameLength`` characters, no control characters.
    static func name(_ object: JSONObject, _ key: String, required: Bool) throws -> String? {
        guard let value = object[key] else {
            if required { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing") }
            return nil
        }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found an empty one") }
        guard trimmed.count <= maximumNameLength else {
            throw RelyingPartyError.badRequest("\(key): expected at most \(maximumNameLength) characters, found \(trimmed.count)")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw RelyingPartyError.badRequest("\(key): expected no control characters")
        }
        return trimmed
    }

    static func requiredName(_ object: JSONObject, _ key: String) throws -> String {
        guard let name = try name(object, key, required: true) else {
            throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing")
        }
        return name
    }

    static func optionalString(_ object: JSONObject?, _ key: String) throws -> String? {
        guard let value = object?[key] else { return nil }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        return text
    }

    static func optionalObject(_ object: JSONObject, _ key: String) throws -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let inner) = value else { throw RelyingPartyError.badRequest("\(key): expected an object, found \(value.typeName)") }
        return inner
    }

    /// A credential ID from a URL path segment; anything that is not base64url names no passkey of the account.
    static func credentialID(_ text: String) throws -> [UInt8] {
        do { return try Base64URL.decode(text, field: "credential id") } catch {
            throw RelyingPartyError(.notFound, "No passkey \(text) belongs to this account (\(error.message)).")
        }
    }
}
