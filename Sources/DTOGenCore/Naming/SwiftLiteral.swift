/// Turns spec text into Swift source that cannot break out of its context.
public enum SwiftLiteral {
    /// A Swift string literal: quotes, backslashes, interpolation and control characters
    /// are all escaped, so no spec text can end the literal or inject code.
    public static func string(_ text: String) -> String {
        "\"" + stringContent(text) + "\""
    }

    /// The inside of a string literal, for building interpolated literals piece by piece.
    public static func stringContent(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Lines of a doc comment. Text cannot end the comment (`///` comments end at a newline,
    /// which we split on) and control characters are dropped.
    public static func docLines(_ text: String) -> [String] {
        // Most docs are one clean line: no control or bidi characters (those above U+2000
        // start with 0xE2), no newline, no spaces to trim.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20,
            utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0xE2 })
        {
            return ["/// " + text]
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let cleaned = String(
                String.UnicodeScalarView(
                    line.unicodeScalars.filter {
                        $0.value >= 0x20 && $0.value != 0x7F && !(0x2028...0x2029).contains($0.value)
                            && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
                    }))
            let trimmed = cleaned.trimmingSpaces()
            return trimmed.isEmpty ? "///" : "/// \(trimmed)"
        }
    }

    /// Text for a `//` comment on one line.
    public static func lineComment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.value >= 0x20 && $0.value != 0x7F && !(0x2028...0x2029).contains($0.value)
                }))
    }
}
