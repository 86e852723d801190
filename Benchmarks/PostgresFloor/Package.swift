// swift-tools-version:6.0
// The PostgreSQL floor under `passkeys serve`: what one prepared statement's round trip costs the client in
// postgres-nio, run as the server runs its statements (each task on an event loop) and as a plain task would.
// `go/postgres-floor.go` is the same loop on pgx v4, the Go peer's driver. A separate package, so the main build and
// CI never compile it; `scripts/measure-floors` builds and runs both, docs/performance.md says what they showed.
import PackageDescription

let package = Package(
    name: "PostgresFloor",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        .executableTarget(
            name: "postgres-floor",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ])
    ]
)
