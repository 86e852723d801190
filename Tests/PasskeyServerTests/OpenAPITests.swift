import Foundation
import HummingbirdTesting
import PasskeyCore
@testable import PasskeyServer
import Testing

@Suite("/openapi.json matches the server")
struct OpenAPITests {
    @Test("every served route is documented, and every documented route is served")
    func routesMatch() async throws {
        let configuration = TestServer.configuration(Backend.sqlite.location())
        let store = try await configuration.database.openStore(logger: .init(label: "test"))
        let relyingParty = RelyingParty(configuration: configuration.relyingParty, store: store)
        let served = Set(Routes(relyingParty: relyingParty, configuration: configuration, metrics: ServerMetrics()).buildWithEndpoints().endpoints)
        try await store.shutdown()

        let document = try JSONParser.parseObject(Array(OpenAPIDocument.json.utf8))
        #expect(document["openapi"] == .string("3.1.0"))
        let paths = try #require(document["paths"]?.objectValue)
        var documented = Set<Routes.Endpoint>()
        for path in paths.members {
            for method in path.value.objectValue?.keys ?? [] where ["get", "post", "patch", "delete", "put"].contains(method) {
                documented.insert(Routes.Endpoint(method: method, path: path.key))
            }
        }
        #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented))")
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served))")
    }

    @Test("every $ref points at a component that exists")
    func referencesResolve() throws {
        let text = OpenAPIDocument.json
        let document = try JSONParser.parseObject(Array(text.utf8))
        let components = try #require(document["components"]?.objectValue)
        var references = Set<String>()
        var remaining = Substring(text)
        while let range = remaining.range(of: "\"$ref\": \"#/components/") {
            let tail = remaining[range.upperBound...]
            if let end = tail.firstIndex(of: "\"") { references.insert(String(tail[..<end])) }
            remaining = tail
        }
        #expect(!references.isEmpty)
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 2 && components[parts[0]]?.objectValue?[parts[1]] != nil, "dangling $ref \(reference)")
        }
    }
}
