/// A path to a value inside a JSON shape, as mappings (`properties.mag`, `items[0].id`,
/// `metadata["order.id"]`), `each`, pagination (`data[-1].id`) and `bodyFrom` write it. One
/// reader for all of them, so every path has the same syntax and its errors the same columns;
/// what a step may do (a negative index, a lookup) is the resolving stage's rule.
struct ValuePath: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        /// A key: `name`, or quoted `["order.id"]` (`\"` and `\\` escape).
        case key(String, offset: Int)
        /// An element: `[0]`, or `[-1]`, counted from the end.
        case index(Int, offset: Int)

        /// Where the step starts in the written path, in Unicode scalars.
        var offset: Int {
            switch self {
            case .key(_, let offset), .index(_, let offset): offset
            }
        }
    }

    /// A malformed path: the message, and the offset (in Unicode scalars) it points at.
    struct SyntaxError: Error, Sendable, Equatable {
        var offset: Int
        var message: String
    }

    var written: String
    var steps: [Step]

    /// The column of a character of the path inside its spec string literal.
    static func location(of offset: Int, in path: Located<String>) -> SourceLocation {
        SourceLocation(line: path.location.line, column: path.location.column + 1 + offset, file: path.location.file)
    }

    static func parse(_ text: String) -> Result<ValuePath, SyntaxError> {
        var steps: [Step] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var expectKey = true
        while i < scalars.count || expectKey {
            if expectKey {
                let start = i
                while i < scalars.count, scalars[i] != ".", scalars[i] != "[" { i += 1 }
                if i == start {
                    if i < scalars.count, scalars[i] == "[", start == 0 {
                        expectKey = false
                        continue
                    }
                    return .failure(
                        SyntaxError(
                            offset: start,
                            message:
                                "empty key in path '\(text)'; write keys separated by '.', such as \"properties.mag\""))
                }
                steps.append(.key(String(String.UnicodeScalarView(scalars[start..<i])), offset: start))
                expectKey = false
                continue
            }
            if scalars[i] == "." {
                i += 1
                expectKey = true
                continue
            }
            if scalars[i] == "[", i + 1 < scalars.count, scalars[i + 1] == "\"" {
                let start = i
                i += 2
                var key = String.UnicodeScalarView()
                var closed = false
                while i < scalars.count {
                    if scalars[i] == "\\", i + 1 < scalars.count {
                        key.append(scalars[i + 1])
                        i += 2
                        continue
                    }
                    if scalars[i] == "\"" {
                        closed = true
                        i += 1
                        break
                    }
                    key.append(scalars[i])
                    i += 1
                }
                guard closed, i < scalars.count, scalars[i] == "]" else {
                    return .failure(
                        SyntaxError(
                            offset: start, message: "unclosed quoted key in path '\(text)'; write it as [\"key\"]"))
                }
                i += 1
                steps.append(.key(String(key), offset: start))
                continue
            }
            if scalars[i] == "[" {
                let start = i
                i += 1
                let negative = i < scalars.count && scalars[i] == "-"
                if negative { i += 1 }
                let digitsStart = i
                while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
                guard i > digitsStart, i < scalars.count, scalars[i] == "]",
                    let index = Int(String(String.UnicodeScalarView(scalars[digitsStart..<i])))
                else {
                    return .failure(
                        SyntaxError(
                            offset: start, message: "invalid index in path '\(text)'; write an element as \"list[0]\""))
                }
                i += 1
                steps.append(.index(negative ? -index : index, offset: start))
                continue
            }
            return .failure(SyntaxError(offset: i, message: "unexpected '\(scalars[i])' in path '\(text)'"))
        }
        return .success(ValuePath(written: text, steps: steps))
    }
}

extension TypeTable {
    /// The one message for a key a path names that a struct does not have.
    func missingKey(_ key: String, in id: DeclID, keys: [String]) -> String {
        let hint = Suggest.hint(for: key, in: keys)
        return
            "no key '\(key)' in \(self[id].qualifiedName)\(hint.isEmpty ? "; its keys are \(keys.map { "'\($0)'" }.joined(separator: ", "))" : hint)"
    }
}
