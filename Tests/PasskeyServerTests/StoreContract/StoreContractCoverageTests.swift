import Foundation
import Testing

/// Every requirement of the store protocols has a contract test: each suite lists the requirements it tests, and this
/// suite reads the protocols' source to check the lists are complete, so a requirement added later without a test
/// fails here with its name.
@Suite("Store contract: every requirement has a test", .serialized)
struct StoreContractCoverageTests {
    /// Each protocol, the file that declares it (from the package root), and the suite's list of what it tests.
    static let protocols: [(name: String, file: String, tested: [String])] = [
        ("Store", "Sources/PasskeyStore/Store.swift", StoreContractTests.requirements),
        ("DatabaseStore", "Sources/PasskeyStore/Store.swift", DatabaseStoreContractTests.requirements),
        ("TokenStore", "Sources/PasskeyStore/TokenStore.swift", TokenStoreContractTests.requirements),
        ("OpenIDStore", "Sources/PasskeyStore/OpenIDStore.swift", OpenIDStoreContractTests.requirements),
        ("AdminStore", "Sources/PasskeyStore/AdminStore.swift", AdminStoreContractTests.requirements),
        ("EventOutboxStore", "Sources/PasskeyStore/EventOutboxStore.swift", EventOutboxStoreContractTests.requirements),
        ("SharedLimitStore", "Sources/PasskeyStore/SharedLimitStore.swift", SharedLimitStoreContractTests.requirements),
        ("CeremonyStore", "Sources/PasskeyRelyingParty/Ceremonies/CeremonyStore.swift", CeremonyStoreContractTests.requirements),
    ]

    /// The package root: this file is Tests/PasskeyServerTests/StoreContract/StoreContractCoverageTests.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The body of `protocol name` in `source`, between its braces; nil when it is not declared there.
    static func protocolBody(_ name: String, in source: String) -> Substring? {
        guard let declaration = source.range(of: #"(?m)^\s*(public |package )?protocol \#(name)\b"#, options: .regularExpression),
            let open = source[declaration.upperBound...].firstIndex(of: "{")
        else { return nil }
        var depth = 0
        for index in source[open...].indices {
            switch source[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return source[source.index(after: open)..<index] }
            default: break
            }
        }
        return nil
    }

    /// The requirements a protocol body declares, as selectors: `name(label:label:)` for a method, `name` for a property.
    static func requirements(in body: Substring) -> [String] {
        // Comments may mention `func` or hold braces and parentheses; the declarations alone are read.
        let code = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }.joined(separator: "\n")
        var found: [String] = []
        for match in code.matches(of: #/\bvar\s+(\w+)\s*:/#) { found.append(String(match.1)) }
        for match in code.matches(of: #/\bfunc\s+(\w+)\s*(<[^>]*>)?\s*\(/#) {
            // The parameter list, up to its closing parenthesis, split at the commas outside nested parentheses.
            var depth = 1
            var parameters: [String] = [""]
            var index = match.range.upperBound
            while index < code.endIndex, depth > 0 {
                let character = code[index]
                switch character {
                case "(", "[", "<": depth += 1
                case ")", "]", ">": depth -= (character == ">" && code[code.index(before: index)] == "-") ? 0 : 1
                case "," where depth == 1: parameters.append("")
                default: break
                }
                if depth > 0, !(character == "," && depth == 1) { parameters[parameters.count - 1].append(character) }
                index = code.index(after: index)
            }
            let labels = parameters.compactMap { parameter -> String? in
                let trimmed = parameter.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { return nil }
                return String(trimmed.prefix { $0 != " " && $0 != ":" && $0 != "\n" }) + ":"
            }
            found.append("\(match.1)(\(labels.joined()))")
        }
        return found
    }

    @Test("the parser reads selectors as Swift writes them, also over several lines and with closure parameters")
    func parser() throws {
        let source = """
            public protocol Sample: Sendable {
                /// Not a func here(x:) in a comment.
                var health: Int { get }
                func plain() async throws
                func user(handle: [UInt8]) async throws -> Int?
                func secret(named name: String, generate: @Sendable () throws -> [UInt8]) async throws -> [UInt8]
                func many(
                    _ first: Int, except second: (Int, Int), third: [String: Int]
                ) async throws -> Bool
            }
            extension Sample { func outside(x: Int) {} }
            """
        let body = try #require(Self.protocolBody("Sample", in: source))
        #expect(
            Set(Self.requirements(in: body)) == ["health", "plain()", "user(handle:)", "secret(named:generate:)", "many(_:except:third:)"])
    }

    @Test("each store protocol's requirements are exactly those its contract suite lists", arguments: protocols.map(\.name))
    func everyRequirementTested(_ name: String) throws {
        let entry = try #require(Self.protocols.first { $0.name == name })
        let source = try String(contentsOf: Self.packageRoot.appendingPathComponent(entry.file), encoding: .utf8)
        let body = try #require(Self.protocolBody(name, in: source), "protocol \(name) is not declared in \(entry.file)")
        let declared = Self.requirements(in: body)
        #expect(!declared.isEmpty, "no requirements read from \(name)")
        #expect(Set(declared).count == declared.count, "a requirement declared twice?")
        let untested = Set(declared).subtracting(entry.tested)
        let stale = Set(entry.tested).subtracting(declared)
        #expect(untested.isEmpty, "requirements of \(name) without a contract test: \(untested.sorted())")
        #expect(stale.isEmpty, "listed as tested but no longer requirements of \(name): \(stale.sorted())")
        #expect(entry.tested.count == Set(entry.tested).count, "a requirement listed twice in \(name)'s suite")
    }
}
