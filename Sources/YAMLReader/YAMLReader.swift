import PositionalJSON

/// A YAML text that cannot be read, with the position where reading stopped.
public struct YAMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// dtogen's own YAML 1.2 reader: block and flow collections, every scalar style, comments,
/// directives, documents, anchors and aliases, tags of the core schema. It reads into the
/// same positioned nodes as `JSONReader`, so an OpenAPI document in YAML is read exactly
/// like one in JSON. Plain scalars are resolved with the core schema (`null`, `true`,
/// `12`, `0x1F`, `1.5e3`); keys are kept as written. Aliases are expanded, with a bound on
/// the nodes an expansion may produce, so a hostile document cannot exhaust memory; nesting
/// is bounded so it cannot overflow the stack.
public enum YAMLReader {
    public static let maximumDepth = 256
    /// The most nodes alias expansion may add to a stream (a "billion laughs" guard).
    public static let maximumAliasNodes = 1_000_000

    /// Every document of a stream; an empty stream has none.
    /// `file`: the index every location of the result carries (`SourceLocation.file`).
    public static func parseStream(bytes: [UInt8], file: UInt32 = 0) throws(YAMLSyntaxError) -> [JSONNode] {
        var parser = YAMLParser(bytes: bytes, file: file)
        return try parser.stream()
    }

    /// The single document of a text (`null` when it is empty).
    public static func parse(bytes: [UInt8], file: UInt32 = 0) throws(YAMLSyntaxError) -> JSONNode {
        let documents = try parseStream(bytes: bytes, file: file)
        guard documents.count <= 1 else {
            throw YAMLSyntaxError(
                location: documents[1].location, message: "expected one YAML document, found \(documents.count)")
        }
        return documents.first ?? JSONNode(value: .null, location: SourceLocation(line: 1, column: 1, file: file))
    }

    public static func parse(_ text: String) throws(YAMLSyntaxError) -> JSONNode {
        try parse(bytes: Array(text.utf8))
    }
}

/// The reader's state: a cursor over the bytes (line breaks normalised to `\n`).
struct YAMLParser {
    let b: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    var anchors: [String: (node: JSONNode, size: Int)] = [:]
    var aliasNodes = 0
    var tagHandles: [String: String] = [:]
    var sawYAMLDirective = false
    /// The indentation of the block node a flow collection sits in: its lines must be indented more.
    var flowParentIndent = -1
    /// Unicode scalars before the cursor on its line, kept up to date by `advance()`.
    var col = 0
    /// The source text of the last plain scalar read, for a `!!str` tag or a key that follows
    /// it at once (`0x1F` stays `0x1F` there, not 31).
    var lastPlain: (location: SourceLocation, text: String)?
    /// The last answer of `looksLikeImplicitKey` (a line is asked about more than once).
    var implicitKeyCache: (index: Int, result: Bool)?

    /// `SourceLocation.file` of every location read.
    let file: UInt32

    init(bytes: [UInt8], file: UInt32 = 0) {
        self.file = file
        var input = bytes
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        if input.contains(0x0D) {
            var normalised: [UInt8] = []
            normalised.reserveCapacity(input.count)
            var k = 0
            while k < input.count {
                if input[k] == 0x0D {
                    normalised.append(0x0A)
                    if k + 1 < input.count, input[k + 1] == 0x0A { k += 1 }
                } else {
                    normalised.append(input[k])
                }
                k += 1
            }
            input = normalised
        }
        b = input
    }

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")

    func at(_ offset: Int = 0) -> UInt8? {
        let k = i + offset
        return k < b.count ? b[k] : nil
    }

    var atEnd: Bool { i >= b.count }

    var column: Int { col }

    var location: SourceLocation { SourceLocation(line: line, column: column + 1, file: file) }

    func error(_ message: String) -> YAMLSyntaxError {
        YAMLSyntaxError(location: location, message: message)
    }

    @inline(__always)
    mutating func advance() {
        let c = b[i]
        if c == Self.newline {
            line += 1
            lineStart = i + 1
            col = 0
        } else if c & 0xC0 != 0x80 {
            col += 1
        }
        i += 1
    }

    func isBlank(_ c: UInt8?) -> Bool { c == nil || c == Self.space || c == Self.tab || c == Self.newline }
    func isSpaceOrTab(_ c: UInt8?) -> Bool { c == Self.space || c == Self.tab }
    static func isFlowIndicator(_ c: UInt8?) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "{")
            || c == UInt8(ascii: "}")
    }

    /// Spaces and tabs on this line.
    mutating func skipInlineSpace() {
        while isSpaceOrTab(at()) { advance() }
    }

    /// A comment (after whitespace) up to the line break.
    mutating func skipComment() {
        if at() == UInt8(ascii: "#") {
            while let c = at(), c != Self.newline { _ = c; advance() }
        }
    }

    /// Past blank lines and comment lines to the first byte of content (or the end).
    /// Returns whether a line break was crossed.
    @discardableResult
    mutating func skipToContent() -> Bool {
        var crossed = false
        while true {
            skipInlineSpace()
            if at() == UInt8(ascii: "#") {
                if i > lineStart, !isSpaceOrTab(b[i - 1]) { return crossed }
                skipComment()
            }
            if at() == Self.newline {
                advance()
                crossed = true
                continue
            }
            return crossed
        }
    }

    /// The indentation of the current line: its leading spaces.
    var lineIndent: Int {
        var k = lineStart
        while k < b.count, b[k] == Self.space { k += 1 }
        return k - lineStart
    }

    /// `---` or `...` at the start of a line, followed by a blank.
    func atDocumentMarker(_ offset: Int = 0) -> Bool {
        let k = i + offset
        guard k == lineStart || offset != 0, k + 2 < b.count || k + 3 == b.count else { return false }
        guard k + 3 <= b.count else { return false }
        let marker = (b[k], b[k + 1], b[k + 2])
        let dashes = marker == (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "-"))
        let dots = marker == (UInt8(ascii: "."), UInt8(ascii: "."), UInt8(ascii: "."))
        return (dashes || dots) && (k + 3 == b.count || isBlank(b[k + 3]))
    }

    var atLineStartMarker: Bool { i == lineStart && atDocumentMarker() }
}
