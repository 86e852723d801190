// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// swift-crypto, swift-certificates and swift-asn1: what every layer that touches keys or certificates needs.
let cryptography: [Target.Dependency] = [
    .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "_CryptoExtras", package: "swift-crypto"),
    .product(name: "X509", package: "swift-certificates"),
    .product(name: "SwiftASN1", package: "swift-asn1"),
]

let package = Package(
    name: "Passkeys",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "PasskeyCore", targets: ["PasskeyCore"]),
        .library(name: "PasskeyAuthenticator", targets: ["PasskeyAuthenticator"]),
        .executable(name: "passkeys", targets: ["passkeys"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
    ],
    targets: [
        .target(name: "PasskeyCore", dependencies: cryptography, swiftSettings: strict),
        .target(name: "PasskeyAuthenticator", dependencies: ["PasskeyCore"] + cryptography, swiftSettings: strict),
        .target(
            name: "PasskeysCLI",
            dependencies: ["PasskeyCore", "PasskeyAuthenticator", .product(name: "ArgumentParser", package: "swift-argument-parser")] + cryptography,
            swiftSettings: strict
        ),
        .executableTarget(name: "passkeys", dependencies: ["PasskeysCLI"], swiftSettings: strict),
        .testTarget(name: "PasskeyCoreTests", dependencies: ["PasskeyCore", "PasskeyAuthenticator"] + cryptography, swiftSettings: strict),
        .testTarget(name: "PasskeysCLITests", dependencies: ["PasskeysCLI", "PasskeyCore"] + cryptography, swiftSettings: strict),
    ]
)
