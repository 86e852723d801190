/// The operation did not finish within its time limit.
struct DeadlineExceeded: Error {}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `limit` has passed (the operation is
/// then cancelled and awaited).
func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}
