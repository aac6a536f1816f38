import PositionalJSON

/// Scalars: plain (resolved with the core schema), single- and double-quoted, literal and folded.
extension YAMLParser {
    /// A plain scalar in block context, possibly over several lines (folded).
    mutating func plainBlockScalar(parentIndent: Int, props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        if let c = at(), (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")) && isBlank(at(1))
        {
            throw error("\(describe(c)) followed by a space cannot start a plain scalar here")
        }
        if let c = at(), c == UInt8(ascii: "@") || c == UInt8(ascii: "`") || c == UInt8(ascii: "%") {
            throw error("a plain scalar cannot start with \(describe(c)); quote it")
        }
        if let c = at(), Self.isFlowIndicator(c) || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
            throw error("unexpected \(describe(c))")
        }
        var text = readPlainLine(flow: false)
        while true {
            // Look at the following lines without consuming them yet; a comment ends the scalar.
            let save = (i, line, lineStart, col)
            skipInlineSpace()
            guard at() == Self.newline else {
                (i, line, lineStart, col) = save
                break
            }
            var breaks = 0
            while at() == Self.newline {
                advance()
                while isSpaceOrTab(at()) { advance() }
                if at() == Self.newline { breaks += 1 }
            }
            guard let c = at(), !atEndOfScalarLine(parentIndent: parentIndent), c != UInt8(ascii: "#") else {
                (i, line, lineStart, col) = save
                break
            }
            _ = c
            if looksLikeImplicitKey() && lineIndent > parentIndent {
                throw error("mapping values are not allowed here (a plain scalar continues onto a line with a key)")
            }
            text += breaks == 0 ? " " : String(repeating: "\n", count: breaks)
            text += readPlainLine(flow: false)
        }
        lastPlain = (start, text)
        return JSONNode(value: resolvePlain(text), location: start)
    }

    /// Whether the line the cursor is on cannot continue a plain scalar.
    func atEndOfScalarLine(parentIndent: Int) -> Bool {
        if atEnd { return true }
        if lineIndent <= parentIndent { return true }
        if i - lineStart == 0, atDocumentMarker() { return true }
        return false
    }

    /// One line of a plain scalar, trailing spaces dropped (and left unread: a comment may follow).
    mutating func readPlainLine(flow: Bool) -> String {
        let start = i
        var end = i
        var endColumn = col
        var afterSpace = false
        while i < b.count {
            let c = b[i]
            if c == Self.newline { break }
            if c == UInt8(ascii: ":") {
                let next = at(1)
                if isBlank(next) || flow && Self.isFlowIndicator(next) { break }
            }
            if flow, Self.isFlowIndicator(c) { break }
            if c == Self.space || c == Self.tab {
                afterSpace = true
                advance()
                continue
            }
            if c == UInt8(ascii: "#"), afterSpace || i == start { break }
            afterSpace = false
            advance()
            end = i
            endColumn = col
        }
        i = end
        col = endColumn
        return String(decoding: b[start..<end], as: UTF8.self)
    }

    /// The core schema: null, booleans, integers (decimal, 0o, 0x), floats; else a string.
    func resolvePlain(_ text: String) -> JSONNode.Value {
        // Most scalars are words: a word is one of six keywords or a string, never a number.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            break
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
            UInt8(ascii: "F"):
            let count = text.utf8.count
            guard count == 4 || count == 5 else { return .string(text) }
        default:
            return .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number("inf")
        case "-.inf", "-.Inf", "-.INF": return .number("-inf")
        case ".nan", ".NaN", ".NAN": return .number("nan")
        default: break
        }
        if first >= UInt8(ascii: "A") { return .string(text) }
        let bytes = Array(text.utf8)
        func digits(_ slice: ArraySlice<UInt8>, _ valid: (UInt8) -> Bool) -> Bool {
            !slice.isEmpty && slice.allSatisfy(valid)
        }
        let decimal = { (c: UInt8) in c >= 0x30 && c <= 0x39 }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o"), digits(bytes[2...], { $0 >= 0x30 && $0 <= 0x37 }),
                let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: 8)
            {
                return .number(String(value))
            }
            if bytes[1] == UInt8(ascii: "x"),
                let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: 16)
            {
                return .number(String(value))
            }
        }
        var body = bytes[...]
        var negative = false
        if let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        if digits(body, decimal) {
            var trimmed = body.drop { $0 == UInt8(ascii: "0") }
            if trimmed.isEmpty { trimmed = [UInt8(ascii: "0")][...] }
            return .number((negative ? "-" : "") + String(decoding: trimmed, as: UTF8.self))
        }
        // [0-9]* (. [0-9]*)? ([eE][-+]?[0-9]+)? with at least one digit before the exponent.
        var k = body.startIndex
        var integer: [UInt8] = []
        while k < body.endIndex, decimal(body[k]) { integer.append(body[k]); k += 1 }
        var fraction: [UInt8]?
        if k < body.endIndex, body[k] == UInt8(ascii: ".") {
            k += 1
            var f: [UInt8] = []
            while k < body.endIndex, decimal(body[k]) { f.append(body[k]); k += 1 }
            fraction = f
        }
        guard !integer.isEmpty || !(fraction ?? []).isEmpty else { return .string(text) }
        var exponent = ""
        if k < body.endIndex, body[k] == UInt8(ascii: "e") || body[k] == UInt8(ascii: "E") {
            k += 1
            var sign = ""
            if k < body.endIndex, body[k] == UInt8(ascii: "-") || body[k] == UInt8(ascii: "+") {
                sign = body[k] == UInt8(ascii: "-") ? "-" : ""; k += 1
            }
            var e: [UInt8] = []
            while k < body.endIndex, decimal(body[k]) { e.append(body[k]); k += 1 }
            guard !e.isEmpty else { return .string(text) }
            exponent = "e" + sign + String(decoding: e, as: UTF8.self)
        }
        guard k == body.endIndex else { return .string(text) }
        var intPart = integer.drop { $0 == UInt8(ascii: "0") }
        if intPart.isEmpty { intPart = [UInt8(ascii: "0")][...] }
        let fractionText = fraction.map { $0.isEmpty ? ".0" : "." + String(decoding: $0, as: UTF8.self) } ?? ""
        return .number((negative ? "-" : "") + String(decoding: intPart, as: UTF8.self) + fractionText + exponent)
    }

    /// A single- or double-quoted scalar, folded over lines.
    mutating func quoted(blockIndent: Int) throws(YAMLSyntaxError) -> String {
        let quote = b[i]
        let start = location
        advance()
        var out: [UInt8] = []
        var pendingSpace: [UInt8] = []
        while true {
            guard let c = at() else { throw YAMLSyntaxError(location: start, message: "unterminated quoted string") }
            if c == quote {
                if quote == UInt8(ascii: "'"), at(1) == quote {
                    out += pendingSpace; pendingSpace.removeAll()
                    out.append(quote)
                    advance(); advance()
                    continue
                }
                out += pendingSpace
                advance()
                return String(decoding: out, as: UTF8.self)
            }
            if c == Self.space || c == Self.tab {
                pendingSpace.append(c)
                advance()
                continue
            }
            if c == Self.newline {
                // Folding: trailing spaces go; one break is a space, each further one a newline.
                pendingSpace.removeAll()
                var breaks = 0
                while at() == Self.newline {
                    advance()
                    if atDocumentMarker() { throw error("a document marker inside a quoted string") }
                    while isSpaceOrTab(at()) { advance() }
                    if at() == Self.newline { breaks += 1 }
                }
                if !atEnd, blockIndent >= 0, lineIndent <= blockIndent, at() != quote {
                    throw error("a quoted string's continuation line must be indented more than its parent")
                }
                out += breaks == 0 ? [Self.space] : Array(repeating: Self.newline, count: breaks)
                continue
            }
            out += pendingSpace
            pendingSpace.removeAll()
            if c != UInt8(ascii: "\\") {
                // A run of ordinary bytes.
                var k = i + 1
                while k < b.count {
                    let d = b[k]
                    if d == quote || d == UInt8(ascii: "\\") || d == Self.space || d == Self.tab || d == Self.newline {
                        break
                    }
                    k += 1
                }
                out += b[i..<k]
                while i < k { advance() }
                continue
            }
            if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\") {
                advance()
                guard let e = at() else {
                    throw YAMLSyntaxError(location: start, message: "unterminated quoted string")
                }
                if e == Self.newline {
                    // An escaped line break: the break and the next line's indentation go.
                    advance()
                    while isSpaceOrTab(at()) { advance() }
                    continue
                }
                try escape(e, into: &out)
                continue
            }
            out.append(c)
            advance()
        }
    }

    static let escapes: [UInt8: [UInt8]] = {
        let table: [UInt8: String] = [
            UInt8(ascii: "0"): "\0", UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "t"): "\t",
            Self.tab: "\t", UInt8(ascii: "n"): "\n", UInt8(ascii: "v"): "\u{0B}", UInt8(ascii: "f"): "\u{0C}",
            UInt8(ascii: "r"): "\r", UInt8(ascii: "e"): "\u{1B}", Self.space: " ", UInt8(ascii: "\""): "\"",
            UInt8(ascii: "/"): "/", UInt8(ascii: "\\"): "\\", UInt8(ascii: "N"): "\u{85}", UInt8(ascii: "_"): "\u{A0}",
            UInt8(ascii: "L"): "\u{2028}", UInt8(ascii: "P"): "\u{2029}",
        ]
        return table.mapValues { Array($0.utf8) }
    }()

    mutating func escape(_ e: UInt8, into out: inout [UInt8]) throws(YAMLSyntaxError) {
        if let bytes = Self.escapes[e] {
            out += bytes
            advance()
            return
        }
        let width: Int
        switch e {
        case UInt8(ascii: "x"): width = 2
        case UInt8(ascii: "u"): width = 4
        case UInt8(ascii: "U"): width = 8
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
        advance()
        var hex: [UInt8] = []
        for _ in 0..<width {
            guard let h = at(), (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66) else {
                throw error("expected \(width) hexadecimal digits after '\\\(Character(Unicode.Scalar(e)))'")
            }
            hex.append(h)
            advance()
        }
        guard let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value)
        else {
            throw error(
                "'\\\(Character(Unicode.Scalar(e)))\(String(decoding: hex, as: UTF8.self))' is not a Unicode scalar")
        }
        out += Array(String(Character(scalar)).utf8)
    }

    /// `|` (literal) or `>` (folded), with chomping and indentation indicators.
    mutating func blockScalar(parentIndent: Int) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        let folded = b[i] == UInt8(ascii: ">")
        advance()
        var chomp: UInt8?
        var explicitIndent: Int?
        for _ in 0..<2 {
            guard let c = at() else { break }
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                guard chomp == nil else { throw error("two chomping indicators") }
                chomp = c
                advance()
            } else if c >= UInt8(ascii: "1"), c <= UInt8(ascii: "9") {
                guard explicitIndent == nil else { throw error("two indentation indicators") }
                explicitIndent = Int(c - 0x30)
                advance()
            } else if c == UInt8(ascii: "0") {
                throw error("the indentation indicator must be 1 to 9")
            }
        }
        if let c = at(), !isBlank(c) { throw error("unexpected \(describe(c)) after a block scalar indicator") }
        try endOfLine()
        let base = max(parentIndent, 0)
        var indent = explicitIndent.map { base + $0 }
        if explicitIndent != nil, parentIndent < 0 { indent = explicitIndent }
        var lines: [[UInt8]] = []
        var maxEmptyIndent = 0
        // Read lines until one is indented less (and is not empty).
        while at() == Self.newline {
            let save = (i, line, lineStart, col)
            advance()
            if atEnd { break }
            var spaces = 0
            while at() == Self.space { advance(); spaces += 1 }
            let empty = at() == nil || at() == Self.newline
            if indent == nil, at() == Self.tab, explicitIndent == nil, spaces <= parentIndent {
                throw error("a tab where a block scalar's indentation is expected")
            }
            if indent == nil, !empty {
                if spaces <= parentIndent { (i, line, lineStart, col) = save; break }
                if at() == Self.tab, spaces <= parentIndent + 1 {
                    // A tab where the content's indentation would be.
                }
                guard spaces >= maxEmptyIndent else {
                    throw error("a leading empty line of a block scalar has more spaces than its first line")
                }
                indent = spaces
            }
            if empty {
                if indent == nil { maxEmptyIndent = max(maxEmptyIndent, spaces) }
                if let indent, spaces > indent {
                    lines.append(Array(repeating: Self.space, count: spaces - indent))
                } else {
                    lines.append([])
                }
                if at() == nil { break }
                continue
            }
            guard let indent, spaces >= indent else { (i, line, lineStart, col) = save; break }
            if spaces == 0, atDocumentMarker() { (i, line, lineStart, col) = save; break }
            var content: [UInt8] = Array(repeating: Self.space, count: spaces - indent)
            while let c = at(), c != Self.newline { content.append(c); advance() }
            lines.append(content)
        }
        // Trailing empty lines belong to chomping.
        var trailing = 0
        while let last = lines.last, last.isEmpty || (indent == nil && last.allSatisfy { $0 == Self.space }) {
            lines.removeLast()
            trailing += 1
        }
        var out: [UInt8] = []
        if folded {
            var previousMore = false
            var pendingBreaks = 0
            var first = true
            for content in lines {
                if content.isEmpty {
                    pendingBreaks += 1
                    continue
                }
                let more = content.first == Self.space || content.first == Self.tab
                if first {
                    out += Array(repeating: Self.newline, count: pendingBreaks)
                } else if more || previousMore {
                    out += Array(repeating: Self.newline, count: pendingBreaks + 1)
                } else {
                    out += pendingBreaks == 0 ? [Self.space] : Array(repeating: Self.newline, count: pendingBreaks)
                }
                out += content
                previousMore = more
                pendingBreaks = 0
                first = false
            }
        } else {
            for (index, content) in lines.enumerated() {
                if index > 0 { out.append(Self.newline) }
                out += content
            }
        }
        switch chomp {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"):
            if !lines.isEmpty { out.append(Self.newline) }
            out += Array(repeating: Self.newline, count: trailing)
        default:
            if !lines.isEmpty { out.append(Self.newline) }
        }
        return JSONNode(value: .string(String(decoding: out, as: UTF8.self)), location: start)
    }
}
