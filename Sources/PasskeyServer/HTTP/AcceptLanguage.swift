import Foundation

/// The languages a request prefers, from its `Accept-Language` header (RFC 9110 §12.5.4), best first, for naming
/// passkey providers in the reader's language.
///
/// Bounded: a header longer than ``maximumLength`` or a tag that is not a BCP 47 shape (letters, digits and hyphens,
/// at most 35 characters) is ignored, at most ``maximumTags`` tags are kept, and `*` means no preference. The
/// header is a hint for display only, so anything malformed is dropped, never refused.
enum AcceptLanguage {
    static let maximumLength = 512
    static let maximumTags = 8

    static func tags(_ header: String?) -> [String] {
        guard let header, header.utf8.count <= maximumLength else { return [] }
        var weighted: [(tag: String, quality: Double, position: Int)] = []
        for (position, item) in header.split(separator: ",").prefix(maximumTags * 2).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, isLanguageTag(tag) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
            }
            if quality > 0 { weighted.append((tag, quality, position)) }
        }
        // A stable order: by quality, then as written.
        weighted.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }
        return Array(weighted.prefix(maximumTags).map(\.tag))
    }

    private static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.utf8.count <= 35 && tag != "*"
            && tag.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
    }
}
