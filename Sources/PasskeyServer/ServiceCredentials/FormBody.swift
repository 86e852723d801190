import Foundation
import PasskeyCore

/// An `application/x-www-form-urlencoded` body (WHATWG URL standard §5.1, as RFC 6749 Appendix B uses it): RFC 7662
/// requests carry `token=…`. Only the parameters a route reads are kept: one of them given twice is refused (RFC 6749
/// §3.1), and its value must be valid percent-encoded UTF-8; every other parameter is ignored, as the same section
/// requires of unrecognized ones. Linear in the body's size.
enum FormBody {
    /// Whether `contentType` is `application/x-www-form-urlencoded` (parameters such as `charset` allowed).
    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type == "application/x-www-form-urlencoded"
    }

    /// The parameters of `body` named in `names`, or a 400 naming what is wrong with one of them. With
    /// `refusingOthers` (a query string of the operator's API, where a mistyped name would silently widen a search),
    /// any other parameter is refused too.
    static func parameters(_ body: [UInt8], reading names: Set<String>, refusingOthers: Bool = false) throws(RelyingPartyError) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), names.contains(name) else {
                guard !refusingOthers else {
                    throw invalid("Expected only the parameters \(names.sorted().joined(separator: ", ")), found another (\(parts[0].count) bytes).")
                }
                continue
            }
            guard let value = decode(parts.count > 1 ? parts[1] : []) else {
                throw invalid("The form parameter '\(name)' is not valid percent-encoded UTF-8.")
            }
            guard parameters.updateValue(value, forKey: name) == nil else {
                throw invalid("The form parameter '\(name)' is given more than once (RFC 6749 §3.1).")
            }
        }
        return parameters
    }

    static func invalid(_ message: String) -> RelyingPartyError { RelyingPartyError(.badRequest, message, code: "invalidRequest") }

    /// One name or value as the form encodes it: `+` is a space; `%XX` a byte; the bytes must be UTF-8. Nil otherwise.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                guard bytes.distance(from: index, to: bytes.endIndex) >= 3, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
