/// Swift literals for JSON values from a spec (`$default`, mapping defaults and constants).
enum Literals {
    /// A literal of the given type, or nil after reporting why it cannot be one; a number
    /// Swift would round (`9007199254740993` as a Double) is written as the value Swift
    /// holds, with a warning, so generated code compiles without one. `what` names the
    /// value in messages (`'$default' of 'n'`, `'default'`).
    static func value(
        _ node: JSONNode, as type: TypeRef, in table: TypeTable, dateFormat: DateFormatSpec?, what: String,
        into sink: inout DiagnosticSink
    ) -> Literal? {
        var notes: [Note] = []
        switch literal(node, as: type, in: table, dateFormat: dateFormat, notes: &notes) {
        case .success(let literal):
            for note in notes { sink.warning("DTG3039", note.location, "\(what): \(note.message)") }
            return literal
        case .failure(.mismatch(let expected)):
            sink.error(
                "DTG3040", node.location,
                "\(what) must be \(expected) to match \(table.describe(type)), found \(node.kindDescription)")
        case .failure(.message(let message)):
            sink.error("DTG3041", node.location, message)
        }
        return nil
    }

    /// Something about a literal worth a warning (a number Swift cannot hold as written).
    struct Note {
        var location: SourceLocation
        var message: String
    }

    /// A literal of the given type, or the reason it cannot be one.
    static func literal(
        _ node: JSONNode, as type: TypeRef, in table: TypeTable, dateFormat: DateFormatSpec?, notes: inout [Note]
    ) -> Result<Literal, LiteralError> {
        let resolved = table.resolved(type)
        switch resolved {
        case .optional(let wrapped):
            if case .null = node.value { return .success(.null) }
            return literal(node, as: wrapped, in: table, dateFormat: dateFormat, notes: &notes)
        case .json:
            return .success(json(node))
        case .array(let element):
            guard let elements = node.elements else { return .failure(.mismatch("an array")) }
            var parts: [Literal] = []
            for e in elements {
                switch literal(e, as: element, in: table, dateFormat: dateFormat, notes: &notes) {
                case .success(let s): parts.append(s)
                case .failure(let f): return .failure(f)
                }
            }
            return .success(.array(parts))
        case .dictionary(let value):
            guard let members = node.members else { return .failure(.mismatch("an object")) }
            var parts: [Literal.Entry] = []
            for m in members {
                switch literal(m.value, as: value, in: table, dateFormat: dateFormat, notes: &notes) {
                case .success(let s): parts.append(Literal.Entry(key: m.key, value: s))
                case .failure(let f): return .failure(f)
                }
            }
            return .success(.dictionary(parts))
        case .named(let id):
            switch table[id].kind {
            case .enumeration(let info):
                guard let text = node.stringValue else {
                    return .failure(.mismatch("a string (one of the enum's values)"))
                }
                if let match = info.cases.first(where: { $0.rawValue == text }) {
                    return .success(.enumCase(match.name))
                }
                if let unknown = info.unknownCaseName {
                    return .success(.unknownEnumCase(unknown, rawValue: text))
                }
                let values = info.cases.map(\.rawValue)
                return .failure(
                    .message(
                        "'\(text)' is not one of the enum's values (\(values.map { "'\($0)'" }.joined(separator: ", ")))\(Suggest.hint(for: text, in: values))"
                    ))
            case .structure:
                return .failure(
                    .message("a default value is not supported for an object type; make the field optional instead"))
            case .oneOf:
                return .failure(
                    .message("a default value is not supported for a '$oneOf' type; make the field optional instead"))
            case .appType:
                return .failure(
                    .message(
                        "a default value is not supported for your own type (externalTypes); make the field optional instead"
                    ))
            case .statusResponses:
                return .failure(.message("a default value is not supported for a response by status"))
            case .responseHeaders:
                return .failure(.message("a default value is not supported for response headers"))
            case .alias(let target):
                return literal(node, as: target, in: table, dateFormat: dateFormat, notes: &notes)
            }
        case .scalar(let scalar):
            return scalarLiteral(node, scalar, dateFormat: dateFormat, notes: &notes)
        case .generic, .parameter:
            return .failure(
                .message(
                    "a default value is not supported for a generic type or its parameter; make the field optional instead"
                ))
        }
    }

    enum LiteralError: Error {
        case mismatch(String)
        case message(String)
    }

    static func scalarLiteral(
        _ node: JSONNode, _ scalar: TypeRef.Scalar, dateFormat: DateFormatSpec?, notes: inout [Note]
    ) -> Result<Literal, LiteralError> {
        switch scalar {
        case .string:
            guard let s = node.stringValue else { return .failure(.mismatch("a string")) }
            return .success(.string(s))
        case .bool:
            guard let b = node.boolValue else { return .failure(.mismatch("true or false")) }
            return .success(.bool(b))
        case .int, .int64:
            guard case .number(let n) = node.value else { return .failure(.mismatch("an integer")) }
            let fits = scalar == .int ? Int(n) != nil : Int64(n) != nil
            guard fits else { return .failure(.mismatch("an integer in range")) }
            return .success(.number(n))
        case .double, .float:
            guard case .number(let n) = node.value else { return .failure(.mismatch("a number")) }
            guard let value = Double(n), value.isFinite, scalar == .double || Float(n)?.isFinite == true else {
                return .failure(.mismatch("a number in range"))
            }
            let held = scalar == .double ? FloatLiteral.held(n, as: Double.self) : FloatLiteral.held(n, as: Float.self)
            if let held {
                notes.append(
                    Note(
                        location: node.location,
                        message:
                            "\(n) is not exactly representable as a \(scalar.rawValue) (it rounds, or falls below the normal range); it is generated as \(held), the value Swift holds"
                    ))
                return .success(.number(held))
            }
            return .success(.number(n))
        case .decimal:
            guard case .number(let n) = node.value else { return .failure(.mismatch("a number")) }
            if Int64(n) != nil { return .success(.number(n)) }
            guard let d = Double(n), d.isFinite, abs(d) < 1e100 || d == 0 else {
                return .failure(.mismatch("a number in range"))
            }
            guard let literal = decimal(n) else {
                return .failure(.mismatch("a number with at most 38 significant digits"))
            }
            return .success(literal)
        case .date:
            let format = dateFormat ?? .iso8601
            guard let date = format.date(from: node) else {
                return .failure(.message("a default date must be written in the field's format (\(describe(format)))"))
            }
            return .success(.date(date))
        case .url:
            guard let s = node.stringValue, !s.isEmpty, URLCheck.isValid(s) else {
                return .failure(.mismatch("a valid URL string"))
            }
            return .success(.url(s))
        case .uuid:
            guard let s = node.stringValue, UUIDCheck.isValid(s) else { return .failure(.mismatch("a UUID string")) }
            return .success(.uuid(s))
        case .file, .data:
            return .failure(.message("a \(scalar.rawValue) has no default; make the field optional instead"))
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

    /// An exact Decimal from a JSON number lexeme; nil when it has more digits than a Decimal holds.
    static func decimal(_ lexeme: String) -> Literal? {
        let written = lexeme
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
        // `Decimal(sign:exponent:significand:)` takes the significand as an integer literal,
        // which holds 18 digits safely; longer ones are written as text Decimal parses exactly.
        if digits.count > 38 { return nil }
        if digits.count > 18 {
            return .decimalText(written)
        }
        return .decimal(negative: negative, exponent: exponent, significand: digits.isEmpty ? "0" : digits)
    }

    /// A JSON value as a `JSONValue` literal.
    static func json(_ node: JSONNode) -> Literal {
        switch node.value {
        case .number(let n) where n.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) || Int(n) == nil:
            return .jsonNumber(n)
        case .array(let a): return .array(a.map(json))
        case .object(let o): return .dictionary(o.map { Literal.Entry(key: $0.key, value: json($0.value)) })
        default: return plain(node)
        }
    }

    /// A JSON value as a plain Swift literal whose type the context decides (mapping `value`).
    static func plain(_ node: JSONNode) -> Literal {
        switch node.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(plain))
        case .object(let o): return .dictionary(o.map { Literal.Entry(key: $0.key, value: plain($0.value)) })
        }
    }

    /// The value a `$lenient` field falls back to when it has no default and is not optional.
    static func empty(_ type: TypeRef, in table: TypeTable) -> Literal? {
        switch table.resolved(type) {
        case .scalar(let s):
            switch s {
            case .string: return .string("")
            case .int, .int64, .double, .float, .decimal: return .number("0")
            case .bool: return .bool(false)
            default: return nil
            }
        case .array: return .array([])
        case .dictionary: return .dictionary([])
        case .json: return .jsonNull
        case .optional: return .null
        case .named, .generic, .parameter: return nil
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

/// Floating-point literals Swift warns about: an integer it cannot hold exactly
/// (`9007199254740993` as a Double), or a value below the type's normal range (`5e-324`).
enum FloatLiteral {
    /// The literal to write instead of `lexeme`, or nil when Swift takes it as written.
    static func held<F: BinaryFloatingPoint & LosslessStringConvertible>(_ lexeme: String, as _: F.Type) -> String?
    where F.RawSignificand: FixedWidthInteger {
        guard let value = F(lexeme), let exact = Double(lexeme) else { return nil }
        let isInteger = !lexeme.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if isInteger {
            guard let whole = Int64(lexeme), Int64(exactly: value) != whole else { return nil }
            if let held = Int64(exactly: value), abs(value) < 1e18 { return String(held) }
            return "\(value)"
        }
        guard exact != 0, abs(exact) < Double(F.leastNormalMagnitude) || value.isSubnormal || value == 0 else {
            return nil
        }
        if value == 0 { return "0" }
        if value.isNormal, let shortest = Double("\(value)"), abs(shortest) >= Double(F.leastNormalMagnitude) {
            return "\(value)"
        }
        let type = F.self == Float.self ? "Float" : "Double"
        return "\(type)(bitPattern: 0x\(String(value.bitPatternInteger, radix: 16)))"
    }
}

private extension BinaryFloatingPoint {
    var bitPatternInteger: UInt64 {
        if let double = self as? Double { return double.bitPattern }
        if let float = self as? Float { return UInt64(float.bitPattern) }
        return 0
    }
}
