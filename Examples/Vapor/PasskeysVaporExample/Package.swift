// swift-tools-version: 6.2
import Foundation
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// A Vapor + Fluent app with its own users and sessions that adds passkeys through PasskeyVapor. Its own package, so
// the root package's default build never resolves or compiles Vapor: it depends on the root by path with the trait
// "Vapor" (docs/packages.md, "Adding the package" in the repository root).
//
// A path dependency's identity is its folder's name, so the root is named by that (this package's own folder is not
// called Vapor for the same reason: its identity would clash with vapor/vapor's).
let passkeysPath = "../../.."
let passkeysIdentity = URL(fileURLWithPath: passkeysPath, relativeTo: URL(fileURLWithPath: Context.packageDirectory, isDirectory: true))
    .standardizedFileURL.lastPathComponent

let package = Package(
    name: "PasskeysVaporExample",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: passkeysPath, traits: ["Vapor"]),
        .package(url: "https://github.com/vapor/vapor.git", "4.122.0"..<"4.123.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
    ],
    targets: [
        .target(
            name: "PasskeysVaporExample",
            dependencies: [
                .product(name: "PasskeyVapor", package: passkeysIdentity),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "passkeys-vapor-example", dependencies: ["PasskeysVaporExample", .product(name: "Vapor", package: "vapor")],
            swiftSettings: strict),
        .testTarget(
            name: "PasskeysVaporExampleTests",
            dependencies: [
                "PasskeysVaporExample",
                .product(name: "PasskeyVapor", package: passkeysIdentity),
                .product(name: "PasskeyRouteTesting", package: passkeysIdentity),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict),
    ]
)
