import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("Undeclared methods on declared paths are 405 with Allow")
struct MethodNotAllowedTests {
    @Test("every method a served path does not declare is 405 methodNotAllowed, with Allow naming exactly the declared ones")
    func undeclaredMethods() async throws {
        let configuration = TestServer.configuration(Backend.sqlite.location())
        let routes = try await OpenAPITests.served(configuration).routes
        let declared = routes.reduce(into: [String: Set<String>]()) { $0[$1.path, default: []].insert($1.method.rawValue) }
        try await TestServer.withServer(configuration) { client in
            for (path, methods) in declared {
                // Every path parameter ({id}, {credentialId}) as a value of its shape.
                let uri = path.replacing(/\{[A-Za-z]+\}/, with: "AAAA")
                for method in [HTTPRequest.Method.get, .put, .post, .patch, .delete, .options, .trace] where !methods.contains(method.rawValue) {
                    // With a form body and a foreign Origin: the 405 comes before the JSON and cross-site checks.
                    let body: [UInt8]? = [.get, .trace, .options].contains(method) ? nil : Array("a=b".utf8)
                    let answer = try await client.call(
                        method, uri, bytes: body, contentType: "application/x-www-form-urlencoded", headers: [.origin: "https://evil.example"])
                    #expect(
                        answer.status == .methodNotAllowed && answer.code == "methodNotAllowed",
                        "\(method) \(uri): \(answer.status) \(answer.errorMessage)")
                    let allow = Set((answer.headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    let expected = methods.contains("GET") ? methods.union(["HEAD"]) : methods
                    #expect(allow == expected, "\(method) \(uri): Allow \(allow), declared \(expected)")
                }
            }
        }
    }

    @Test("declared methods answer as before: HEAD follows GET, DELETE /session without a session is 200, unknown paths 404")
    func declaredMethodsUnchanged() async throws {
        let configuration = TestServer.configuration(Backend.sqlite.location())
        try await TestServer.withServer(configuration) { client in
            let head = try await client.execute(uri: "/healthz", method: .head) { $0.status }
            #expect(head == .ok)
            #expect(try await client.call(.get, "/session").status == .unauthorized)
            let signOut = try await client.call(.delete, "/session")
            #expect(signOut.status == .ok && signOut.ok, "signing out without a session is not an error")
            #expect(try await client.call(.delete, "/session", session: "not-a-session").status == .ok)
            #expect(try await client.call(.delete, "/credentials/AAAA").status == .unauthorized)
            #expect(try await client.call(.patch, "/credentials/AAAA", json: JSONObject(["name": .string("x")])).status == .unauthorized)
            let form = try await client.call(.post, "/attestation/options", bytes: Array("a=b".utf8), contentType: "text/plain")
            #expect(form.status == .unsupportedMediaType && form.code == "unsupportedMediaType")
            let unknown = try await client.call(.get, "/nowhere")
            #expect(unknown.status == .notFound)
            #expect(try await client.call(.get, "/credentials/AAAA/more").status == .notFound)
        }
    }
}
