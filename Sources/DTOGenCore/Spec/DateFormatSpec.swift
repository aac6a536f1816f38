import DTODateRules
import Foundation

/// A date format named in a spec (`options.dates`, `$format`), read once by `SpecReader`.
public enum DateFormatSpec: Sendable, Equatable {
    case iso8601
    case iso8601Fractional
    case secondsSince1970
    case millisecondsSince1970
    case pattern(String)

    static let names = ["iso8601", "iso8601-fractional", "secondsSince1970", "millisecondsSince1970"]

    /// Words people write for the named formats, and what they mean.
    static let aliases: [String: String] = [
        "unix": "secondsSince1970", "unixtime": "secondsSince1970", "unix-time": "secondsSince1970",
        "timestamp": "secondsSince1970",
        "epoch": "secondsSince1970", "seconds": "secondsSince1970", "epoch-seconds": "secondsSince1970",
        "milliseconds": "millisecondsSince1970", "millis": "millisecondsSince1970", "ms": "millisecondsSince1970",
        "epoch-millis": "millisecondsSince1970", "epoch-milliseconds": "millisecondsSince1970",
        "timestamp-ms": "millisecondsSince1970",
        "date-time": "iso8601", "datetime": "iso8601", "iso": "iso8601", "iso-8601": "iso8601", "rfc3339": "iso8601",
        "rfc-3339": "iso8601", "iso8601-fraction": "iso8601-fractional", "iso8601-milliseconds": "iso8601-fractional",
    ]

    /// The letters of Unicode date patterns (UTS #35) that `DateFormatter` reads.
    static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

    /// The format as a spec writes it.
    var name: String {
        switch self {
        case .iso8601: "iso8601"
        case .iso8601Fractional: "iso8601-fractional"
        case .secondsSince1970: "secondsSince1970"
        case .millisecondsSince1970: "millisecondsSince1970"
        case .pattern(let pattern): pattern
        }
    }

    /// Reads a format; on failure returns the message to report.
    static func read(_ text: String) -> Result<DateFormatSpec, KeywordError> {
        switch text {
        case "iso8601": return .success(.iso8601)
        case "iso8601-fractional": return .success(.iso8601Fractional)
        case "secondsSince1970": return .success(.secondsSince1970)
        case "millisecondsSince1970": return .success(.millisecondsSince1970)
        default: break
        }
        let allowed =
            "'iso8601', 'iso8601-fractional', 'secondsSince1970', 'millisecondsSince1970' or a DateFormatter pattern such as 'yyyy-MM-dd'"
        if let meant = aliases[text.lowercased()] ?? aliases[text.lowercased().replacingOccurrences(of: "_", with: "-")]
        {
            return .failure(KeywordError(message: "unknown date format '\(text)'; did you mean '\(meant)'?"))
        }
        if let near = Suggest.closest(to: text, in: names) {
            return .failure(KeywordError(message: "unknown date format '\(text)'; did you mean '\(near)'?"))
        }
        // A pattern: letters outside 'quoted' text must be pattern letters.
        var letters = ""
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
            } else if !quoted, character.isLetter {
                guard character.isASCII, patternLetters.contains(character) else {
                    return .failure(
                        KeywordError(
                            message:
                                "unknown date format '\(text)': '\(character)' is not a date pattern letter (quote literal text: 'T'); expected \(allowed)"
                        ))
                }
                letters.append(character)
            }
        }
        if quoted {
            return .failure(KeywordError(message: "date pattern '\(text)' has an unclosed quote"))
        }
        guard !letters.isEmpty else {
            return .failure(KeywordError(message: "unknown date format '\(text)'; expected \(allowed)"))
        }
        if letters.contains("Y"), !letters.contains("w") {
            let fixed = text.replacingOccurrences(of: "Y", with: "y")
            return .failure(
                KeywordError(
                    message:
                        "'Y' in date pattern '\(text)' is the week-based year, which differs from the calendar year around New Year; write '\(fixed)'"
                ))
        }
        if letters.contains("D"), letters.contains("M") {
            let fixed = text.replacingOccurrences(of: "D", with: "d")
            return .failure(
                KeywordError(
                    message:
                        "'D' in date pattern '\(text)' is the day of the year; for the day of the month write '\(fixed)'"
                ))
        }
        return .success(.pattern(text))
    }

    /// The date a JSON value written in this format stands for, by the rules DTORuntime's
    /// `DateFormat.date(from:)` decodes with (`DateRules`, which both use): epoch formats take
    /// numbers and numeric strings, ISO 8601 with or without a fraction, patterns in
    /// en_US_POSIX and UTC. So a default or a sample means the same instant to the generator
    /// and to the app.
    func date(from node: JSONNode) -> Date? {
        let number: Double?
        switch node.value {
        case .number(let lexeme): number = Double(lexeme)
        case .string(let text): number = isEpoch ? DateRules.epochNumber(text) : nil
        default: return nil
        }
        switch self {
        case .secondsSince1970: return number.map { DateRules.date(secondsSince1970: $0) }
        case .millisecondsSince1970: return number.map { DateRules.date(millisecondsSince1970: $0) }
        case .iso8601, .iso8601Fractional: return node.stringValue.flatMap { DateRules.date(iso8601: $0) }
        case .pattern(let pattern): return node.stringValue.flatMap { DateRules.date($0, pattern: pattern) }
        }
    }

    /// Seconds or milliseconds since 1970: a JSON number (or a string holding one).
    var isEpoch: Bool { self == .secondsSince1970 || self == .millisecondsSince1970 }
}
