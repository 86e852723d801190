import Foundation
import PasskeyCore

/// Typed reads of request members, with the contract's wording for errors ("key: expected …, found …").
package enum RequestMembers {
    package static let maximumNameLength = 64
    /// Characters can be long (a letter with thousands of combining marks is one character): names are also bounded
    /// in bytes, well below what a database index entry takes.
    package static let maximumNameBytes = 256

    /// A user-facing name: NFC-normalized (so one name has one spelling), trimmed, non-empty, at most
    /// ``maximumNameLength`` characters and ``maximumNameBytes`` UTF-8 bytes, no control or invisible format
    /// characters (zero-width joiners, bidirectional overrides) that would make two names look alike.
    package static func name(_ object: JSONObject, _ key: String, required: Bool) throws(RelyingPartyError) -> String? {
        guard let value = object[key] else {
            if required { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing") }
            return nil
        }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        guard text.utf8.count <= maximumNameBytes * 4 else {
            throw RelyingPartyError.badRequest("\(key): expected at most \(maximumNameBytes) bytes of UTF-8, found \(text.utf8.count)")
        }
        let trimmed = printableASCII(trimming: text) ?? text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found an empty one") }
        guard trimmed.utf8.count <= maximumNameBytes else {
            throw RelyingPartyError.badRequest("\(key): expected at most \(maximumNameBytes) bytes of UTF-8, found \(trimmed.utf8.count)")
        }
        // Counted in Unicode code points, as JSON Schema's maxLength counts them (the OpenAPI document states the same
        // limit), so a client validating against the document and the server agree on every name.
        guard trimmed.unicodeScalars.count <= maximumNameLength else {
            throw RelyingPartyError.badRequest(
                "\(key): expected at most \(maximumNameLength) characters (code points), found \(trimmed.unicodeScalars.count)")
        }
        guard !trimmed.unicodeScalars.contains(where: { [.control, .format].contains($0.properties.generalCategory) }) else {
            throw RelyingPartyError.badRequest("\(key): expected no control or invisible format characters")
        }
        return trimmed
    }

    /// `text` without its leading and trailing spaces when every byte is printable ASCII (U+0020–U+007E), else nil.
    /// Such text is already in NFC, has one character per byte and no control or format character, so the checks
    /// below give the same answer as on the general path; most names take this path, and Foundation's
    /// normalization and trimming were 2% of a sign-in's CPU in issue #13's profile.
    package static func printableASCII(trimming text: String) -> String? {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
            if first == bytes.startIndex && last == bytes.endIndex - 1 { return text }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)
        }
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
