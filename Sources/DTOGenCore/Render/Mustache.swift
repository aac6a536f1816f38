import Foundation

/// The data a template sees. The IR is turned into this before rendering, so templates
/// only read values and never decide anything.
public indirect enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case string(String)
    case list([MustacheValue])
    case object(MustacheObject)

    /// Sections render for truthy values: not null, not false, not an empty list or string.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .string(let s): !s.isEmpty
        case .list(let l): !l.isEmpty
        case .object: true
        }
    }

    func member(_ name: String) -> MustacheValue? {
        if case .object(let o) = self { return o[name] }
        return nil
    }

    var text: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .string(let s): s
        case .list, .object: ""
        }
    }
}

/// A syntax error in a template, with its line.
public struct MustacheError: Error, Equatable, Sendable, CustomStringConvertible {
    public var template: String
    public var line: Int
    public var message: String
    public var description: String { "\(template):\(line): error: \(message)" }
}

/// A logic-less Mustache renderer (the full spec: interpolation, sections, inverted
/// sections, comments, partials with standalone indentation, set delimiters).
public struct MustacheTemplate: Sendable {
    public enum Escaping: Sendable {
        /// `{{name}}` escapes HTML, as the Mustache spec requires.
        case html
        /// `{{name}}` inserts text as is: the mode for generating Swift, where the IR already escaped everything.
        case none
    }

    /// A name as written (`a.b.c`, or `.`), split once at parse time.
    typealias Name = [String]

    indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String, indent: String)
    }

    static func name(_ text: String) -> Name {
        text == "." ? ["."] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    let nodes: [Node]
    public let name: String

    init(nodes: [Node], name: String) {
        self.nodes = nodes
        self.name = name
    }

    public init(_ source: String, name: String = "template") throws(MustacheError) {
        self.name = name
        var parser = MustacheParser(source: Array(source.unicodeScalars), name: name)
        nodes = try parser.parse()
    }

    /// Renders with the given partials (name to template source). Partials are looked up
    /// lazily; a missing partial renders as nothing, as the spec requires.
    public func render(_ context: MustacheValue, partials: [String: String] = [:], escaping: Escaping = .none)
        throws(MustacheError) -> String
    {
        try render(context, partials: PartialCache(partials), escaping: escaping)
    }

    /// Renders with a cache of parsed partials that can be shared across renders and threads.
    func render(_ context: MustacheValue, partials: PartialCache, escaping: Escaping) throws(MustacheError) -> String {
        let renderer = MustacheRenderer(partials: partials, escaping: escaping)
        var output = ""
        try renderer.render(nodes, stack: [context], into: &output, depth: 0)
        return output
    }
}

/// Partials parsed once per (name, indentation), shared by every render of a run.
final class PartialCache: @unchecked Sendable {
    let sources: [String: String]
    /// The Mustache spec indents every line of a standalone partial; generated Swift leaves
    /// blank lines empty, so no line ends in spaces.
    let indentsBlankLines: Bool
    private let lock = NSLock()
    private var parsed: [String: [MustacheTemplate.Node]] = [:]

    init(_ sources: [String: String], indentsBlankLines: Bool = true) {
        self.sources = sources
        self.indentsBlankLines = indentsBlankLines
    }

    func nodes(_ name: String, indent: String) throws(MustacheError) -> [MustacheTemplate.Node]? {
        let key = indent + "\u{0}" + name
        lock.lock()
        let cached = parsed[key]
        lock.unlock()
        if let cached { return cached }
        guard let source = sources[name] else { return nil }
        let nodes = try MustacheTemplate(
            MustacheRenderer.indent(source, with: indent, blankLines: indentsBlankLines), name: name
        ).nodes
        lock.lock()
        parsed[key] = nodes
        lock.unlock()
        return nodes
    }
}

private struct MustacheParser {
    let source: [Unicode.Scalar]
    let name: String
    var index = 0
    var open: [Unicode.Scalar] = ["{", "{"]
    var close: [Unicode.Scalar] = ["}", "}"]
    /// End of the previous tag, used to decide whether a tag stands alone on its line.
    var previousTagEnd = 0

    init(source: [Unicode.Scalar], name: String) {
        self.source = source
        self.name = name
    }

    func line(at position: Int) -> Int {
        1 + source[0..<min(position, source.count)].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
    }

    func fail(_ message: String, at position: Int) -> MustacheError {
        MustacheError(template: name, line: line(at: position), message: message)
    }

    func matches(_ token: [Unicode.Scalar], at position: Int) -> Bool {
        guard position + token.count <= source.count else { return false }
        for (offset, scalar) in token.enumerated() where source[position + offset] != scalar { return false }
        return true
    }

    func find(_ token: [Unicode.Scalar], from position: Int) -> Int? {
        var i = position
        while i + token.count <= source.count {
            if matches(token, at: i) { return i }
            i += 1
        }
        return nil
    }

    mutating func parse() throws(MustacheError) -> [MustacheTemplate.Node] {
        var stack: [(name: String, inverted: Bool, nodes: [MustacheTemplate.Node], position: Int)] = [
            ("", false, [], 0)
        ]
        var text = String.UnicodeScalarView()

        func flushText() {
            if !text.isEmpty {
                stack[stack.count - 1].nodes.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
        }

        while index < source.count {
            guard let tagStart = find(open, from: index) else {
                text.append(contentsOf: source[index...])
                index = source.count
                break
            }
            text.append(contentsOf: source[index..<tagStart])
            var contentStart = tagStart + open.count
            guard contentStart <= source.count else { throw fail("unclosed tag", at: tagStart) }
            var sigil: Unicode.Scalar = " "
            var closeToken = close
            if contentStart < source.count {
                let first = source[contentStart]
                switch first {
                case "#", "^", "/", "!", ">", "&", "=":
                    sigil = first
                    contentStart += 1
                case "{":
                    sigil = "{"
                    contentStart += 1
                    closeToken = ["}"] + close
                default:
                    break
                }
            }
            if sigil == "=" { closeToken = ["="] + close }
            guard let contentEnd = find(closeToken, from: contentStart) else {
                throw fail("unclosed tag", at: tagStart)
            }
            let content = String(String.UnicodeScalarView(source[contentStart..<contentEnd]))
            let trimmed = content.trimmingSpaces()
            var tagEnd = contentEnd + closeToken.count

            // Standalone lines: a non-interpolating tag alone on its line removes the whole line.
            var indent = ""
            let canStandAlone = !(sigil == " " || sigil == "&" || sigil == "{")
            if canStandAlone, let lineRange = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
                indent = String(String.UnicodeScalarView(source[lineRange.lineStart..<tagStart]))
                // Drop the whitespace already buffered before the tag.
                let dropCount = tagStart - lineRange.lineStart
                if dropCount > 0 { text = String.UnicodeScalarView(text.dropLast(dropCount)) }
                tagEnd = lineRange.next
            }

            switch sigil {
            case "!":
                break
            case "=":
                let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2 else { throw fail("invalid set-delimiter tag '\(content)'", at: tagStart) }
                open = Array(parts[0].unicodeScalars)
                close = Array(parts[1].unicodeScalars)
            case "#", "^":
                flushText()
                stack.append((trimmed, sigil == "^", [], tagStart))
            case "/":
                flushText()
                guard stack.count > 1, let top = stack.last, top.name == trimmed else {
                    throw fail("closing tag '\(trimmed)' does not match an open section", at: tagStart)
                }
                stack.removeLast()
                stack[stack.count - 1].nodes.append(
                    .section(MustacheTemplate.name(top.name), top.nodes, inverted: top.inverted))
            case ">":
                flushText()
                stack[stack.count - 1].nodes.append(.partial(trimmed, indent: indent))
            case "{", "&":
                flushText()
                stack[stack.count - 1].nodes.append(.variable(MustacheTemplate.name(trimmed), escaped: false))
            default:
                flushText()
                stack[stack.count - 1].nodes.append(.variable(MustacheTemplate.name(trimmed), escaped: true))
            }
            index = tagEnd
            previousTagEnd = tagEnd
        }
        flushText()
        if stack.count > 1, let top = stack.last {
            throw fail("section '\(top.name)' is never closed", at: top.position)
        }
        return stack[0].nodes
    }

    /// When the tag is the only thing on its line (apart from spaces and tabs), returns
    /// where the line starts and where the text after the line's newline begins.
    func standaloneLine(tagStart: Int, tagEnd: Int) -> (lineStart: Int, next: Int)? {
        var lineStart = tagStart
        while lineStart > 0, source[lineStart - 1] != "\n" { lineStart -= 1 }
        guard lineStart >= previousTagEnd || lineStart == 0 else { return nil }
        for i in lineStart..<tagStart where source[i] != " " && source[i] != "\t" { return nil }
        var after = tagEnd
        while after < source.count, source[after] == " " || source[after] == "\t" { after += 1 }
        if after == source.count { return (lineStart, after) }
        if source[after] == "\n" { return (lineStart, after + 1) }
        if source[after] == "\r", after + 1 < source.count, source[after + 1] == "\n" { return (lineStart, after + 2) }
        return nil
    }
}

private struct MustacheRenderer {
    let partials: PartialCache
    let escaping: MustacheTemplate.Escaping
    static let maximumDepth = 200

    init(partials: PartialCache, escaping: MustacheTemplate.Escaping) {
        self.partials = partials
        self.escaping = escaping
    }

    func lookup(_ parts: MustacheTemplate.Name, in stack: [MustacheValue]) -> MustacheValue {
        guard let first = parts.first else { return .null }
        if first == ".", parts.count == 1 { return stack.last ?? .null }
        var found: MustacheValue?
        for context in stack.reversed() {
            if let value = context.member(first) {
                found = value
                break
            }
        }
        guard var value = found else { return .null }
        for part in parts.dropFirst() {
            guard let next = value.member(part) else { return .null }
            value = next
        }
        return value
    }

    func escape(_ text: String) -> String {
        guard escaping == .html else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    func render(_ nodes: [MustacheTemplate.Node], stack: [MustacheValue], into output: inout String, depth: Int)
        throws(MustacheError)
    {
        var stack = stack
        try render(nodes, stack: &stack, into: &output, depth: depth)
    }

    /// The context stack is pushed and popped in place: sections over long lists are the
    /// hot path when a large API renders.
    func render(_ nodes: [MustacheTemplate.Node], stack: inout [MustacheValue], into output: inout String, depth: Int)
        throws(MustacheError)
    {
        guard depth < Self.maximumDepth else {
            throw MustacheError(
                template: "partial", line: 0,
                message:
                    "templates nest deeper than \(Self.maximumDepth) levels (a partial includes itself without end?)")
        }
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name, let escaped):
                let text = lookup(name, in: stack).text
                output += escaped ? escape(text) : text
            case .section(let name, let children, let inverted):
                let value = lookup(name, in: stack)
                if inverted {
                    if !value.isTruthy { try render(children, stack: &stack, into: &output, depth: depth + 1) }
                    continue
                }
                guard value.isTruthy else { continue }
                if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        defer { stack.removeLast() }
                        try render(children, stack: &stack, into: &output, depth: depth + 1)
                    }
                } else {
                    stack.append(value)
                    defer { stack.removeLast() }
                    try render(children, stack: &stack, into: &output, depth: depth + 1)
                }
            case .partial(let name, let indent):
                guard let parsed = try partials.nodes(name, indent: indent) else { continue }
                try render(parsed, stack: &stack, into: &output, depth: depth + 1)
            }
        }
    }

    /// Prefixes every line of a partial's source with the standalone tag's indentation.
    static func indent(_ source: String, with indent: String, blankLines: Bool) -> String {
        guard !indent.isEmpty else { return source }
        var out = ""
        var atLineStart = true
        var scalars = source.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if atLineStart, blankLines || scalar != "\n" { out += indent }
            out.unicodeScalars.append(scalar)
            atLineStart = scalar == "\n"
        }
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start] == " " || scalars[start] == "\t" { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] == " " || scalars[before] == "\t" else { break }
            end = before
        }
        return String(scalars[start..<end])
    }
}

/// A template context object. Contexts have a handful of keys, so a pair of arrays searched
/// in order is faster to build and to read than a hashed dictionary.
public struct MustacheObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var keys: [String] = []
    private var values: [MustacheValue] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        keys.reserveCapacity(elements.count)
        values.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// This object with `other`'s keys added (or replaced).
    public func merging(_ other: MustacheObject) -> MustacheObject {
        var result = self
        for (key, value) in zip(other.keys, other.values) { result[key] = value }
        return result
    }

    public subscript(key: String) -> MustacheValue? {
        get {
            for index in keys.indices where keys[index] == key { return values[index] }
            return nil
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }
}
