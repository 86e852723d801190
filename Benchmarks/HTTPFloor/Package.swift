// swift-tools-version:6.0
// The HTTP floor under `passkeys serve`: what one request costs in bare Hummingbird 2 and in a bare SwiftNIO HTTP/1.1
// pipeline on the same machine, with no relying party behind it. A separate package, so the main build and CI never
// compile it; docs/performance.md says how to run it and what it showed.
import PackageDescription

let package = Package(
    name: "HTTPFloor",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        .executableTarget(
            name: "http-floor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ])
    ]
)
