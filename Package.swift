// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A product of another package, linked only while `trait` is enabled. Every dependency on another package is one of
/// these: SwiftPM (6.2 and later) resolves no package that only disabled traits use, so an app that depends on this
/// package with `traits: []` and links `PasskeyClient` fetches nothing else (SE-0450; docs/packages.md, "Adding the package").
func product(_ name: String, _ package: String, _ trait: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [trait]))
}

/// `dependencies` and swift-crypto, swift-certificates and swift-asn1: what the verifier and the software authenticator need. The app
/// SDK (`PasskeyClient` over `PasskeyModel`) needs none of them; `scripts/check-lean-client` keeps it that way.
func withCryptography(_ dependencies: [Target.Dependency]) -> [Target.Dependency] {
    dependencies + [
        product("Crypto", "swift-crypto", "Cryptography"),
        product("_CryptoExtras", "swift-crypto", "Cryptography"),
        product("X509", "swift-certificates", "Cryptography"),
        product("SwiftASN1", "swift-asn1", "Cryptography"),
    ]
}

let package = Package(
    name: "Passkeys",
    // PasskeyClient's String Catalog (PasskeyError's user-facing texts) is localized; English is its source language.
    defaultLocalization: "en",
    // Xcode 26 or later (tools 6.2), and where PasskeyClient builds: docs/ios.md "Platforms and Xcode", docs/decisions/0071-xcode-26-required.md.
    platforms: [.iOS(.v17), .macCatalyst(.v17), .macOS(.v14), .visionOS(.v1)],
    products: [
        .library(name: "PasskeyModel", targets: ["PasskeyModel"]),
        .library(name: "PasskeyCore", targets: ["PasskeyCore"]),
        .library(name: "PasskeyAuthenticator", targets: ["PasskeyAuthenticator"]),
        .library(name: "PasskeyRelyingParty", targets: ["PasskeyRelyingParty"]),
        .library(name: "PasskeyStore", targets: ["PasskeyStore"]),
        .library(name: "PasskeyServer", targets: ["PasskeyServer"]),
        .library(name: "PasskeyHummingbird", targets: ["PasskeyHummingbird"]),
        .library(name: "PasskeyVapor", targets: ["PasskeyVapor"]),
        .library(name: "PasskeyRouteTesting", targets: ["PasskeyRouteTesting"]),
        .library(name: "PasskeyClient", targets: ["PasskeyClient"]),
        .library(name: "PasskeySoftwareProvider", targets: ["PasskeySoftwareProvider"]),
        .executable(name: "passkeys", targets: ["passkeys"]),
    ],
    // What each product needs, as package traits (SE-0450). The default enables everything this package builds, so
    // `swift run passkeys serve`, `scripts/test` and server apps change nothing; an iOS app that links only
    // PasskeyClient (and PasskeyModel) depends on this package with `traits: []` and resolves no other package.
    traits: [
        .default(enabledTraits: ["Server"]),
        .trait(
            name: "Cryptography",
            description:
                "PasskeyCore (verification, attestation, metadata), PasskeyAuthenticator, PasskeySoftwareProvider and PasskeyRelyingParty: swift-crypto, swift-certificates, swift-asn1."
        ),
        .trait(
            name: "Hummingbird", description: "PasskeyHummingbird, the passkey routes for a Hummingbird 2 app: Hummingbird and SwiftNIO.",
            enabledTraits: ["Cryptography"]),
        .trait(
            name: "Server",
            description:
                "PasskeyServer and the passkeys command (serve, load, verify, …) with SQLite, PostgreSQL, metrics and the HTTP client; the default.",
            enabledTraits: ["Hummingbird"]),
        .trait(
            name: "Vapor",
            description: "PasskeyVapor, the passkey routes and Fluent credential storage for a Vapor 4 app: Vapor and Fluent. Not in the default.",
            enabledTraits: ["Cryptography"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.25.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.0.0", traits: []),
        .package(url: "https://github.com/vapor/vapor.git", "4.122.0"..<"4.123.0"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.57.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        // Tests only: child processes without Foundation's Process (docs/decisions/0174-tests-spawn-with-subprocess.md).
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
    ],
    targets: [
        // The WebAuthn model and codecs, with no dependency: under both the verifier and the app SDK.
        .target(name: "PasskeyModel", swiftSettings: strict),
        .target(name: "PasskeyCore", dependencies: withCryptography(["PasskeyModel"]), swiftSettings: strict),
        .target(name: "PasskeyAuthenticator", dependencies: withCryptography(["PasskeyModel", "PasskeyCore"]), swiftSettings: strict),
        // The relying party's ceremonies over an app's own accounts, without HTTP or a database.
        .target(name: "PasskeyRelyingParty", dependencies: withCryptography(["PasskeyCore"]), swiftSettings: strict),
        // The stores: the records, the store protocols, the schema and its migrations, SQLite and PostgreSQL, and what a
        // change writes beside itself (events for the outbox, the audit entry). Below the server: it knows no HTTP.
        .target(
            name: "PasskeyStore",
            dependencies: withCryptography([
                "PasskeyCore", "PasskeyRelyingParty",
                product("Logging", "swift-log", "Server"),
                product("NIOCore", "swift-nio", "Server"),
                product("NIOPosix", "swift-nio", "Server"),
                product("NIOSSL", "swift-nio-ssl", "Server"),
                product("SQLKit", "sql-kit", "Server"),
                product("GRDB", "GRDB.swift", "Server"),
                product("PostgresKit", "postgres-kit", "Server"),
            ]),
            swiftSettings: strict),
        .target(
            name: "PasskeyServer",
            dependencies: withCryptography([
                "PasskeyCore", "PasskeyRelyingParty", "PasskeyStore", "PasskeyHummingbird",
                product("Hummingbird", "hummingbird", "Server"),
                product("HummingbirdCore", "hummingbird", "Server"),
                product("HTTPTypes", "swift-http-types", "Server"),
                product("Logging", "swift-log", "Server"),
                product("NIOCore", "swift-nio", "Server"),
                product("NIOPosix", "swift-nio", "Server"),
                product("ServiceLifecycle", "swift-service-lifecycle", "Server"),
                product("Prometheus", "swift-prometheus", "Server"),
                product("SQLKit", "sql-kit", "Server"),
                product("GRDB", "GRDB.swift", "Server"),
                product("PostgresKit", "postgres-kit", "Server"),
                product("NIOSSL", "swift-nio-ssl", "Server"),
                product("AsyncHTTPClient", "async-http-client", "Server"),
                product("OpenAPIKit", "OpenAPIKit", "Server"),
                product("JWTKit", "jwt-kit", "Server"),
            ]),
            swiftSettings: strict,
            // The web page (every file under Web: HTML, CSS, JavaScript, …) built into the binary (WebAssets.swift).
            plugins: ["EmbedWebFiles"]
        ),
        // Writes the files under PasskeyServer's Web folder as one Swift source file at build time (so the release is
        // one artifact), in the plugin itself: no tool built from source, so a build with nothing changed does nothing.
        .plugin(name: "EmbedWebFiles", capability: .buildTool()),
        // The conformance endpoints as a route group an existing Hummingbird app mounts, over its own users and sessions.
        .target(
            name: "PasskeyHummingbird",
            dependencies: [
                "PasskeyRelyingParty", product("Hummingbird", "hummingbird", "Hummingbird"), product("NIOCore", "swift-nio", "Hummingbird"),
            ],
            swiftSettings: strict),
        // The conformance endpoints as a RouteCollection a Vapor app registers, and Fluent models storing its passkeys.
        // Only the non-default trait "Vapor" builds it, so the default build never compiles Vapor.
        .target(
            name: "PasskeyVapor",
            dependencies: [
                "PasskeyRelyingParty", product("Vapor", "vapor", "Vapor"), product("FluentKit", "fluent-kit", "Vapor"),
                product("SQLKit", "sql-kit", "Vapor"), product("NIOCore", "swift-nio", "Vapor"),
            ],
            swiftSettings: strict),
        // The route-level sign-in and attack scenarios, run over HTTP against any app serving the four endpoints: both
        // examples' tests run them, and an app may run them against its own routes.
        .target(name: "PasskeyRouteTesting", dependencies: ["PasskeyModel", "PasskeyAuthenticator"], swiftSettings: strict),
        // What an app links: the model, the API client, the coordinator, the Apple adapter and the bridge.
        .target(
            name: "PasskeyClient", dependencies: ["PasskeyModel"],
            // The bridge's page script, and the String Catalog of PasskeyError's texts (Xcode compiles it into .lproj
            // folders; SwiftPM on Linux copies it as it is, and the English text in the code answers there).
            resources: [.copy("Resources/passkeys-bridge.js"), .process("Resources/Localizable.xcstrings")], swiftSettings: strict),
        // The software authenticator as a PasskeyProvider, for the CLI, tests and Linux apps.
        .target(name: "PasskeySoftwareProvider", dependencies: ["PasskeyClient", "PasskeyAuthenticator"], swiftSettings: strict),
        .target(
            name: "PasskeysCLI",
            dependencies: withCryptography([
                "PasskeyCore", "PasskeyAuthenticator", "PasskeyServer", "PasskeyStore", "PasskeyClient", "PasskeySoftwareProvider",
                product("ArgumentParser", "swift-argument-parser", "Server"),
                product("Logging", "swift-log", "Server"),
                product("AsyncHTTPClient", "async-http-client", "Server"),
                product("NIOCore", "swift-nio", "Server"),
                product("NIOHTTP1", "swift-nio", "Server"),
                product("NIOPosix", "swift-nio", "Server"),
                product("Histogram", "hdrhistogram-swift", "Server"),
            ]),
            swiftSettings: strict,
            // The git commit of the build, for `passkeys --version` (nil outside a checkout; the build never fails on it).
            plugins: ["BuildCommit"]
        ),
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .executableTarget(name: "passkeys", dependencies: ["PasskeysCLI"], swiftSettings: strict),
        // Examples/Hummingbird: an app with its own users, passkeys and sessions that mounts PasskeyHummingbird. Targets of
        // this package so CI builds and tests it with no second resolution; not a product.
        .target(
            name: "PasskeysExample",
            dependencies: [
                "PasskeyHummingbird",
                product("Hummingbird", "hummingbird", "Server"),
                product("GRDB", "GRDB.swift", "Server"),
                product("Crypto", "swift-crypto", "Server"),
                product("_CryptoExtras", "swift-crypto", "Server"),
                product("Logging", "swift-log", "Server"),
                product("NIOCore", "swift-nio", "Server"),
                product("JWTKit", "jwt-kit", "Server"),
            ],
            path: "Examples/Hummingbird/Sources/PasskeysExample", swiftSettings: strict),
        .executableTarget(
            name: "passkeys-example", dependencies: ["PasskeysExample", product("Hummingbird", "hummingbird", "Server")],
            path: "Examples/Hummingbird/Sources/passkeys-example", swiftSettings: strict),
        .testTarget(
            name: "PasskeysExampleTests",
            dependencies: [
                "PasskeysExample", "PasskeyHummingbird", "PasskeyAuthenticator", "PasskeyRouteTesting", "PasskeyServer",
                product("Hummingbird", "hummingbird", "Server"),
                product("HummingbirdTesting", "hummingbird", "Server"),
                product("GRDB", "GRDB.swift", "Server"),
                product("Crypto", "swift-crypto", "Server"),
                product("Logging", "swift-log", "Server"),
                product("NIOCore", "swift-nio", "Server"),
                product("NIOPosix", "swift-nio", "Server"),
            ],
            path: "Examples/Hummingbird/Tests/PasskeysExampleTests", swiftSettings: strict),
        .testTarget(
            name: "PasskeyClientTests",
            dependencies: withCryptography([
                "PasskeyClient", "PasskeySoftwareProvider", "PasskeyAuthenticator", "PasskeyCore", "PasskeyServer", "PasskeyStore",
                product("Hummingbird", "hummingbird", "Server"),
                product("HummingbirdTesting", "hummingbird", "Server"),
                product("Logging", "swift-log", "Server"),
            ]),
            swiftSettings: strict),
        .testTarget(
            name: "PasskeyAuthenticatorTests", dependencies: withCryptography(["PasskeyAuthenticator", "PasskeyCore"]), swiftSettings: strict),
        .testTarget(
            name: "PasskeyRelyingPartyTests",
            dependencies: withCryptography(["PasskeyRelyingParty", "PasskeyCore", "PasskeyAuthenticator"]), swiftSettings: strict),
        .testTarget(name: "PasskeyCoreTests", dependencies: withCryptography(["PasskeyCore", "PasskeyAuthenticator"]), swiftSettings: strict),
        .testTarget(
            name: "PasskeysCLITests",
            dependencies: withCryptography([
                "PasskeysCLI", "PasskeyCore", "PasskeyServer", "PasskeyStore", product("ArgumentParser", "swift-argument-parser", "Server"),
                product("Subprocess", "swift-subprocess", "Server"),
            ]), swiftSettings: strict),
        .testTarget(
            name: "PasskeyServerTests",
            dependencies: withCryptography([
                "PasskeyServer", "PasskeyStore", "PasskeyCore", "PasskeyAuthenticator", "PasskeyHummingbird",
                product("Hummingbird", "hummingbird", "Server"),
                product("HummingbirdTesting", "hummingbird", "Server"),
                product("Logging", "swift-log", "Server"),
                product("GRDB", "GRDB.swift", "Server"),
                product("JWTKit", "jwt-kit", "Server"),
            ]),
            swiftSettings: strict
        ),
    ]
)
