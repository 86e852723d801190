import Foundation
import OpenAPIKit

/// The OpenAPI 3.1 description of the HTTP API, served at `/openapi.json`, built with OpenAPIKit from the routes
/// ``Routes`` registers (each with its ``APIOperations`` entry) and the schemas of ``APISchemas``: a route cannot be
/// served undescribed, and the limits, patterns, enumerations and codes are the values the server checks with.
enum OpenAPIDocument {
    /// A registered route with its description.
    struct Route: Sendable {
        let method: OpenAPI.HttpMethod
        /// OpenAPI's spelling of the path (`/credentials/{id}`).
        let path: String
        let operation: OpenAPI.Operation
    }

    static let info = OpenAPI.Document.Info(
        title: "Passkeys relying party",
        description:
            "WebAuthn registration and sign-in following the FIDO2 conformance server API (the transport binding profile of 'FIDO2: Server Requirements and Transport Binding Profile'), plus sessions and passkey management. Every JSON body has status ('ok' or 'failed') and errorMessage (except the .well-known documents and the RFC 7662 answer of POST /introspect), and a failure a stable code where one applies; each answer below lists its codes. Binary values are base64url without padding. Every POST, PATCH and DELETE must be sent as application/json (a DELETE without a body may omit it; else 415 unsupportedMediaType), except POST /introspect, which takes RFC 7662's form and only an API key, and is refused with 403 when its Origin header is not one of the relying party's origins (originNotAllowed) or Sec-Fetch-Site is cross-site (crossSiteRequest). Request bodies are at most \(ServerContext.maximumBodySize) bytes (413) and must arrive in time (408 requestTimeout). Options requests and failed results are rate limited per client (429 rateLimited, with Retry-After). While the database is unreachable, every endpoint that needs it answers 503 storeUnavailable with Retry-After. A method a path does not list is answered 405 methodNotAllowed with an Allow header (HEAD is served wherever GET is); a path not listed is 404.",
        version: "1.0.0")

    static let securitySchemes: OrderedDictionary<OpenAPI.ComponentKey, OpenAPI.SecurityScheme> = [
        "bearer": .http(scheme: "bearer", description: "The session value returned by /attestation/result or /assertion/result"),
        "cookie": .apiKey(
            name: Routes.sessionCookie, location: .cookie,
            description: "HttpOnly, SameSite=Lax; named __Host-\(Routes.sessionCookie) and Secure when the relying party's origins are https"),
        "serviceKey": .http(
            scheme: "bearer", description: "An API key for service routes (passkeys api-key create): psk_ and 43 base64url characters"),
    ]

    /// The document describing `routes`, in the order they were registered.
    static func document(_ routes: [Route]) -> OpenAPI.Document {
        var items = OrderedDictionary<OpenAPI.Path, OpenAPI.PathItem>()
        for route in routes {
            var item = items[OpenAPI.Path(rawValue: route.path)] ?? OpenAPI.PathItem()
            item[route.method] = route.operation
            // The router makes a HEAD endpoint of every GET one, and 405's Allow names it: described, so clients and
            // checkers see the methods the server serves.
            if route.method == .get { item[.head] = head(of: route.operation) }
            items[OpenAPI.Path(rawValue: route.path)] = item
        }
        return OpenAPI.Document(
            openAPIVersion: .v3_1_1, info: info, servers: [], paths: items.mapValues { .pathItem($0) },
            components: .direct(schemas: APISchemas.all, securitySchemes: securitySchemes))
    }

    /// HEAD of a GET: the same statuses and headers, no body.
    static func head(of get: OpenAPI.Operation) -> OpenAPI.Operation {
        var responses = OpenAPI.Response.Map()
        for (status, answer) in get.responses {
            let response =
                answer.b.map { OpenAPI.Response(description: $0.description, headers: $0.headers) } ?? OpenAPI.Response(description: "As GET")
            responses[status] = .response(response)
        }
        return OpenAPI.Operation(
            summary: get.summary.map { "\($0) (head only)" }, description: "The answer GET gives, without its body.", parameters: get.parameters,
            responses: responses, security: get.security)
    }

    /// The document as JSON, keys sorted so the bytes are the same on every start.
    static func json(_ routes: [Route]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(document(routes)))
    }
}
