/// Writes and reads RFC 3339 §5.6 date-times (`2026-11-23T10:09:01.123Z`, `2026-11-23T11:09:01+01:00`), the form
/// the API writes its times in, on the proleptic Gregorian calendar.
///
/// Written by hand because `ISO8601DateFormatter` builds an ICU formatter per use: writing a passkey's times showed
/// in the server's profile, and reading the two dates of one passkey summary was a quarter of `passkeys load`'s CPU
/// per registration. The grammar is small and fixed, and every field read is range-checked,
/// so a wrong date is refused rather than rolled over.
public enum RFC3339 {
    /// `2026-11-23T10:09:01.123Z`: the instant `milliseconds` after 1970-01-01T00:00:00Z, in UTC with milliseconds.
    public static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, millis) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : (seconds.quotient, seconds.remainder)
        let days = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = days.remainder < 0 ? (days.quotient - 1, days.remainder + 86_400) : (days.quotient, days.remainder)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }

    /// Seconds since 1970-01-01T00:00:00Z, with the fraction as written (up to nanoseconds; further digits are
    /// read and dropped); nil unless `text` is a full RFC 3339 date-time with an upper-case `T` and `Z` or a
    /// numeric offset. Leap seconds (`:60`) are refused: the API never writes them.
    public static func secondsSince1970(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")), let day = digits(2),
            expect(UInt8(ascii: "T")), let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2),
            expect(UInt8(ascii: ":")), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if expect(UInt8(ascii: ".")) {
            let start = index
            var nanoseconds = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if index - start < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard index > start else { return nil }
            for _ in min(index - start, 9)..<9 { nanoseconds *= 10 }
            fraction = Double(nanoseconds) / 1e9
        }
        var offsetSeconds = 0
        if expect(UInt8(ascii: "Z")) {
            offsetSeconds = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(UInt8(ascii: ":")), let offsetMinutes = digits(2), offsetHours < 24, offsetMinutes < 60 else {
                return nil
            }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(seconds) + fraction
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil_from_days, the inverse of
    /// ``daysSince1970(year:month:day:)``).
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
