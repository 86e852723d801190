// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// swift-crypto, swift-certificates and swift-asn1: what the verifier and the software authenticator need. The app
/// SDK (`PasskeyClient` over `PasskeyModel`) needs none of them; `scripts/check-lean-client` keeps it that way.
let cryptography: [Target.Dependency] = [
    .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "_CryptoExtras", package: "swift-crypto"),
    .product(name: "X509", package: "swift-certificates"),
    .product(name: "SwiftASN1", package: "swift-asn1"),
]

let package = Package(
    name: "Passkeys",
    // Xcode 26 or later (tools 6.2), and where PasskeyClient builds: README "Platforms and Xcode", docs/decisions.md.
    platforms: [.iOS(.v17), .macCatalyst(.v17), .macOS(.v14), .visionOS(.v1)],
    products: [
        .library(name: "PasskeyModel", targets: ["PasskeyModel"]),
        .library(name: "PasskeyCore", targets: ["PasskeyCore"]),
        .library(name: "PasskeyAuthenticator", targets: ["PasskeyAuthenticator"]),
        .library(name: "PasskeyRelyingParty", targets: ["PasskeyRelyingParty"]),
        .library(name: "PasskeyServer", targets: ["PasskeyServer"]),
        .library(name: "PasskeyHummingbird", targets: ["PasskeyHummingbird"]),
        .library(name: "PasskeyClient", targets: ["PasskeyClient"]),
        .library(name: "PasskeySoftwareProvider", targets: ["PasskeySoftwareProvider"]),
        .executable(name: "passkeys", targets: ["passkeys"]),
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
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.25.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.0.0", traits: []),
    ],
    targets: [
        // The WebAuthn model and codecs, with no dependency: under both the verifier and the app SDK.
        .target(name: "PasskeyModel", swiftSettings: strict),
        .target(name: "PasskeyCore", dependencies: ["PasskeyModel"] + cryptography, swiftSettings: strict),
        .target(name: "PasskeyAuthenticator", dependencies: ["PasskeyModel", "PasskeyCore"] + cryptography, swiftSettings: strict),
        // The relying party's ceremonies over an app's own accounts, without HTTP or a database.
        .target(name: "PasskeyRelyingParty", dependencies: ["PasskeyCore"] + cryptography, swiftSettings: strict),
        .target(
            name: "PasskeyServer",
            dependencies: [
                "PasskeyCore", "PasskeyRelyingParty", "PasskeyHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ] + cryptography,
            swiftSettings: strict
        ),
        // The conformance endpoints as a route group an existing Hummingbird app mounts, over its own users and sessions.
        .target(
            name: "PasskeyHummingbird",
            dependencies: ["PasskeyRelyingParty", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strict),
        // What an app links: the model, the API client, the coordinator, the Apple adapter and the bridge.
        .target(
            name: "PasskeyClient", dependencies: ["PasskeyModel"],
            resources: [.copy("Resources/passkeys-bridge.js")], swiftSettings: strict),
        // The software authenticator as a PasskeyProvider, for the CLI, tests and Linux apps.
        .target(name: "PasskeySoftwareProvider", dependencies: ["PasskeyClient", "PasskeyAuthenticator"], swiftSettings: strict),
        .target(
            name: "PasskeysCLI",
            dependencies: [
                "PasskeyCore", "PasskeyAuthenticator", "PasskeyServer", "PasskeyClient", "PasskeySoftwareProvider",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ] + cryptography,
            swiftSettings: strict
        ),
        .executableTarget(name: "passkeys", dependencies: ["PasskeysCLI"], swiftSettings: strict),
        // Examples/Hummingbird: an app with its own users, passkeys and sessions that mounts PasskeyHummingbird. Targets of
        // this package so CI builds and tests it with no second resolution; not a product.
        .target(
            name: "PasskeysExample",
            dependencies: [
                "PasskeyHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Hummingbird/Sources/PasskeysExample", swiftSettings: strict),
        .executableTarget(
            name: "passkeys-example", dependencies: ["PasskeysExample", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Examples/Hummingbird/Sources/passkeys-example", swiftSettings: strict),
        .testTarget(
            name: "PasskeysExampleTests",
            dependencies: [
                "PasskeysExample", "PasskeyHummingbird", "PasskeyAuthenticator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Examples/Hummingbird/Tests/PasskeysExampleTests", swiftSettings: strict),
        .testTarget(
            name: "PasskeyClientTests",
            dependencies: [
                "PasskeyClient", "PasskeySoftwareProvider", "PasskeyAuthenticator", "PasskeyCore", "PasskeyServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ] + cryptography,
            swiftSettings: strict),
        .testTarget(name: "PasskeyAuthenticatorTests", dependencies: ["PasskeyAuthenticator", "PasskeyCore"] + cryptography, swiftSettings: strict),
        .testTarget(
            name: "PasskeyRelyingPartyTests",
            dependencies: ["PasskeyRelyingParty", "PasskeyCore", "PasskeyAuthenticator"] + cryptography, swiftSettings: strict),
        .testTarget(name: "PasskeyCoreTests", dependencies: ["PasskeyCore", "PasskeyAuthenticator"] + cryptography, swiftSettings: strict),
        .testTarget(name: "PasskeysCLITests", dependencies: ["PasskeysCLI", "PasskeyCore", "PasskeyServer", .product(name: "ArgumentParser", package: "swift-argument-parser")] + cryptography, swiftSettings: strict),
        .testTarget(
            name: "PasskeyServerTests",
            dependencies: [
                "PasskeyServer", "PasskeyCore", "PasskeyAuthenticator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ] + cryptography,
            swiftSettings: strict
        ),
    ]
)
