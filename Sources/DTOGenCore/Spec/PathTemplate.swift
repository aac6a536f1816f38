/// An endpoint path such as `/users/{id}/repos`, split into literal text and `{name}`
/// placeholders. The one reader of path templates: the validator reports its problems,
/// the endpoint resolver builds the path from its parts.
struct PathTemplate: Sendable {
    enum Part: Sendable, Equatable {
        case literal(String)
        /// `offset`: where the `{` is, in Unicode scalars from the start of the path.
        case placeholder(String, offset: Int)
    }

    struct Problem: Sendable, Equatable {
        var offset: Int
        var message: String
    }

    var parts: [Part] = []
    var problems: [Problem] = []
    /// Segments written as other tools write a parameter (`:id`, `<id>`), which are literal
    /// text here: the segment, the name it means, and where it starts.
    var otherStyleParameters: [(segment: String, name: String, offset: Int)] = []

    var placeholders: [(name: String, offset: Int)] {
        parts.compactMap { if case .placeholder(let name, let offset) = $0 { (name, offset) } else { nil } }
    }

    init(_ path: String) {
        let scalars = Array(path.unicodeScalars)
        var literal = String.UnicodeScalarView()
        var seen: Set<String> = []
        var i = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while i < scalars.count {
            if scalars[i] == "}" {
                problems.append(Problem(offset: i, message: "unmatched '}' in path"))
                literal.append(scalars[i])
                i += 1
                continue
            }
            guard scalars[i] == "{" else {
                literal.append(scalars[i])
                i += 1
                continue
            }
            let start = i
            i += 1
            while i < scalars.count, scalars[i] != "}", scalars[i] != "{", scalars[i] != "/" { i += 1 }
            guard i < scalars.count, scalars[i] == "}" else {
                problems.append(
                    Problem(offset: start, message: "unclosed '{' in path; write a path parameter as {name}"))
                literal.append(contentsOf: scalars[start..<i])
                continue
            }
            let name = String(String.UnicodeScalarView(scalars[(start + 1)..<i]))
            i += 1
            if name.isEmpty {
                problems.append(Problem(offset: start, message: "empty path parameter '{}'"))
                continue
            }
            if !seen.insert(name).inserted {
                problems.append(Problem(offset: start, message: "path parameter '{\(name)}' appears twice"))
                continue
            }
            flush()
            parts.append(.placeholder(name, offset: start))
        }
        flush()
        var offset = 0
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            defer { offset += segment.unicodeScalars.count + 1 }
            var name: Substring?
            if segment.hasPrefix(":") { name = segment.dropFirst() }
            if segment.hasPrefix("<"), segment.hasSuffix(">"), segment.count > 2 {
                name = segment.dropFirst().dropLast()
            }
            guard let name, !name.isEmpty, SwiftName.isIdentifier(String(name)) else { continue }
            otherStyleParameters.append((String(segment), String(name), offset))
        }
    }
}
