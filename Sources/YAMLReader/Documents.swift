import PositionalJSON

/// The stream: directives, document markers, one document after another.
extension YAMLParser {
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
            var node =
                try blockNode(parentIndent: -1, sameLine: explicit, compact: false)
                ?? JSONNode(value: .null, location: start)
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
            guard arguments.count == 1, parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
            else {
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
}
