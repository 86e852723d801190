package import Hummingbird

/// Reading a request's JSON body, for these routes and for `passkeys serve`'s: JSON only, bounded in size and in
/// time (``RequestBodyDeadline``). Every refusal is a 4xx `RelyingPartyError`, so no input reaches a 5xx.
package enum JSONRequestBody {
    /// The body's bytes, refused with 415 unless it is declared JSON and with 413 past `limit` bytes.
    ///
    /// Requiring `Content-Type: application/json` is also the routes' share of cross-site request protection: a
    /// browser lets any site POST a form (`text/plain`, `application/x-www-form-urlencoded`) with the user's cookies,
    /// but not JSON without a CORS preflight.
    package static func bytes(of request: Request, limit: Int) async throws(RelyingPartyError) -> [UInt8] {
        try RequestJSON.requireJSON(request.headers[.contentType])
        return try await anyBytes(of: request, limit: limit)
    }

    /// The body's bytes whatever its type, refused with 413 past `limit` bytes: for the one route that is not JSON
    /// (`POST /introspect`, RFC 7662's form body), which checks its own type.
    package static func anyBytes(of request: Request, limit: Int) async throws(RelyingPartyError) -> [UInt8] {
        let tooLarge = { RelyingPartyError(.payloadTooLarge, "The request body is larger than \(limit) bytes.", code: "payloadTooLarge") }
        // A declared length over the limit is refused before anything is read.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw tooLarge() }
        do {
            return Array(try await request.body.collect(upTo: limit).readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw tooLarge()
        } catch let late as RequestBodyTimedOut {
            throw late.refusal
        } catch {
            // The client went away or broke the framing mid-body: its request, not a fault of the server.
            throw RelyingPartyError(.badRequest, "The request body could not be read to its end.", code: "unreadableBody")
        }
    }
}
