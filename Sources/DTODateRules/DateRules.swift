import Foundation

/// How dates are read from and written to JSON: the one set of rules behind DTORuntime's
/// `DateFormat` (what an app decodes) and the generator's reading of dates in specs (a
/// default, a sample payload), so both take the same text to the same instant. Foundation
/// only, so the generator uses it without linking the runtime's networking.
public enum DateRules {
    /// Seconds since 1970.
    public static func date(secondsSince1970 seconds: Double) -> Date {
        Date(timeIntervalSince1970: seconds)
    }

    /// Milliseconds since 1970.
    public static func date(millisecondsSince1970 milliseconds: Double) -> Date {
        Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// The number an epoch date written as a string holds (`"1700000000"`).
    public static func epochNumber(_ text: String) -> Double? {
        Double(text)
    }

    /// ISO 8601: RFC 3339's date-time as the RFC writes it (any number of fractional digits,
    /// `Z` or an offset, `T` and `Z` in either case, a leap second; also an offset without its
    /// colon, `+0000`), checked (no 30 February); else what Foundation's ISO 8601 reader takes
    /// (the basic format, `20200101T000000Z`).
    public static func date(iso8601 text: String) -> Date? {
        switch rfc3339(text) {
        case .date(let date): return date
        case .invalid: return nil
        case .otherForm: break
        }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    enum RFC3339 {
        case date(Date)
        /// Written as a date-time, with a value out of range or something after it.
        case invalid
        /// Not written `yyyy-mm-ddThh:mm:ss`.
        case otherForm
    }

    /// `date-time` of RFC 3339 §5.6 (`1985-04-12T23:20:50.52Z`, `1996-12-19t16:39:57-08:00`).
    /// A leap second (`23:59:60`) is the next minute's first.
    static func rfc3339(_ text: String) -> RFC3339 {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += width
            return value
        }
        func expect(_ allowed: [UInt8]) -> Bool {
            guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
        guard let year = number(4), expect([dash]), let month = number(2), expect([dash]), let day = number(2),
            expect([UInt8(ascii: "T"), UInt8(ascii: "t")]),
            let hour = number(2), expect([colon]), let minute = number(2), expect([colon]), let second = number(2)
        else { return .otherForm }
        guard (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60,
            second <= 60
        else { return .invalid }
        // The fraction as an integer of nanoseconds at most, so the instant is one division
        // of exact integers (`.804` is the Double nearest to it, with no noise from adding).
        var fraction = 0
        var scale = 1
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if scale < 1_000_000_000 {
                    fraction = fraction * 10 + Int(bytes[index] - 0x30)
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return .invalid }
        }
        var offset = 0
        if expect([UInt8(ascii: "Z"), UInt8(ascii: "z")]) {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == dash {
            let sign = bytes[index] == dash ? -1 : 1
            index += 1
            // `+hh:mm` as RFC 3339 writes it; `+hhmm` as many APIs do.
            guard let hours = number(2) else { return .invalid }
            _ = expect([colon])
            guard let minutes = number(2), hours < 24, minutes < 60 else { return .invalid }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return .invalid
        }
        guard index == bytes.count else { return .invalid }
        let days = daysFromCivil(year: year, month: month, day: day)
        // Counted from 2001 as `Date` holds it, so the instant is the Double nearest to it.
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset - 978_307_200
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow, case (let total, false) = scaled.addingReportingOverflow(fraction) else { return .invalid }
        return .date(Date(timeIntervalSinceReferenceDate: Double(total) / Double(scale)))
    }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A `DateFormatter` pattern, read in en_US_POSIX, UTC and the Gregorian calendar.
    public static func date(_ text: String, pattern: String) -> Date? {
        PatternFormatters.formatter(for: pattern).date(from: text)
    }

    /// A date in a `DateFormatter` pattern (en_US_POSIX, UTC, Gregorian).
    public static func string(_ date: Date, pattern: String) -> String {
        PatternFormatters.formatter(for: pattern).string(from: date)
    }

    /// ISO 8601 in UTC with the fraction a date needs to read back as the same `Date`:
    /// rounded (not truncated) to milliseconds, or to microseconds when a date has them, so
    /// `.002` stays `.002` and decode → encode → decode is the identity.
    public static func iso8601String(_ date: Date, alwaysFraction: Bool) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        var seconds = (micros / 1_000_000).rounded(.down)
        var fraction = Int(micros - seconds * 1_000_000)
        if fraction >= 1_000_000 {
            seconds += 1
            fraction -= 1_000_000
        }
        let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
        guard alwaysFraction || fraction != 0, whole.hasSuffix("Z") else { return whole }
        let digits = fraction % 1000 == 0 ? pad(fraction / 1000, 3) : pad(fraction, 6)
        return whole.dropLast() + "." + digits + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// DateFormatter is thread-safe for parsing and formatting; creating one is what is slow, so keep one per pattern.
enum PatternFormatters {
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var formatters: [String: DateFormatter] = [:]
    }

    private static let cache = Cache()

    static func formatter(for pattern: String) -> DateFormatter {
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let formatter = cache.formatters[pattern] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Foundation.Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Foundation.TimeZone(identifier: "UTC")
        formatter.calendar = Foundation.Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        cache.formatters[pattern] = formatter
        return formatter
    }
}
