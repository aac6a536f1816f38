import Foundation

/// A date format named in a spec (`options.dates`, `$format`).
enum DateFormatSpec: Sendable, Equatable {
    case iso8601
    case iso8601Fractional
    case secondsSince1970
    case millisecondsSince1970
    case pattern(String)

    static let names = ["iso8601", "iso8601-fractional", "secondsSince1970", "millisecondsSince1970"]

    /// Reads a format; on failure returns the message to report.
    static func parse(_ text: String) -> Result<DateFormatSpec, FormatError> {
        switch text {
        case "iso8601": return .success(.iso8601)
        case "iso8601-fractional": return .success(.iso8601Fractional)
        case "secondsSince1970": return .success(.secondsSince1970)
        case "millisecondsSince1970": return .success(.millisecondsSince1970)
        default: break
        }
        let allowed = "'iso8601', 'iso8601-fractional', 'secondsSince1970', 'millisecondsSince1970' or a DateFormatter pattern such as 'yyyy-MM-dd'"
        if let near = Suggest.closest(to: text, in: names) {
            return .failure(FormatError(message: "unknown date format '\(text)'; did you mean '\(near)'?"))
        }
        let patternLetters = Set("yMdHhmsSa")
        guard text.contains(where: { patternLetters.contains($0) }) else {
            return .failure(FormatError(message: "unknown date format '\(text)'; expected \(allowed)"))
        }
        return .success(.pattern(text))
    }

    struct FormatError: Error {
        var message: String
    }

    /// Seconds since 1970 for a JSON value written in this format, to put a date literal in Swift.
    func seconds(from node: JSONNode) -> Double? {
        switch (self, node.value) {
        case (.secondsSince1970, .number(let n)): return Double(n)
        case (.millisecondsSince1970, .number(let n)): return Double(n).map { $0 / 1000 }
        case (.iso8601, .string(let s)), (.iso8601Fractional, .string(let s)):
            if let d = try? Date(s, strategy: .iso8601) { return d.timeIntervalSince1970 }
            return (try? Date(s, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))?.timeIntervalSince1970
        case (.pattern(let p), .string(let s)):
            // Configured exactly as DTORuntime's `DateFormat.pattern` reads dates, so a default
            // means the same instant to the generator and to the app.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.dateFormat = p
            return formatter.date(from: s)?.timeIntervalSince1970
        default: return nil
        }
    }
}
