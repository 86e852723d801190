import OpenAPIKit
import PasskeyCore

/// The OpenAPI description of each route, passed with the route when ``Routes`` registers it: a route cannot be
/// added without one, and `/openapi.json` describes exactly the routes registered.
enum APIOperations {
    typealias A = APIAnswers

    static let signedIn: [OpenAPI.SecurityRequirement] = [[.component(named: "bearer"): []], [.component(named: "cookie"): []]]

    static func json(_ schema: String, required: Bool = true) -> OpenAPI.Request {
        OpenAPI.Request(content: [.json: .content(.init(schema: APISchemas.ref(schema)))], required: required)
    }

    static func merged(_ answers: A.Answers...) -> A.Answers {
        answers.reduce(into: A.Answers()) { all, more in for (status, answer) in more { all[status] = answer } }
    }

    static func plain(_ summary: String, _ description: String, _ type: OpenAPI.ContentType, _ schema: JSONSchema = .string) -> OpenAPI.Operation {
        OpenAPI.Operation(
            summary: summary,
            responses: [200: .response(OpenAPI.Response(description: description, content: [type: .content(.init(schema: schema))]))])
    }

    static let document = plain("This document", "OpenAPI 3.1", .json, .object)
}
