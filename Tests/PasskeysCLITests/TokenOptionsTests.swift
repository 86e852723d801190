import ArgumentParser
import Foundation
import PasskeyServer
import Testing

@testable import PasskeysCLI

/// `passkeys serve`'s options for session tokens, their keys and CORS, from flags and the environment.
@Suite("passkeys serve: session tokens and CORS options")
struct TokenOptionsTests {
    func resolve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServeCommand.parse(arguments).resolve(environment)
    }

    @Test("defaults: the first origin issues, for itself, tokens of 5 minutes; keys rotate monthly; no CORS")
    func defaults() throws {
        let c = try resolve([])
        #expect(c.tokenIssuer == "http://localhost:8080" && c.tokenAudiences == ["http://localhost:8080"])
        #expect(c.tokens.lifetime == 300 && c.tokens.keyRotation == 2_592_000 && c.tokens.keyEncryptionKey == nil)
        #expect(c.corsOrigins.isEmpty)
    }

    @Test("flags, and the environment when a flag is absent")
    func flagsAndEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kek-\(UUID().uuidString)").path
        try Data((Data(repeating: 3, count: 32).base64EncodedString() + "\n").utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let c = try resolve([
            "--origin", "http://localhost:8080", "--origin", "http://localhost:5173", "--cors-origin", "http://localhost:5173",
            "--issuer", "http://localhost:8080", "--token-audience", "https://api.example.com", "--token-audience", "reports",
            "--token-lifetime", "60", "--signing-key-rotation", "86400", "--key-encryption-key-file", file,
        ])
        #expect(c.tokenAudiences == ["https://api.example.com", "reports"] && c.tokens.lifetime == 60 && c.tokens.keyRotation == 86_400)
        #expect(c.corsOrigins == ["http://localhost:5173"] && c.tokens.keyEncryptionKey != nil)
        let e = try resolve(
            [],
            environment: [
                "PASSKEYS_ORIGINS": "http://localhost:8080,http://localhost:5173", "PASSKEYS_CORS_ORIGINS": "http://localhost:5173",
                "PASSKEYS_TOKEN_AUDIENCES": "a, b", "PASSKEYS_TOKEN_LIFETIME": "120", "PASSKEYS_KEY_ENCRYPTION_KEY_FILE": file,
            ])
        #expect(e.corsOrigins == ["http://localhost:5173"] && e.tokenAudiences == ["a", "b"] && e.tokens.lifetime == 120)
        #expect(e.tokens.keyEncryptionKey?.fingerprint == c.tokens.keyEncryptionKey?.fingerprint)
    }

    @Test(
        "bad values are usage errors with plain words",
        arguments: [
            ["--cors-origin", "http://localhost:5173"], ["--cors-origin", "*"], ["--token-lifetime", "0"], ["--token-lifetime", "86401"],
            ["--signing-key-rotation", "60"], ["--issuer", "https://login.example.com/"], ["--issuer", "ftp://login.example.com"],
            ["--key-encryption-key-file", "/nonexistent/kek"], ["--token-audience", " "],
            ["--rp-id", "example.com", "--origin", "https://example.com", "--issuer", "http://example.com"],
        ])
    func badValues(_ arguments: [String]) {
        #expect(throws: ValidationError.self) { try resolve(arguments) }
    }
}
