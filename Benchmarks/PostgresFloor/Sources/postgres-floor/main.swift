import Logging
import NIOCore
import NIOPosix
import PostgresNIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Usage: postgres-floor loop|pool HOST PORT USER DATABASE CONNECTIONS SECONDS
// CONNECTIONS tasks, each with a connection of its own, run one prepared statement (two parameters in, one row of
// two columns out, the shape of the server's statements) in a loop for SECONDS; then it prints one JSON line with
// the statements run and the process's CPU per statement. `loop`: each task prefers its connection's event loop as
// its executor (SE-0417), as `passkeys serve` runs a request and its statements; `pool`: plain tasks on the
// concurrency pool, postgres-nio's documented use. Connect time is outside the measured window.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 7, arguments[0] == "loop" || arguments[0] == "pool", let port = Int(arguments[2]),
    let connections = Int(arguments[5]), connections > 0, let seconds = Double(arguments[6]), seconds > 0
else {
    print("usage: postgres-floor loop|pool HOST PORT USER DATABASE CONNECTIONS SECONDS")
    exit(2)
}

struct EchoStatement: PostgresPreparedStatement {
    // A fixed name, as every statement of the server has (PostgresRegistrationStatements.swift): without it
    // postgres-nio names the statement `String(reflecting: Self.self)`, a string built on every execution.
    static let name = "passkeys_floor_echo"
    static let sql = "SELECT $1::bytea, $2::bigint"
    typealias Row = (ByteBuffer, Int64)
    var bytes: ByteBuffer
    var number: Int64
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(bytes)
        bindings.append(number)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Runs a task's jobs on one event loop.
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
    let loop: any EventLoop
    init(_ loop: any EventLoop) { self.loop = loop }
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

var logger = Logger(label: "postgres-floor")
logger.logLevel = .critical
let configuration = PostgresConnection.Configuration(
    host: arguments[1], port: port, username: arguments[3], password: nil, database: arguments[4], tls: .disable)
let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
let onLoop = arguments[0] == "loop"

// Connect first, outside the window.
var opened: [PostgresConnection] = []
for index in 0..<connections {
    opened.append(try await PostgresConnection.connect(on: loops[index % loops.count], configuration: configuration, id: index, logger: logger))
}
let ready = opened
let start = ContinuousClock.now
let cpuBefore = processCPUSeconds()
let end = start + .milliseconds(Int(seconds * 1000))
let total = try await withThrowingTaskGroup(of: Int.self) { group in
    for (index, connection) in ready.enumerated() {
        let executor: LoopExecutor? = onLoop ? LoopExecutor(connection.eventLoop) : nil
        group.addTask(executorPreference: executor) {
            var count = 0
            let bytes = ByteBuffer(bytes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
            while ContinuousClock.now < end {
                for try await row in try await connection.execute(
                    EchoStatement(bytes: bytes, number: Int64(index * 1_000_000 + count)), logger: logger)
                {
                    precondition(row.1 == Int64(index * 1_000_000 + count))
                }
                count += 1
            }
            return count
        }
    }
    var sum = 0
    for try await count in group { sum += count }
    return sum
}
let cpu = processCPUSeconds() - cpuBefore
let elapsed = ContinuousClock.now - start
let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
for connection in ready { try await connection.close().get() }
print(
    #"{"driver":"postgres-nio \#(arguments[0])","statements":\#(total),"perSecond":\#(Int(Double(total) / elapsedSeconds)),"cpuMicrosecondsPerStatement":\#((cpu * 1e6 / Double(max(total, 1)) * 10).rounded() / 10)}"#
)
