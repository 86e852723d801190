/// An authenticator or passkey provider's icon as a `data:` URL that has been checked before any page shows it.
///
/// FIDO metadata (MDS3, Metadata Statement §4 `icon`, `iconDark`, `providerLogoLight`, `providerLogoDark`) carries
/// icons as `data:` URLs written by vendors. A relying party puts them into its pages, so each one is checked here:
/// base64 with one of four image media types, at most ``maximumBytes`` decoded, whose bytes start as that type's do
/// (PNG, JPEG and WebP signatures; SVG text that opens with `<svg` or an XML declaration). An SVG shown through
/// `<img src>` runs no script and loads nothing, which is how the web page and the client SDK use these.
public struct ProviderIcon: Sendable, Hashable, CustomStringConvertible {
    /// The image types accepted, by their media type.
    public enum MediaType: String, Sendable, CaseIterable {
        /// `image/png`, starting with the PNG signature.
        case png = "image/png"
        /// `image/jpeg`, starting with a JPEG SOI marker.
        case jpeg = "image/jpeg"
        /// `image/webp`, a RIFF container of type WEBP.
        case webp = "image/webp"
        /// `image/svg+xml`, text that opens with `<svg` or an XML declaration.
        case svg = "image/svg+xml"
    }

    /// The largest decoded image accepted: MDS icons are small; a larger one is refused rather than served.
    public static let maximumBytes = 32 * 1024

    /// The checked `data:` URL, as given.
    public let dataURL: String
    /// Its media type.
    public let mediaType: MediaType

    /// Checks `dataURL`; nil when it is not a base64 `data:` URL of an accepted image type within the size bound
    /// whose content matches its declared type.
    public init?(dataURL: String) {
        // RFC 2397: data:[<mediatype>][;base64],<data>; only the base64 form of the four types, no parameters.
        let prefix = "data:"
        guard dataURL.utf8.count <= (Self.maximumBytes / 3 + 1) * 4 + 64, dataURL.hasPrefix(prefix),
            let comma = dataURL.firstIndex(of: ",")
        else { return nil }
        let header = dataURL[dataURL.index(dataURL.startIndex, offsetBy: prefix.count)..<comma]
        guard header.hasSuffix(";base64"),
            let type = MediaType(rawValue: String(header.dropLast(";base64".count)).lowercased())
        else { return nil }
        let payload = String(dataURL[dataURL.index(after: comma)...])
        guard let bytes = try? Base64URL.decode(payload, strictness: .lenient), !bytes.isEmpty,
            bytes.count <= Self.maximumBytes, Self.content(bytes, matches: type)
        else { return nil }
        self.dataURL = dataURL
        self.mediaType = type
    }

    /// The URL itself, so an icon interpolates as what a page would load.
    public var description: String { dataURL }

    private static func content(_ bytes: [UInt8], matches type: MediaType) -> Bool {
        switch type {
        case .png: return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .jpeg: return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case .webp: return bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
        case .svg:
            guard let text = String(validating: bytes, as: UTF8.self) else { return false }
            let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            return start.hasPrefix("<svg") || start.hasPrefix("<?xml")
        }
    }
}
