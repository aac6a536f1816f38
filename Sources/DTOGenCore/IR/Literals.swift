/// Swift literals for JSON values from a spec (`$default`, mapping defaults and constants).
enum Literals {
    /// A literal of the given type, or the reason it cannot be one.
    static func literal(_ node: JSONNode, as type: TypeRef, in table: TypeTable, dateFormat: DateFormatSpec?) -> Result<String, LiteralError> {
        let resolved = table.resolved(type)
        switch resolved {
        case .optional(let wrapped):
            if case .null = node.value { return .success("nil") }
            return literal(node, as: wrapped, in: table, dateFormat: dateFormat)
        case .json:
            return .success(json(node))
        case .array(let element):
            guard let elements = node.elements else { return .failure(.mismatch("an array")) }
            var parts: [String] = []
            for e in elements {
                switch literal(e, as: element, in: table, dateFormat: dateFormat) {
                case .success(let s): parts.append(s)
                case .failure(let f): return .failure(f)
                }
            }
            return .success("[\(parts.joined(separator: ", "))]")
        case .dictionary(let value):
            guard let members = node.members else { return .failure(.mismatch("an object")) }
            if members.isEmpty { return .success("[:]") }
            var parts: [String] = []
            for m in members {
                switch literal(m.value, as: value, in: table, dateFormat: dateFormat) {
                case .success(let s): parts.append("\(SwiftLiteral.string(m.key)): \(s)")
                case .failure(let f): return .failure(f)
                }
            }
            return .success("[\(parts.joined(separator: ", "))]")
        case .named(let id):
            switch table[id].kind {
            case .enumeration(let info):
                guard let text = node.stringValue else { return .failure(.mismatch("a string (one of the enum's values)")) }
                if let match = info.cases.first(where: { $0.rawValue == text }) {
                    return .success(".\(SwiftName.escaped(match.name))")
                }
                if let unknown = info.unknownCaseName {
                    return .success(".\(SwiftName.escaped(unknown))(\(SwiftLiteral.string(text)))")
                }
                let values = info.cases.map(\.rawValue)
                return .failure(.message("'\(text)' is not one of the enum's values (\(values.map { "'\($0)'" }.joined(separator: ", ")))\(Suggest.hint(for: text, in: values))"))
            case .structure:
                return .failure(.message("a default value is not supported for an object type; make the field optional instead"))
            case .alias(let target):
                return literal(node, as: target, in: table, dateFormat: dateFormat)
            }
        case .scalar(let scalar):
            return scalarLiteral(node, scalar, dateFormat: dateFormat)
        }
    }

    enum LiteralError: Error {
        case mismatch(String)
        case message(String)
    }

    static func scalarLiteral(_ node: JSONNode, _ scalar: TypeRef.Scalar, dateFormat: DateFormatSpec?) -> Result<String, LiteralError> {
        switch scalar {
        case .string:
            guard let s = node.stringValue else { return .failure(.mismatch("a string")) }
            return .success(SwiftLiteral.string(s))
        case .bool:
            guard let b = node.boolValue else { return .failure(.mismatch("true or false")) }
            return .success(b ? "true" : "false")
        case .int, .int64:
            guard case .number(let n) = node.value else { return .failure(.mismatch("an integer")) }
            let fits = scalar == .int ? Int(n) != nil : Int64(n) != nil
            guard fits else { return .failure(.mismatch("an integer in range")) }
            return .success(n)
        case .double, .float:
            guard case .number(let n) = node.value else { return .failure(.mismatch("a number")) }
            guard let value = Double(n), value.isFinite, scalar == .double || Float(n)?.isFinite == true else {
                return .failure(.mismatch("a number in range"))
            }
            return .success(n)
        case .decimal:
            guard case .number(let n) = node.value else { return .failure(.mismatch("a number")) }
            if Int64(n) != nil { return .success(n) }
            guard let d = Double(n), d.isFinite, abs(d) < 1e100 || d == 0 else { return .failure(.mismatch("a number in range")) }
            return .success(decimal(n))
        case .date:
            let format = dateFormat ?? .iso8601
            guard let seconds = format.seconds(from: node) else {
                return .failure(.message("a default date must be written in the field's format (\(describe(format)))"))
            }
            return .success("Date(timeIntervalSince1970: \(number(seconds)))")
        case .url:
            guard let s = node.stringValue, !s.isEmpty, URLCheck.isValid(s) else { return .failure(.mismatch("a valid URL string")) }
            return .success("URL(string: \(SwiftLiteral.string(s)))!")
        case .uuid:
            guard let s = node.stringValue, UUIDCheck.isValid(s) else { return .failure(.mismatch("a UUID string")) }
            return .success("UUID(uuidString: \(SwiftLiteral.string(s)))!")
        }
    }

    static func describe(_ format: DateFormatSpec) -> String {
        switch format {
        case .iso8601, .iso8601Fractional: "an ISO 8601 string"
        case .secondsSince1970: "a number of seconds"
        case .millisecondsSince1970: "a number of milliseconds"
        case .pattern(let p): "a string like '\(p)'"
        }
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// An exact Decimal from a JSON number lexeme: `Decimal(sign:exponent:significand:)` avoids a trip through Double.
    static func decimal(_ lexeme: String) -> String {
        var text = lexeme
        var negative = false
        if text.hasPrefix("-") {
            negative = true
            text.removeFirst()
        }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
            text = String(text[..<e])
        }
        if let dot = text.firstIndex(of: ".") {
            exponent -= text.distance(from: dot, to: text.endIndex) - 1
            text.remove(at: dot)
        }
        let digits = String(text.drop(while: { $0 == "0" }))
        return "Decimal(sign: .\(negative ? "minus" : "plus"), exponent: \(exponent), significand: \(digits.isEmpty ? "0" : digits))"
    }

    /// A JSON value as a `JSONValue` literal.
    static func json(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) || Int(n) == nil ? ".number(\(n))" : n
        case .string(let s): return SwiftLiteral.string(s)
        case .array(let a): return "[\(a.map(json).joined(separator: ", "))]"
        case .object(let o):
            if o.isEmpty { return "[:]" }
            return "[\(o.map { "\(SwiftLiteral.string($0.key)): \(json($0.value))" }.joined(separator: ", "))]"
        }
    }

    /// A JSON value as a plain Swift literal whose type the context decides (mapping `value`).
    static func plain(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return SwiftLiteral.string(s)
        case .array(let a): return "[\(a.map(plain).joined(separator: ", "))]"
        case .object(let o):
            if o.isEmpty { return "[:]" }
            return "[\(o.map { "\(SwiftLiteral.string($0.key)): \(plain($0.value))" }.joined(separator: ", "))]"
        }
    }

    /// The value a `$lenient` field falls back to when it has no default and is not optional.
    static func empty(_ type: TypeRef, in table: TypeTable) -> String? {
        switch table.resolved(type) {
        case .scalar(let s):
            switch s {
            case .string: return "\"\""
            case .int, .int64, .double, .float, .decimal: return "0"
            case .bool: return "false"
            default: return nil
            }
        case .array: return "[]"
        case .dictionary: return "[:]"
        case .json: return ".null"
        case .optional: return "nil"
        case .named: return nil
        }
    }
}

import Foundation

enum URLCheck {
    static func isValid(_ text: String) -> Bool {
        URL(string: text) != nil
    }
}

enum UUIDCheck {
    static func isValid(_ text: String) -> Bool {
        UUID(uuidString: text) != nil
    }
}
