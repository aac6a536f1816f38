/// A position in a JSON (or YAML) text, 1-based, columns counted in Unicode scalars, and
/// which file it is in: an index into the caller's list of files (`0`, the default, for a
/// caller that reads one), so values read from several files can be told apart. Twelve
/// bytes, since every value and key of a document carries one.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32
    /// The file, as the index the caller passed to the reader (`JSONReader.parse(bytes:file:)`).
    public var file: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int, file: UInt32 = 0) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        self.file = file
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.storedLine, lhs.storedColumn) < (rhs.file, rhs.storedLine, rhs.storedColumn)
    }

    /// `line:column` (the file is the caller's to name).
    public var description: String { "\(line):\(column)" }
}

/// A JSON value as written, with the position of every value and key. Object members keep
/// their order: in a spec, key order is meaningful.
public struct JSONNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number exactly as written, so `1.0` and `1` stay distinguishable.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONNode

        public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// What a message calls this value's kind ("a string", "an object"...).
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    public var members: [Member]? {
        if case .object(let m) = value { return m }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }
}

/// A syntax error with the position where reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// dtogen's own JSON reader: strict RFC 8259, positions on every token, duplicate keys
/// rejected, bounded nesting so hostile input cannot overflow the stack.
public struct JSONReader {
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    private let file: UInt32

    private init(bytes: [UInt8], file: UInt32) {
        self.bytes = bytes
        self.file = file
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(bytes: Array(text.utf8))
    }

    /// `file`: the index every location of the result carries (`SourceLocation.file`).
    public static func parse(bytes input: [UInt8], file: UInt32 = 0) throws(JSONSyntaxError) -> JSONNode {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var reader = JSONReader(bytes: bytes, file: file)
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else {
            throw JSONSyntaxError(location: reader.location, message: "the file is empty; expected a JSON object")
        }
        let node = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < reader.bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column, file: file) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        switch byte {
        case 0x22: return "'\"'"
        case 0x27: return "\"'\""
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: advance()
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(value: .object(try parseObject(depth: depth + 1)), location: start)
        case UInt8(ascii: "["):
            return JSONNode(value: .array(try parseArray(depth: depth + 1)), location: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start)
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let start = location
        for expected in literal.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw JSONSyntaxError(location: start, message: "invalid literal; expected '\(literal)'")
            }
            advance()
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) {
            throw JSONSyntaxError(location: start, message: "invalid literal; expected '\(literal)'")
        }
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
        advance()  // {
        var members: [JSONNode.Member] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected a key or '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyLocation = location
            let key = try parseString()
            if let first = seen[key] {
                throw JSONSyntaxError(location: keyLocation, message: "duplicate key '\(key)' (first at \(first))")
            }
            seen[key] = keyLocation
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after key '\(key)'")
            }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                advance()
                return members
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                advance()
                return elements
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        let startLocation = location
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, digit(bytes[index]) else {
            throw JSONSyntaxError(location: startLocation, message: "invalid number; expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count, digit(bytes[index]) {
                throw JSONSyntaxError(location: startLocation, message: "invalid number; leading zeros are not allowed")
            }
        } else {
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard index < bytes.count, digit(bytes[index]) else {
                throw JSONSyntaxError(location: startLocation, message: "invalid number; expected a digit after '.'")
            }
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            guard index < bytes.count, digit(bytes[index]) else {
                throw JSONSyntaxError(
                    location: startLocation, message: "invalid number; expected a digit in the exponent")
            }
            while index < bytes.count, digit(bytes[index]) { advance() }
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw JSONSyntaxError(location: startLocation, message: "invalid number")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        // An unterminated string is reported at its opening quote: that is where it starts,
        // and the end of the line or file says nothing about which string it was.
        let opening = location
        func unterminated(_ detail: String = "") -> JSONSyntaxError {
            JSONSyntaxError(location: opening, message: "unterminated string\(detail)")
        }
        advance()  // opening quote
        var utf8: [UInt8] = []
        while true {
            // Fast path: a run of plain ASCII (no quote, backslash or control character).
            let runStart = index
            while index < bytes.count {
                let b = bytes[index]
                guard b >= 0x20, b < 0x80, b != 0x22, b != 0x5C else { break }
                index += 1
            }
            if index > runStart {
                utf8.append(contentsOf: bytes[runStart..<index])
                column += index - runStart
            }
            guard index < bytes.count else { throw unterminated() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                advance()
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 {
                if byte == 0x0A { throw unterminated(" (a newline inside a string must be written \\n)") }
                throw error(
                    "control character 0x\(String(byte, radix: 16, uppercase: true)) inside a string must be escaped")
            }
            if byte == UInt8(ascii: "\\") {
                let escapeLocation = location
                advance()
                guard index < bytes.count else { throw unterminated() }
                let escaped = bytes[index]
                advance()
                var scalar: Unicode.Scalar
                switch escaped {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    let high = try parseHex4(escapeLocation)
                    let unpaired = JSONSyntaxError(
                        location: escapeLocation,
                        message: "invalid escape: unpaired surrogate \\u\(String(high, radix: 16, uppercase: true))")
                    if (0xD800...0xDBFF).contains(high) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw unpaired }
                        advance()
                        advance()
                        let low = try parseHex4(escapeLocation)
                        guard (0xDC00...0xDFFF).contains(low),
                            let pair = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                        else { throw unpaired }
                        scalar = pair
                    } else if let single = Unicode.Scalar(high) {
                        scalar = single
                    } else {
                        throw unpaired
                    }
                default:
                    let shown = escaped >= 0x20 && escaped < 0x7F ? String(Character(Unicode.Scalar(escaped))) : "?"
                    throw JSONSyntaxError(location: escapeLocation, message: "invalid escape '\\\(shown)' in string")
                }
                utf8.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
                continue
            }
            if byte >= 0x80 {
                // Validate one UTF-8 sequence.
                let length: Int
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: throw error("invalid UTF-8 in string")
                }
                guard index + length <= bytes.count, Self.isValidSequence(bytes, at: index, length: length) else {
                    throw error("invalid UTF-8 in string")
                }
                utf8.append(contentsOf: bytes[index..<index + length])
                for _ in 0..<length { advance() }
                continue
            }
            utf8.append(byte)
            advance()
        }
    }

    /// One well-formed UTF-8 sequence (no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func isValidSequence(_ bytes: [UInt8], at index: Int, length: Int) -> Bool {
        let lead = bytes[index]
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xE0: low = 0xA0
        case 0xED: high = 0x9F
        case 0xF0: low = 0x90
        case 0xF4: high = 0x8F
        default: break
        }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return false }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
        return true
    }

    private mutating func parseHex4(_ escapeLocation: SourceLocation) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw JSONSyntaxError(location: escapeLocation, message: "invalid \\u escape; expected 4 hex digits")
            }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default:
                throw JSONSyntaxError(location: escapeLocation, message: "invalid \\u escape; expected 4 hex digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }
}
