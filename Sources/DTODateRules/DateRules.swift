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

    /// ISO 8601, with or without fractional seconds.
    public static func date(iso8601 text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
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
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        cache.formatters[pattern] = formatter
        return formatter
    }
}
