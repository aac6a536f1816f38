import PositionalJSON

/// Block nodes: properties, aliases, tags, block sequences and mappings, implicit keys.
extension YAMLParser {
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
    mutating func blockNode(parentIndent: Int, sameLine: Bool, compact: Bool, sequenceAtParentIndent: Bool = false)
        throws(YAMLSyntaxError) -> JSONNode?
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= YAMLReader.maximumDepth else {
            throw error("nesting deeper than \(YAMLReader.maximumDepth) levels")
        }
        var onSameLine = sameLine
        let separationStart = i
        if skipToContent() { onSameLine = false }
        if atEnd || atLineStartMarker { return nil }
        if onSameLine, compact, b[separationStart..<i].contains(Self.tab), startsBlockStructure() {
            throw error("a tab cannot separate an indicator from a block collection on its line (use spaces)")
        }
        if !onSameLine {
            let indent = column
            if tabIndented(), startsBlockStructure() { throw error("tabs are not allowed for indentation") }
            let isSequence = at() == UInt8(ascii: "-") && isBlank(at(1))
            guard indent > parentIndent || (sequenceAtParentIndent && indent == parentIndent && isSequence) else {
                return nil
            }
        }
        let start = location
        let propertiesColumn = column
        var props = try properties()
        var propsOnOwnLine = false
        if !props.isEmpty, skipToContent() {
            propsOnOwnLine = true
            // More properties on the next line belong to this node, unless they start a key.
            if let c = at(), c == UInt8(ascii: "&") || c == UInt8(ascii: "!"), column > parentIndent,
                !looksLikeImplicitKey()
            {
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
            if atEnd || atLineStartMarker
                || column <= parentIndent
                    && !(sequenceAtParentIndent && column == parentIndent && at() == UInt8(ascii: "-"))
            {
                return try finish(emptyScalar(props, at: start), props)
            }
        }
        let nodeColumn = column
        let canStartCollection = !onSameLine || compact || propsOnOwnLine
        guard let c = at() else { return try finish(emptyScalar(props, at: start), props) }
        // Block sequence.
        if c == UInt8(ascii: "-"), isBlank(at(1)), !atDocumentMarker() {
            guard canStartCollection else { throw error("a block sequence cannot start on the line of a mapping key") }
            if !props.isEmpty, !propsOnOwnLine {
                throw error("a block sequence cannot start on the line of its anchor or tag")
            }
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
        if at() == UInt8(ascii: "#"), i == before {
            throw error("a comment must be separated from what precedes it by a space")
        }
        skipComment()
        if let c = at(), c != Self.newline { throw error("unexpected \(describe(c)) after a complete node") }
    }

    /// Whether the line's leading whitespace holds a tab before content that needs indentation.
    func tabIndented() -> Bool {
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
        if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")) && isBlank(at(1)) {
            return true
        }
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
            throw YAMLSyntaxError(
                location: start, message: "aliases expand to more than \(YAMLReader.maximumAliasNodes) nodes")
        }
        var copy = node
        copy.location = start
        return copy
    }

    mutating func applyTag(_ tag: String, to node: JSONNode) throws(YAMLSyntaxError) -> JSONNode {
        var result = node
        let raw: String? =
            switch node.value {
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
            guard case .number = node.value else {
                throw YAMLSyntaxError(
                    location: node.location, message: "the value is not a number, as its tag '\(tag)' says")
            }
        case "tag:yaml.org,2002:bool":
            guard case .bool = node.value else {
                throw YAMLSyntaxError(location: node.location, message: "the value is not a boolean, as its tag says")
            }
        case "tag:yaml.org,2002:null":
            guard case .null = node.value else {
                throw YAMLSyntaxError(location: node.location, message: "the value is not null, as its tag says")
            }
        case "tag:yaml.org,2002:map":
            guard case .object = node.value else {
                throw YAMLSyntaxError(location: node.location, message: "the value is not a mapping, as its tag says")
            }
        case "tag:yaml.org,2002:seq":
            guard case .array = node.value else {
                throw YAMLSyntaxError(location: node.location, message: "the value is not a sequence, as its tag says")
            }
        default:
            break
        }
        return result
    }

    mutating func blockSequence(indent: Int) throws(YAMLSyntaxError) -> JSONNode {
        let start = location
        var elements: [JSONNode] = []
        while true {
            let entry = location
            advance()
            let element =
                try blockNode(parentIndent: indent, sameLine: true, compact: true)
                ?? JSONNode(value: .null, location: entry)
            elements.append(element)
            skipToContent()
            if atEnd || atLineStartMarker { break }
            let next = column
            if next < indent { break }
            guard next == indent else {
                throw error("bad indentation of a sequence entry (expected column \(indent + 1))")
            }
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
                    value =
                        try blockNode(
                            parentIndent: indent, sameLine: true, compact: true, sequenceAtParentIndent: false)
                        ?? JSONNode(value: .null, location: colon)
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
                value =
                    try blockNode(parentIndent: indent, sameLine: true, compact: false, sequenceAtParentIndent: true)
                    ?? JSONNode(value: .null, location: colon)
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
            guard next == indent else {
                throw error("bad indentation of a mapping entry (expected column \(indent + 1))")
            }
            if tabIndented(), startsBlockStructure() { throw error("tabs are not allowed for indentation") }
            if at() == UInt8(ascii: "-"), isBlank(at(1)) {
                throw error("a sequence entry where a mapping key was expected")
            }
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
        case .array, .object:
            throw YAMLSyntaxError(
                location: location,
                message: "a collection as a mapping key cannot be represented (keys must be scalars)")
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
            if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":"))
                && (k + 1 >= b.count || isBlank(b[k + 1]))
            {
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
        return k < b.count && b[k] == UInt8(ascii: ":")
            && (k + 1 >= b.count || isBlank(b[k + 1]) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'"))
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
            guard line == startLine else {
                throw YAMLSyntaxError(location: keyStart, message: "an implicit key must be on one line")
            }
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
}
