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
    public static func parseStream(bytes: [UInt8]) throws(YAMLSyntaxError) -> [JSONNode] {
        var parser = YAMLParser(bytes: bytes)
        return try parser.stream()
    }

    /// The single document of a text (`null` when it is empty).
    public static func parse(bytes: [UInt8]) throws(YAMLSyntaxError) -> JSONNode {
        let documents = try parseStream(bytes: bytes)
        guard documents.count <= 1 else {
            throw YAMLSyntaxError(location: documents[1].location, message: "expected one YAML document, found \(documents.count)")
        }
        return documents.first ?? JSONNode(value: .null, location: SourceLocation(line: 1, column: 1))
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

    init(bytes: [UInt8]) {
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

    // MARK: cursor

    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")

    func at(_ offset: Int = 0) -> UInt8? {
        let k = i + offset
        return k < b.count ? b[k] : nil
    }

    var atEnd: Bool { i >= b.count }

    /// Unicode scalars before the cursor on its line, kept up to date by `advance()`.
    var col = 0

    var column: Int { col }

    var location: SourceLocation { SourceLocation(line: line, column: column + 1) }

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
        c == UInt8(ascii: ",") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
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

    // MARK: stream and documents

    mutating func stream() throws(YAMLSyntaxError) -> [JSONNode] {
        var documents: [JSONNode] = []
        var needsMarker = false
        while true {
            skipToContent()
            if atEnd { break }
            var directives = false
            tagHandles = [:]
            sawYAMLDirective = false
            while i == lineStart, at() == UInt8(ascii: "%") {
                if needsMarker { throw error("a directive must follow '...' when a document came before it") }
                try directive()
                directives = true
                skipToContent()
            }
            var explicit = false
            if atLineStartMarker, at() == UInt8(ascii: "-") {
                advance(); advance(); advance()
                explicit = true
            } else if directives {
                throw error("directives must be followed by '---'")
            } else if needsMarker, !atLineStartMarker {
                throw error("expected '---' or '...' before another document")
            }
            if !explicit, atLineStartMarker, at() == UInt8(ascii: ".") {
                // A `...` with no document before it.
                advance(); advance(); advance()
                try endOfLine()
                needsMarker = false
                continue
            }
            anchors = [:]
            let start = location
            var node = try blockNode(parentIndent: -1, sameLine: explicit, compact: false) ?? JSONNode(value: .null, location: start)
            if case .null = node.value, !explicit, documents.isEmpty, atEnd { break }
            if case .null = node.value { node.location = start }
            documents.append(node)
            skipToContent()
            needsMarker = true
            if atEnd { break }
            if atLineStartMarker {
                if at() == UInt8(ascii: ".") {
                    advance(); advance(); advance()
                    try endOfLine()
                    needsMarker = false
                    tagHandles = [:]
                }
                continue
            }
            throw error("unexpected content after the document (\(describeHere()))")
        }
        return documents
    }

    mutating func directive() throws(YAMLSyntaxError) {
        advance()
        var name: [UInt8] = []
        while let c = at(), !isBlank(c) { name.append(c); advance() }
        var arguments: [String] = []
        while true {
            skipInlineSpace()
            guard let c = at(), c != Self.newline, c != UInt8(ascii: "#") else { break }
            var argument: [UInt8] = []
            while let c = at(), !isBlank(c) { argument.append(c); advance() }
            arguments.append(String(decoding: argument, as: UTF8.self))
        }
        skipComment()
        if String(decoding: name, as: UTF8.self) == "TAG", arguments.count == 2 {
            tagHandles[arguments[0]] = arguments[1]
        } else if String(decoding: name, as: UTF8.self) == "YAML" {
            let parts = arguments.first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
            guard arguments.count == 1, parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
                throw error("the %YAML directive takes one version such as 1.2")
            }
            guard !sawYAMLDirective else { throw error("a document has at most one %YAML directive") }
            sawYAMLDirective = true
        }
    }

    /// Only blanks and a comment may follow on this line.
    mutating func endOfLine() throws(YAMLSyntaxError) {
        let before = i
        skipInlineSpace()
        if at() == UInt8(ascii: "#") {
            if i == before { throw error("a comment must be separated from what precedes it by a space") }
            skipComment()
        }
        if let c = at(), c != Self.newline { throw error("unexpected \(describe(c)) at the end of the line") }
    }

    func describe(_ c: UInt8) -> String {
        switch c {
        case 0x20...0x7E: "'\(Character(Unicode.Scalar(c)))'"
        case Self.tab: "a tab"
        default: "byte 0x\(String(c, radix: 16))"
        }
    }

    func describeHere() -> String { at().map(describe) ?? "end of input" }

    // MARK: block nodes

    /// Node properties: an anchor and a tag, in either order.
    struct Properties {
        var anchor: String?
        var tag: String?
        var location: SourceLocation?
        var isEmpty: Bool { anchor == nil && tag == nil }
    }

    mutating func properties() throws(YAMLSyntaxError) -> Properties {
        var result = Properties()
        while let c = at(), c == UInt8(ascii: "&") || c == UInt8(ascii: "!") {
            if result.location == nil { result.location = location }
            if c == UInt8(ascii: "&") {
                guard result.anchor == nil else { throw error("a node has at most one anchor") }
                advance()
                result.anchor = try name("anchor")
            } else {
                guard result.tag == nil else { throw error("a node has at most one tag") }
                result.tag = try tag()
            }
            let before = i
            skipInlineSpace()
            if i == before, let next = at(), next != Self.newline, !Self.isFlowIndicator(next) {
                throw error("expected a space after the node's properties")
            }
        }
        return result
    }

    mutating func name(_ what: String) throws(YAMLSyntaxError) -> String {
        var bytes: [UInt8] = []
        while let c = at(), !isBlank(c), !Self.isFlowIndicator(c) {
            bytes.append(c)
            advance()
        }
        guard !bytes.isEmpty else { throw error("expected the \(what)'s name") }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func tag() throws(YAMLSyntaxError) -> String {
        advance()
        if at() == UInt8(ascii: "<") {
            advance()
            var bytes: [UInt8] = []
            while let c = at(), c != UInt8(ascii: ">") {
                guard !isBlank(c) else { throw error("unterminated verbatim tag") }
                bytes.append(c)
                advance()
            }
            guard at() == UInt8(ascii: ">") else { throw error("unterminated verbatim tag") }
            advance()
            return String(decoding: bytes, as: UTF8.self)
        }
        var bytes: [UInt8] = [UInt8(ascii: "!")]
        while let c = at(), !isBlank(c), !Self.isFlowIndicator(c) {
            bytes.append(c)
            advance()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text == "!" { return "!" }
        if text.hasPrefix("!!") { return (tagHandles["!!"] ?? "tag:yaml.org,2002:") + text.dropFirst(2) }
        // `!e!name` with `%TAG !e! prefix`.
        if let second = text.dropFirst().firstIndex(of: "!") {
            let handle = String(text[...second])
            guard let prefix = tagHandles[handle] else { throw error("the tag handle '\(handle)' is not declared") }
            return prefix + text[text.index(after: second)...]
        }
        return tagHandles["!"].map { $0 + text.dropFirst() } ?? text
    }

    /// A block node whose parent is indented `parentIndent`. `sameLine`: it starts on the
    /// line of its parent's indicator (`- `, `? `, `key: `, `---`). `compact`: a block
    /// collection may start on that line (after `- `, `? ` and `---`, not after `key: `).
    /// Nil when the node is empty.
    mutating func blockNode(parentIndent: Int, sameLine: Bool, compact: Bool, sequenceAtParentIndent: Bool = false) throws(YAMLSyntaxError) -> JSONNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= YAMLReader.maximumDepth else { throw error("nesting deeper than \(YAMLReader.maximumDepth) levels") }
        var onSameLine = sameLine
        let separationStart = i
        if skipToContent() { onSameLine = false }
        if atEnd || atLineStartMarker { return nil }
        if onSameLine, compact, b[separationStart..<i].contains(Self.tab), startsBlockStructure() {
            throw error("a tab cannot separate an indicator from a block collection on its line (use spaces)")
        }
        if !onSameLine {
            let indent = column
            if try tabIndented(), startsBlockStructure() { throw error("tabs are not allowed for indentation") }
            let isSequence = at() == UInt8(ascii: "-") && isBlank(at(1))
            guard indent > parentIndent || (sequenceAtParentIndent && indent == parentIndent && isSequence) else { return nil }
        }
        let start = location
        let propertiesColumn = column
        var props = try properties()
        var propsOnOwnLine = false
        if !props.isEmpty, skipToContent() {
            propsOnOwnLine = true
            // More properties on the next line belong to this node, unless they start a key.
            if let c = at(), c == UInt8(ascii: "&") || c == UInt8(ascii: "!"), column > parentIndent, !looksLikeImplicitKey() {
                let more = try properties()
                if more.anchor != nil {
                    guard props.anchor == nil else { throw error("a node has at most one anchor") }
                    props.anchor = more.anchor
                }
                if more.tag != nil {
                    guard props.tag == nil else { throw error("a node has at most one tag") }
                    props.tag = more.tag
                }
                skipToContent()
            }
            if atEnd || atLineStartMarker || column <= parentIndent && !(sequenceAtParentIndent && column == parentIndent && at() == UInt8(ascii: "-")) {
                return try finish(emptyScalar(props, at: start), props)
            }
        }
        let nodeColumn = column
        let canStartCollection = !onSameLine || compact || propsOnOwnLine
        guard let c = at() else { return try finish(emptyScalar(props, at: start), props) }
        // Block sequence.
        if c == UInt8(ascii: "-"), isBlank(at(1)), !atDocumentMarker() {
            guard canStartCollection else { throw error("a block sequence cannot start on the line of a mapping key") }
            if !props.isEmpty, !propsOnOwnLine { throw error("a block sequence cannot start on the line of its anchor or tag") }
            return try finish(blockSequence(indent: nodeColumn), props)
        }
        // Explicit key: a block mapping.
        if c == UInt8(ascii: "?"), isBlank(at(1)) {
            guard canStartCollection else { throw error("a block mapping cannot start on the line of a mapping key") }
            return try finish(blockMapping(indent: nodeColumn, firstKeyProperties: nil), props)
        }
        if c == UInt8(ascii: "|") || c == UInt8(ascii: ">") {
            return try finish(blockScalar(parentIndent: parentIndent), props)
        }
        // An implicit key: a block mapping (the properties, when on this line, are the key's).
        if looksLikeImplicitKey() {
            guard canStartCollection || !props.isEmpty && onSameLine && compact else {
                throw error("mapping values are not allowed here (a key on the line of another key)")
            }
            if !props.isEmpty, !propsOnOwnLine {
                if onSameLine && !compact { throw error("mapping values are not allowed here") }
                return try blockMapping(indent: propertiesColumn, firstKeyProperties: props)
            }
            return try finish(blockMapping(indent: nodeColumn, firstKeyProperties: nil), props)
        }
        if c == UInt8(ascii: "*") {
            guard props.isEmpty else { throw error("an alias cannot have properties") }
            let node = try alias()
            try endOfNode()
            return node
        }
        let node: JSONNode
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
            flowParentIndent = parentIndent
            node = try flowNode(props: Properties())
            try endOfNode()
        } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            let start = location
            let text = try quoted(blockIndent: parentIndent)
            node = JSONNode(value: .string(text), location: start)
            try endOfNode()
        } else {
            node = try plainBlockScalar(parentIndent: parentIndent, props: props)
        }
        props.location = nil
        return try finish(node, props)
    }

    /// After a complete node on a line: only a comment may follow.
    mutating func endOfNode() throws(YAMLSyntaxError) {
        let before = i
        skipInlineSpace()
        if at() == UInt8(ascii: ":") { throw error("mapping values are not allowed here") }
        if at() == UInt8(ascii: "#"), i == before { throw error("a comment must be separated from what precedes it by a space") }
        skipComment()
        if let c = at(), c != Self.newline { throw error("unexpected \(describe(c)) after a complete node") }
    }

    /// Whether the line's leading whitespace holds a tab before content that needs indentation.
    func tabIndented() throws(YAMLSyntaxError) -> Bool {
        var k = lineStart
        while k < i {
            if b[k] == Self.tab { return true }
            k += 1
        }
        return false
    }

    /// Whether the content here starts a block collection (which tabs must not indent).
    mutating func startsBlockStructure() -> Bool {
        guard let c = at() else { return false }
        if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")) && isBlank(at(1)) { return true }
        return looksLikeImplicitKey()
    }

    func emptyScalar(_ props: Properties, at location: SourceLocation) -> JSONNode {
        JSONNode(value: props.tag == "tag:yaml.org,2002:str" ? .string("") : .null, location: location)
    }

    /// Applies a tag and records an anchor.
    mutating func finish(_ node: JSONNode, _ props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        var result = node
        if let tag = props.tag { result = try applyTag(tag, to: result) }
        if let anchor = props.anchor { anchors[anchor] = (result, Self.size(of: result)) }
        return result
    }

    static func size(of node: JSONNode) -> Int {
        switch node.value {
        case .array(let elements): 1 + elements.reduce(0) { $0 + size(of: $1) }
        case .object(let members): 1 + members.reduce(0) { $0 + size(of: $1.value) }
        default: 1
        }
    }

    mutating func alias() throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        advance()
        let name = try name("alias")
        guard let (node, size) = anchors[name] else {
            throw YAMLSyntaxError(location: start, message: "unknown alias '*\(name)' (no anchor '&\(name)' before it)")
        }
        aliasNodes += size
        guard aliasNodes <= YAMLReader.maximumAliasNodes else {
            throw YAMLSyntaxError(location: start, message: "aliases expand to more than \(YAMLReader.maximumAliasNodes) nodes")
        }
        var copy = node
        copy.location = start
        return copy
    }

    mutating func applyTag(_ tag: String, to node: JSONNode) throws(YAMLSyntaxError) -> JSONNode {
        var result = node
        let raw: String? = switch node.value {
        case .string(let s): s
        case .number(let n): n
        case .bool(let v): v ? "true" : "false"
        case .null: ""
        default: nil
        }
        switch tag {
        case "tag:yaml.org,2002:str", "!":
            if let raw { result.value = .string(lastPlain?.location == node.location ? lastPlain?.text ?? raw : raw) }
        case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            guard case .number = node.value else { throw YAMLSyntaxError(location: node.location, message: "the value is not a number, as its tag '\(tag)' says") }
        case "tag:yaml.org,2002:bool":
            guard case .bool = node.value else { throw YAMLSyntaxError(location: node.location, message: "the value is not a boolean, as its tag says") }
        case "tag:yaml.org,2002:null":
            guard case .null = node.value else { throw YAMLSyntaxError(location: node.location, message: "the value is not null, as its tag says") }
        case "tag:yaml.org,2002:map":
            guard case .object = node.value else { throw YAMLSyntaxError(location: node.location, message: "the value is not a mapping, as its tag says") }
        case "tag:yaml.org,2002:seq":
            guard case .array = node.value else { throw YAMLSyntaxError(location: node.location, message: "the value is not a sequence, as its tag says") }
        default:
            break
        }
        return result
    }

    /// The source text of the last plain scalar read, for a `!!str` tag or a key that follows
    /// it at once (`0x1F` stays `0x1F` there, not 31).
    var lastPlain: (location: SourceLocation, text: String)?

    // MARK: block collections

    mutating func blockSequence(indent: Int) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        var elements: [JSONNode] = []
        while true {
            let entry = location
            advance()
            let element = try blockNode(parentIndent: indent, sameLine: true, compact: true) ?? JSONNode(value: .null, location: entry)
            elements.append(element)
            skipToContent()
            if atEnd || atLineStartMarker { break }
            let next = column
            if next < indent { break }
            guard next == indent else { throw error("bad indentation of a sequence entry (expected column \(indent + 1))") }
            // Not an entry: the sequence was the value of a key at this column, and this is the next key.
            guard at() == UInt8(ascii: "-"), isBlank(at(1)) else { break }
        }
        return JSONNode(value: .array(elements), location: start)
    }

    mutating func blockMapping(indent: Int, firstKeyProperties: Properties?) throws(YAMLSyntaxError) -> JSONNode {
        let start = firstKeyProperties?.location ?? location
        var members: [JSONNode.Member] = []
        var seen: Set<String> = []
        var keyProperties = firstKeyProperties
        while true {
            let keyLocation = keyProperties?.location ?? location
            let key: String
            let value: JSONNode
            if at() == UInt8(ascii: "?"), isBlank(at(1)) {
                advance()
                let keyNode = try blockNode(parentIndent: indent, sameLine: true, compact: true)
                key = try keyText(keyNode, at: keyLocation)
                skipToContent()
                if !atEnd, !atLineStartMarker, column == indent, at() == UInt8(ascii: ":"), isBlank(at(1)) {
                    let colon = location
                    advance()
                    value = try blockNode(parentIndent: indent, sameLine: true, compact: true, sequenceAtParentIndent: false) ?? JSONNode(value: .null, location: colon)
                } else {
                    value = JSONNode(value: .null, location: keyLocation)
                }
            } else {
                if keyProperties == nil { keyProperties = try properties() }
                let props = keyProperties ?? Properties()
                key = try implicitKey(props)
                skipInlineSpace()
                guard at() == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)'") }
                let colon = location
                advance()
                value = try blockNode(parentIndent: indent, sameLine: true, compact: false, sequenceAtParentIndent: true) ?? JSONNode(value: .null, location: colon)
            }
            keyProperties = nil
            guard Self.isNew(key, in: members, seen: &seen) else {
                throw YAMLSyntaxError(location: keyLocation, message: "duplicate key '\(key)'")
            }
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipToContent()
            if atEnd || atLineStartMarker { break }
            let next = column
            if next < indent { break }
            guard next == indent else { throw error("bad indentation of a mapping entry (expected column \(indent + 1))") }
            if try tabIndented(), startsBlockStructure() { throw error("tabs are not allowed for indentation") }
            if at() == UInt8(ascii: "-"), isBlank(at(1)) { throw error("a sequence entry where a mapping key was expected") }
            guard at() == UInt8(ascii: "?") && isBlank(at(1)) || looksLikeImplicitKey() else {
                throw error("expected a mapping key at column \(indent + 1) (a key and ':'), found \(describeHere())")
            }
        }
        return JSONNode(value: .object(members), location: start)
    }

    /// Whether `key` is not among `members` yet: scanned while there are few, hashed after.
    static func isNew(_ key: String, in members: [JSONNode.Member], seen: inout Set<String>) -> Bool {
        if members.count < 16 { return !members.contains { $0.key == key } }
        if seen.isEmpty { seen = Set(members.map(\.key)) }
        return seen.insert(key).inserted
    }

    /// A key as JSON needs it: scalars as their text.
    func keyText(_ node: JSONNode?, at location: SourceLocation) throws(YAMLSyntaxError) -> String {
        guard let node else { return "" }
        if let plain = lastPlain, plain.location == node.location { return plain.text }
        switch node.value {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let v): return v ? "true" : "false"
        case .null: return ""
        case .array, .object: throw YAMLSyntaxError(location: location, message: "a collection as a mapping key cannot be represented (keys must be scalars)")
        }
    }

    /// Whether the current line starts an implicit key: a single-line scalar, alias or flow
    /// collection followed by `:` and a blank.
    mutating func looksLikeImplicitKey() -> Bool {
        if let cached = implicitKeyCache, cached.index == i { return cached.result }
        let result = scanImplicitKey()
        implicitKeyCache = (i, result)
        return result
    }

    /// The last answer of `looksLikeImplicitKey` (a line is asked about more than once).
    var implicitKeyCache: (index: Int, result: Bool)?

    func scanImplicitKey() -> Bool {
        var k = i
        // Properties first.
        while k < b.count, b[k] == UInt8(ascii: "&") || b[k] == UInt8(ascii: "!") {
            while k < b.count, !isBlank(b[k]) { k += 1 }
            while k < b.count, isSpaceOrTab(b[k]) { k += 1 }
        }
        guard k < b.count else { return false }
        let c = b[k]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            k += 1
            while k < b.count, b[k] != Self.newline {
                if c == UInt8(ascii: "\""), b[k] == UInt8(ascii: "\\") { k += 2; continue }
                if b[k] == c {
                    if c == UInt8(ascii: "'"), k + 1 < b.count, b[k + 1] == c { k += 2; continue }
                    break
                }
                k += 1
            }
            guard k < b.count, b[k] == c else { return false }
            k += 1
        } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
            var level = 0
            while k < b.count, b[k] != Self.newline {
                if b[k] == UInt8(ascii: "[") || b[k] == UInt8(ascii: "{") { level += 1 }
                if b[k] == UInt8(ascii: "]") || b[k] == UInt8(ascii: "}") {
                    level -= 1
                    if level == 0 { k += 1; break }
                }
                k += 1
            }
            guard level == 0 else { return false }
        } else if c == UInt8(ascii: "*") {
            while k < b.count, !isBlank(b[k]) { k += 1 }
        } else {
            if c == UInt8(ascii: "#") || c == Self.newline { return false }
            if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")) && (k + 1 >= b.count || isBlank(b[k + 1])) {
                return false
            }
            while k < b.count, b[k] != Self.newline {
                if b[k] == UInt8(ascii: ":"), k + 1 >= b.count || isBlank(b[k + 1]) { return true }
                if b[k] == UInt8(ascii: "#"), isSpaceOrTab(b[k - 1]) { return false }
                k += 1
            }
            return false
        }
        while k < b.count, isSpaceOrTab(b[k]) { k += 1 }
        return k < b.count && b[k] == UInt8(ascii: ":") && (k + 1 >= b.count || isBlank(b[k + 1]) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'"))
    }

    /// An implicit key on one line: plain, quoted, an alias or a flow collection.
    mutating func implicitKey(_ props: Properties) throws(YAMLSyntaxError) -> String {
        let start = props.location ?? location
        guard let c = at() else { throw error("expected a key") }
        let node: JSONNode
        if c == UInt8(ascii: "*") {
            guard props.isEmpty else { throw error("an alias cannot have properties") }
            node = try alias()
            return try keyText(node, at: start)
        } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            let keyStart = location
            let startLine = line
            let text = try quoted(blockIndent: -1)
            guard line == startLine else { throw YAMLSyntaxError(location: keyStart, message: "an implicit key must be on one line") }
            node = JSONNode(value: .string(text), location: keyStart)
        } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
            throw error("a collection as a mapping key cannot be represented (keys must be scalars)")
        } else {
            let keyStart = location
            let first = i
            var end = i
            while i < b.count, b[i] != Self.newline {
                let c = b[i]
                if c == UInt8(ascii: ":"), isBlank(at(1)) { break }
                advance()
                if c != Self.space, c != Self.tab { end = i }
            }
            let text = String(decoding: b[first..<end], as: UTF8.self)
            lastPlain = (keyStart, text)
            node = JSONNode(value: resolvePlain(text), location: keyStart)
        }
        let tagged = try finish(node, props)
        return try keyText(tagged, at: start)
    }

    // MARK: scalars

    /// A plain scalar in block context, possibly over several lines (folded).
    mutating func plainBlockScalar(parentIndent: Int, props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        if let c = at(), (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")) && isBlank(at(1)) {
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
        // Most scalars are words: only these first characters can start anything else.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "~"),
             UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            break
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
        let bytes = Array(text.utf8)
        func digits(_ slice: ArraySlice<UInt8>, _ valid: (UInt8) -> Bool) -> Bool { !slice.isEmpty && slice.allSatisfy(valid) }
        let decimal = { (c: UInt8) in c >= 0x30 && c <= 0x39 }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o"), digits(bytes[2...], { $0 >= 0x30 && $0 <= 0x37 }), let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: 8) {
                return .number(String(value))
            }
            if bytes[1] == UInt8(ascii: "x"), let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: 16) {
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
            if k < body.endIndex, body[k] == UInt8(ascii: "-") || body[k] == UInt8(ascii: "+") { sign = body[k] == UInt8(ascii: "-") ? "-" : ""; k += 1 }
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
                    if d == quote || d == UInt8(ascii: "\\") || d == Self.space || d == Self.tab || d == Self.newline { break }
                    k += 1
                }
                out += b[i..<k]
                while i < k { advance() }
                continue
            }
            if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\") {
                advance()
                guard let e = at() else { throw YAMLSyntaxError(location: start, message: "unterminated quoted string") }
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
        guard let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) else {
            throw error("'\\\(Character(Unicode.Scalar(e)))\(String(decoding: hex, as: UTF8.self))' is not a Unicode scalar")
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
                guard spaces >= maxEmptyIndent else { throw error("a leading empty line of a block scalar has more spaces than its first line") }
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

    // MARK: flow collections

    mutating func skipFlowSpace() throws(YAMLSyntaxError) {
        while true {
            skipInlineSpace()
            if at() == UInt8(ascii: "#") {
                if i > lineStart, !isSpaceOrTab(b[i - 1]) { throw error("a comment must be separated from what precedes it by a space") }
                skipComment()
            }
            guard at() == Self.newline else { return }
            advance()
            if atDocumentMarker() { throw error("a document marker inside a flow collection") }
            var k = i
            while k < b.count, b[k] == Self.space { k += 1 }
            var content = k
            while content < b.count, isSpaceOrTab(b[content]) { content += 1 }
            if content < b.count, b[content] != Self.newline, b[content] != UInt8(ascii: "#"), k - lineStart <= flowParentIndent {
                col += k - i
                i = k
                throw error("a flow collection's lines must be indented more than the block it is in")
            }
        }
    }

    mutating func flowNode(props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= YAMLReader.maximumDepth else { throw error("nesting deeper than \(YAMLReader.maximumDepth) levels") }
        try skipFlowSpace()
        let start = location
        var props = props
        if props.isEmpty {
            props = try properties()
            try skipFlowSpace()
        }
        guard let c = at() else { throw error("unterminated flow collection") }
        let node: JSONNode
        switch c {
        case UInt8(ascii: "["):
            advance()
            var elements: [JSONNode] = []
            while true {
                try skipFlowSpace()
                guard let next = at() else { throw YAMLSyntaxError(location: start, message: "unterminated flow sequence") }
                if next == UInt8(ascii: "]") { advance(); break }
                if next == UInt8(ascii: ",") { throw error("an empty entry in a flow sequence") }
                let entryStart = location
                var explicit = false
                if next == UInt8(ascii: "?"), isBlank(at(1)) || Self.isFlowIndicator(at(1)) {
                    advance()
                    explicit = true
                }
                let entry = try flowEntry(allowsEmpty: explicit)
                try skipFlowSpace()
                if at() == UInt8(ascii: ":") && (explicit || entry.line == line) {
                    advance()
                    let value = try flowValue()
                    let key = try keyText(entry.node, at: entryStart)
                    elements.append(JSONNode(value: .object([JSONNode.Member(key: key, keyLocation: entryStart, value: value)]), location: entryStart))
                } else if explicit {
                    let key = try keyText(entry.node, at: entryStart)
                    elements.append(JSONNode(value: .object([JSONNode.Member(key: key, keyLocation: entryStart, value: JSONNode(value: .null, location: entryStart))]), location: entryStart))
                } else {
                    elements.append(entry.node ?? JSONNode(value: .null, location: entryStart))
                }
                try skipFlowSpace()
                if at() == UInt8(ascii: ",") { advance(); continue }
                if at() == UInt8(ascii: "]") { advance(); break }
                throw error("expected ',' or ']' in a flow sequence, found \(describeHere())")
            }
            node = JSONNode(value: .array(elements), location: start)
        case UInt8(ascii: "{"):
            advance()
            var members: [JSONNode.Member] = []
            var seen: Set<String> = []
            while true {
                try skipFlowSpace()
                guard let next = at() else { throw YAMLSyntaxError(location: start, message: "unterminated flow mapping") }
                if next == UInt8(ascii: "}") { advance(); break }
                if next == UInt8(ascii: ",") { throw error("an empty entry in a flow mapping") }
                let keyLocation = location
                var explicit = false
                if next == UInt8(ascii: "?"), isBlank(at(1)) || Self.isFlowIndicator(at(1)) {
                    advance()
                    explicit = true
                }
                let entry = try flowEntry(allowsEmpty: true)
                let key = try keyText(entry.node, at: keyLocation)
                try skipFlowSpace()
                var value = JSONNode(value: .null, location: keyLocation)
                if at() == UInt8(ascii: ":") {
                    advance()
                    value = try flowValue()
                } else if !explicit, entry.node == nil {
                    throw error("expected a key in a flow mapping, found \(describeHere())")
                }
                guard Self.isNew(key, in: members, seen: &seen) else { throw YAMLSyntaxError(location: keyLocation, message: "duplicate key '\(key)'") }
                members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
                try skipFlowSpace()
                if at() == UInt8(ascii: ",") { advance(); continue }
                if at() == UInt8(ascii: "}") { advance(); break }
                throw error("expected ',' or '}' in a flow mapping, found \(describeHere())")
            }
            node = JSONNode(value: .object(members), location: start)
        default:
            node = try flowScalar(props: props)
            return node
        }
        return try finish(node, props)
    }

    /// A flow entry before a possible `:`; nil when empty (`{ : v }`, `[ ? ]`).
    mutating func flowEntry(allowsEmpty: Bool) throws(YAMLSyntaxError) -> (node: JSONNode?, line: Int) {
        try skipFlowSpace()
        let entryLine = line
        if let c = at(), c == UInt8(ascii: ":") && (isBlank(at(1)) || Self.isFlowIndicator(at(1))) || c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
            return (nil, entryLine)
        }
        let node = try flowNode(props: Properties())
        return (node, line == entryLine ? entryLine : line)
    }

    /// The value after `:` in a flow collection; null when empty.
    mutating func flowValue() throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        try skipFlowSpace()
        if let c = at(), c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
            return JSONNode(value: .null, location: start)
        }
        return try flowNode(props: Properties())
    }

    mutating func flowScalar(props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        guard let c = at() else { throw error("unterminated flow collection") }
        if c == UInt8(ascii: "*") {
            guard props.isEmpty else { throw error("an alias cannot have properties") }
            return try alias()
        }
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            let text = try quoted(blockIndent: -1)
            return try finish(JSONNode(value: .string(text), location: start), props)
        }
        if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ",") {
            // An empty node with properties only (`[ !!str , a ]`).
            guard !props.isEmpty else { throw error("unexpected \(describe(c))") }
            return try finish(emptyScalar(props, at: start), props)
        }
        if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?")) && (isBlank(at(1)) || Self.isFlowIndicator(at(1))) {
            throw error("\(describe(c)) cannot start a plain scalar in a flow collection")
        }
        var text = readPlainLine(flow: true)
        // Continuation lines of a multi-line plain scalar.
        while true {
            let save = (i, line, lineStart, col)
            skipInlineSpace()
            guard at() == Self.newline else { (i, line, lineStart, col) = save; break }
            var breaks = 0
            while at() == Self.newline {
                advance()
                while isSpaceOrTab(at()) { advance() }
                if at() == Self.newline { breaks += 1 }
            }
            guard let next = at(), next != UInt8(ascii: "#"), !Self.isFlowIndicator(next), !(next == UInt8(ascii: ":") && (isBlank(at(1)) || Self.isFlowIndicator(at(1)))) else {
                (i, line, lineStart, col) = save
                break
            }
            if atDocumentMarker() { throw error("a document marker inside a flow collection") }
            text += breaks == 0 ? " " : String(repeating: "\n", count: breaks)
            text += readPlainLine(flow: true)
        }
        lastPlain = (start, text)
        return try finish(JSONNode(value: resolvePlain(text), location: start), props)
    }
}
