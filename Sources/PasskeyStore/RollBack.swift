/// Thrown inside a store's transaction to undo what it wrote and return `value`: the outcome of a step that decided
/// not to happen (a username taken, a counter that did not move forward).
struct RollBack<T: Sendable>: Error {
    let value: T
}
