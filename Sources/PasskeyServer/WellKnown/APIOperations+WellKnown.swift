import OpenAPIKit

/// The files apps and browsers fetch from `/.well-known/`.
extension APIOperations {
    static let appleAppSiteAssociation = plain(
        "Associated domains for iOS apps (webcredentials)", "AASA", .json,
        .object(properties: ["webcredentials": .object(properties: ["apps": .array(required: false, items: .string)])]))

    static let relatedOrigins = plain(
        "Related origins (WebAuthn L3 §5.11.1): the origins on other sites that may use this RP ID (--related-origin)",
        "The related origins document", .json, .object(properties: ["origins": .array(items: .string)]))

    static let assetLinks = plain("Digital Asset Links for Android apps", "Asset links", .json, .array(items: .object))
}
