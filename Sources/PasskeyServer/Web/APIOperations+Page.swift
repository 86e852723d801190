import OpenAPIKit

/// The page's files.
extension APIOperations {
    static func asset(_ path: String, _ contentType: String) -> OpenAPI.Operation {
        let type = OpenAPI.ContentType(rawValue: String(contentType.prefix { $0 != ";" })) ?? .any
        if type == .json {
            // The page's message catalogs: each key's text, or its plural forms keyed by Intl.PluralRules category.
            let forms = JSONSchema.object(additionalProperties: .init(JSONSchema.string))
            let catalog = JSONSchema.object(additionalProperties: .init(JSONSchema.one(of: [.string, forms])))
            return plain("The page's messages in one language (\(path.dropFirst()))", contentType, type, catalog)
        }
        return plain(path == "/" ? "The web page to try passkeys" : "The page's \(path.dropFirst())", contentType, type)
    }
}
