import Foundation
// The date rules, shared with the generator. Compiled into this module when the runtime's
// sources are part of an app's module (`--no-runtime-import`): copy both folders.
#if canImport(DTODateRules)
internal import DTODateRules
#endif

/// How a `Date` field looks in JSON. Generated DTOs pass it explicitly, so decoding never
/// depends on a decoder's `dateDecodingStrategy`.
public enum DateFormat: Sendable, Hashable {
    /// An RFC 3339 date, with or without fractional seconds (written with them only when the
    /// date has a fraction of a second).
    case iso8601
    /// An RFC 3339 date, with or without fractional seconds (always written with them:
    /// milliseconds, or microseconds when the date has them).
    case iso8601Fractional
    /// A number of seconds since 1970 (a numeric string is read too).
    case secondsSince1970
    /// A number of milliseconds since 1970 (a numeric string is read too).
    case millisecondsSince1970
    /// A `DateFormatter` pattern, read in en_US_POSIX and UTC.
    case pattern(String)

    /// The date a raw JSON value holds in this format, or nil when it holds none.
    public func date(from raw: RawDate) -> Date? {
        switch (self, raw) {
        case (.secondsSince1970, .number(let n)): return DateRules.date(secondsSince1970: n)
        case (.millisecondsSince1970, .number(let n)): return DateRules.date(millisecondsSince1970: n)
        case (.secondsSince1970, .string(let s)):
            return DateRules.epochNumber(s).map { DateRules.date(secondsSince1970: $0) }
        case (.millisecondsSince1970, .string(let s)):
            return DateRules.epochNumber(s).map { DateRules.date(millisecondsSince1970: $0) }
        case (.iso8601, .string(let s)), (.iso8601Fractional, .string(let s)): return DateRules.date(iso8601: s)
        case (.pattern(let p), .string(let s)): return DateRules.date(s, pattern: p)
        default: return nil
        }
    }

    /// The JSON value that writes `date` in this format.
    public func raw(from date: Date) -> RawDate {
        switch self {
        case .secondsSince1970: return .number(date.timeIntervalSince1970)
        case .millisecondsSince1970: return .number((date.timeIntervalSince1970 * 1000).rounded())
        case .iso8601: return .string(DateRules.iso8601String(date, alwaysFraction: false))
        case .iso8601Fractional: return .string(DateRules.iso8601String(date, alwaysFraction: true))
        case .pattern(let p): return .string(DateRules.string(date, pattern: p))
        }
    }

    /// The format as a decoding error names it (`an ISO 8601 date`).
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
    /// A JSON number (epoch formats).
    case number(Double)
    /// A JSON string (ISO 8601 and pattern formats, or an epoch number written as text).
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
