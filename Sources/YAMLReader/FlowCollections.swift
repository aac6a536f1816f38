import PositionalJSON

/// Flow collections: `[a, b]`, `{a: b}`, and the plain scalars inside them.
extension YAMLParser {
    mutating func skipFlowSpace() throws(YAMLSyntaxError) {
        while true {
            skipInlineSpace()
            if at() == UInt8(ascii: "#") {
                if i > lineStart, !isSpaceOrTab(b[i - 1]) {
                    throw error("a comment must be separated from what precedes it by a space")
                }
                skipComment()
            }
            guard at() == Self.newline else { return }
            advance()
            if atDocumentMarker() { throw error("a document marker inside a flow collection") }
            var k = i
            while k < b.count, b[k] == Self.space { k += 1 }
            var content = k
            while content < b.count, isSpaceOrTab(b[content]) { content += 1 }
            // libyaml (and so the tools a document was checked with) reads a closing bracket
            // at the block's indentation, as Docker Engine's document writes
            // `example: {` ... `}`; dtogen does too. Other lines stay indented more.
            let closes = content < b.count && (b[content] == UInt8(ascii: "}") || b[content] == UInt8(ascii: "]"))
            if content < b.count, b[content] != Self.newline, b[content] != UInt8(ascii: "#"),
                !closes || k - lineStart < flowParentIndent, k - lineStart <= flowParentIndent
            {
                col += k - i
                i = k
                throw error("a flow collection's lines must be indented more than the block it is in")
            }
        }
    }

    mutating func flowNode(props: Properties) throws(YAMLSyntaxError) -> JSONNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= YAMLReader.maximumDepth else {
            throw error("nesting deeper than \(YAMLReader.maximumDepth) levels")
        }
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
                guard let next = at() else {
                    throw YAMLSyntaxError(location: start, message: "unterminated flow sequence")
                }
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
                    elements.append(
                        JSONNode(
                            value: .object([JSONNode.Member(key: key, keyLocation: entryStart, value: value)]),
                            location: entryStart))
                } else if explicit {
                    let key = try keyText(entry.node, at: entryStart)
                    elements.append(
                        JSONNode(
                            value: .object([
                                JSONNode.Member(
                                    key: key, keyLocation: entryStart,
                                    value: JSONNode(value: .null, location: entryStart))
                            ]), location: entryStart))
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
                guard let next = at() else {
                    throw YAMLSyntaxError(location: start, message: "unterminated flow mapping")
                }
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
                guard Self.isNew(key, in: members, seen: &seen) else {
                    throw YAMLSyntaxError(location: keyLocation, message: "duplicate key '\(key)'")
                }
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
        if let c = at(),
            c == UInt8(ascii: ":") && (isBlank(at(1)) || Self.isFlowIndicator(at(1))) || c == UInt8(ascii: ",")
                || c == UInt8(ascii: "}") || c == UInt8(ascii: "]")
        {
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
            guard let next = at(), next != UInt8(ascii: "#"), !Self.isFlowIndicator(next),
                !(next == UInt8(ascii: ":") && (isBlank(at(1)) || Self.isFlowIndicator(at(1))))
            else {
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
