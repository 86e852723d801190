/// A scenario's check that did not hold: what was expected, what was found, and where.
public struct ScenarioFailure: Error, CustomStringConvertible {
    /// What was expected and what was found.
    public let message: String
    /// The scenario file and line of the check.
    public let file: String
    /// The line of the check.
    public let line: Int

    /// `message`, at `file`:`line`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// Throws a ``ScenarioFailure`` with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) throws(ScenarioFailure) {
    guard condition else { throw ScenarioFailure(message: message(), file: file, line: line) }
}
