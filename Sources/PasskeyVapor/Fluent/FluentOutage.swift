#if Vapor
import FluentKit

/// Database failures that are an outage, not a fault: answered 503 with `Retry-After` like `passkeys serve`, never 500.
public enum FluentOutage {
    /// Runs `operation`, turning an outage into `StoreUnavailable`: every failure but the database's verdict on the
    /// statement (a constraint violation or a statement it refused: `DatabaseError.isConstraintFailure`,
    /// `isSyntaxError`), a refusal (`RelyingPartyError`) and cancellation. A refused connection, a closed one, a
    /// database shutting down or starting (PostgreSQL's 57P0x, 08xxx) and a pool that gave no connection in time are
    /// all outages; the drivers report them in their own error types, which FluentKit's `DatabaseError` does not
    /// classify further, so this errs towards 503 for a database error it cannot place.
    public static func answeringOutages<Result>(_ operation: () async throws -> Result) async throws -> Result {
        do {
            return try await operation()
        } catch let refusal as RelyingPartyError {
            throw refusal
        } catch let unavailable as StoreUnavailable {
            throw unavailable
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The database judged the statement: that is an answer, not an outage.
            if let answer = error as? any DatabaseError, answer.isConstraintFailure || answer.isSyntaxError { throw error }
            throw StoreUnavailable(reason: "the database could not take the request (\(type(of: error)))")
        }
    }
}
#endif
