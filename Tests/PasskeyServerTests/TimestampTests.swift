import Foundation
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("Passkey list timestamps")
struct TimestampTests {
    @Test("the hand-written ISO 8601 writer agrees with Foundation's formatter, leap days and negative instants included")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, 1, 999, -1, -1000, 951_782_400_000, 1_709_164_800_123, 4_102_444_799_999, 1_800_000_000_000, -2_208_988_800_000]
        let random = (0..<2000).map { _ in Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator) }
        for milliseconds in fixed + random {
            let expected = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(Timestamp.iso8601(milliseconds) == expected, "\(milliseconds)")
        }
    }
}
