public import Foundation

/// Milliseconds since 1970, the unit of every time the relying party and its stores keep (`createdAt`, `expiresAt`,
/// an event's `time`, a retry's due time). One conversion, so two parts of the system never disagree on the same
/// instant by a rounding: it rounds down, so a time read from a clock is never ahead of that clock.
public enum UnixMilliseconds {
    /// `date` in milliseconds since 1970, rounded down.
    public static func of(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    /// The system clock now, in milliseconds since 1970: for times that must be real (a webhook's timestamp, which its
    /// receiver checks against its own clock; a retry's due time), whatever clock a relying party's tests run on.
    public static func now() -> Int64 { of(Date()) }
}
