import Foundation

/// How a `Date` field looks in JSON. Generated DTOs pass it explicitly, so decoding never
/// depends on a decoder's `dateDecodingStrategy`.
public enum DateFormat: Sendable, Hashable {
    case iso8601
    case iso8601Fractional
    case secondsSince1970
    case millisecondsSince1970
    /// A `DateFormatter` pattern, read in en_US_POSIX and UTC.
    case pattern(String)

    public func date(from raw: RawDate) -> Date? {
        switch (self, raw) {
        case (.secondsSince1970, .number(let n)): return Date(timeIntervalSince1970: n)
        case (.millisecondsSince1970, .number(let n)): return Date(timeIntervalSince1970: n / 1000)
        case (.secondsSince1970, .string(let s)): return Double(s).map { Date(timeIntervalSince1970: $0) }
        case (.millisecondsSince1970, .string(let s)): return Double(s).map { Date(timeIntervalSince1970: $0 / 1000) }
        case (.iso8601, .string(let s)), (.iso8601Fractional, .string(let s)): return ISO8601Parsing.date(from: s)
        case (.pattern(let p), .string(let s)): return PatternFormatters.formatter(for: p).date(from: s)
        default: return nil
        }
    }

    public func raw(from date: Date) -> RawDate {
        switch self {
        case .secondsSince1970: return .number(date.timeIntervalSince1970)
        case .millisecondsSince1970: return .number((date.timeIntervalSince1970 * 1000).rounded())
        case .iso8601: return .string(ISO8601Writing.string(from: date, alwaysFraction: false))
        case .iso8601Fractional: return .string(ISO8601Writing.string(from: date, alwaysFraction: true))
        case .pattern(let p): return .string(PatternFormatters.formatter(for: p).string(from: date))
        }
    }

    public var description: String {
        switch self {
        case .iso8601: "an ISO 8601 date"
        case .iso8601Fractional: "an ISO 8601 date with fractional seconds"
        case .secondsSince1970: "seconds since 1970"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .pattern(let p): "a date like '\(p)'"
        }
    }
}

/// A date as it arrives: a number or a string.
public enum RawDate: Codable, Sendable, Hashable {
    case number(Double)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        switch self {
        case .number(let n):
            try WholeNumber.encode(n, into: &container)
        case .string(let s): try container.encode(s)
        }
    }
}

/// ISO 8601 in UTC with the fraction a date needs to read back as the same `Date`: rounded
/// (not truncated) to milliseconds, or to microseconds when a date has them, so
/// `.002` stays `.002` and decode → encode → decode is the identity.
enum ISO8601Writing {
    static func string(from date: Date, alwaysFraction: Bool) -> String {
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

enum ISO8601Parsing {
    static func date(from string: String) -> Date? {
        if let date = try? Date(string, strategy: .iso8601) { return date }
        return try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
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
