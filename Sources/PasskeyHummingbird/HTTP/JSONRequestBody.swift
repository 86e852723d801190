import Foundation
import Hummingbird

/// Reading a ceremony request's body: JSON only, bounded in size, parsed strictly. Every refusal is a 4xx
/// `RelyingPartyError`, so no input reaches a 5xx.
enum JSONRequestBody {
    /// The body's bytes, refused with 415 unless it is declared JSON and with 413 past `limit` bytes.
    ///
    /// Requiring `Content-Type: application/json` is also the routes' share of cross-site request protection: a
    /// browser lets any site POST a form (`text/plain`, `application/x-www-form-urlencoded`) with the user's cookies,
    /// but not JSON without a CORS preflight.
    static func bytes(of request: Request, limit: Int) async throws(RelyingPartyError) -> [UInt8] {
        let contentType = request.headers[.contentType]
        guard let contentType, isJSON(contentType) else {
            throw RelyingPartyError(
                .unsupportedMediaType,
                "The request body must be JSON: expected Content-Type application/json, found \(contentType.map { "'\($0)'" } ?? "none").",
                code: "unsupportedMediaType")
        }
        let tooLarge = RelyingPartyError(.payloadTooLarge, "The request body is larger than \(limit) bytes.", code: "payloadTooLarge")
        // A declared length over the limit is refused before anything is read.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw tooLarge }
        do {
            return Array(try await request.body.collect(upTo: limit).readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw tooLarge
        } catch {
            // The client went away or broke the framing mid-body: its request, not a fault of the server.
            throw RelyingPartyError(.badRequest, "The request body could not be read to its end.", code: "unreadableBody")
        }
    }

    /// The body as a JSON object (strict RFC 8259: no duplicate members, no trailing bytes); an empty body is an
    /// empty object, as the conformance API's options requests allow.
    static func object(_ bytes: [UInt8]) throws(RelyingPartyError) -> JSONObject {
        if bytes.isEmpty { return JSONObject() }
        do { return try JSONParser.parseObject(bytes, what: "request body") } catch {
            throw RelyingPartyError(.badRequest, error.message, code: error.code.rawValue)
        }
    }

    /// Whether the media type (before any `;` parameters, blanks around it ignored, any case) is `application/json`.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
