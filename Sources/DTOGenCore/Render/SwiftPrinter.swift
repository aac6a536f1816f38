import Foundation

/// Spells IR values as Swift: types, literals, date formats, mapping expressions and
/// request parts. The only place (with the templates) that writes Swift syntax.
struct SwiftPrinter: Sendable {
    let table: TypeTable
    let runtime: RuntimeSymbols
    /// Which types are deprecated, so what spells them is deprecated too.
    let deprecated: DeprecatedTypes

    init(table: TypeTable, runtime: RuntimeSymbols) {
        self.table = table
        self.runtime = runtime
        self.deprecated = DeprecatedTypes(table)
    }

    /// A line longer than this is split where the syntax allows (call arguments one per line).
    static let lineWidth = 100

    // MARK: Types

    /// A type as written inside the declaration that uses it (nested types by their own
    /// name: they never shadow anything in scope).
    func type(_ type: TypeRef) -> String {
        type.spelled(naming: { table[$0].spelledName }, file: runtime.filePart, json: runtime.jsonValue)
    }

    /// A type as written outside any declaration (nested types fully qualified).
    func qualifiedType(_ type: TypeRef) -> String {
        type.spelled(naming: { table[$0].qualifiedName }, file: runtime.filePart, json: runtime.jsonValue)
    }

    // MARK: Literals

    func literal(_ literal: Literal) -> String {
        switch literal {
        case .null: "nil"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .decimal(let negative, let exponent, let significand):
            "Decimal(sign: .\(negative ? "minus" : "plus"), exponent: \(exponent), significand: \(significand))"
        case .decimalText(let text):
            "Decimal(string: \(SwiftLiteral.string(text)), locale: Locale(identifier: \"en_US_POSIX\"))!"
        case .string(let s): SwiftLiteral.string(s)
        case .date(let date): Self.date(date)
        case .url(let s): "URL(string: \(SwiftLiteral.string(s)))!"
        case .uuid(let s): "UUID(uuidString: \(SwiftLiteral.string(s)))!"
        case .enumCase(let name): ".\(SwiftName.escaped(name))"
        case .unknownEnumCase(let name, let raw): ".\(SwiftName.escaped(name))(\(SwiftLiteral.string(raw)))"
        case .jsonNumber(let n): ".number(\(n))"
        case .jsonNull: ".null"
        case .array(let elements): "[\(elements.map(self.literal).joined(separator: ", "))]"
        case .dictionary(let entries):
            entries.isEmpty
                ? "[:]"
                : "[\(entries.map { "\(SwiftLiteral.string($0.key)): \(self.literal($0.value))" }.joined(separator: ", "))]"
        }
    }

    /// Seconds as written in a date literal: whole numbers without a fraction.
    /// A `Date` literal that is exactly `date`: the shortest seconds since 1970 that
    /// `Date(timeIntervalSince1970:)` turns back into the same instant (that initialiser
    /// subtracts 2001's offset, so the printed double alone can be off by one ulp), or the
    /// exact seconds since 2001, which Date stores.
    static func date(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        for digits in 0...9 {
            let scale = pow(10, Double(digits))
            let candidate = (seconds * scale).rounded() / scale
            if Date(timeIntervalSince1970: candidate) == date {
                return "Date(timeIntervalSince1970: \(number(candidate)))"
            }
        }
        return "Date(timeIntervalSinceReferenceDate: \(number(date.timeIntervalSinceReferenceDate)))"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A factory argument as declared: `for query: String = ""` (protocol requirements take no defaults).
    func argumentDeclaration(_ argument: EndpointIR.Argument, withDefault: Bool = true) -> String {
        let name = SwiftName.escaped(argument.name)
        let head = argument.label.map { "\($0) \(name)" } ?? name
        let defaultValue = withDefault ? argument.defaultValue.map { " = \(literal($0))" } ?? "" : ""
        return "\(head): \(qualifiedType(argument.type))\(defaultValue)"
    }

    /// The same argument passed on to the factory: `for: query`, or `value` when unlabeled.
    func argumentPassed(_ argument: EndpointIR.Argument, value: String? = nil) -> String {
        let value = value ?? SwiftName.escaped(argument.name)
        switch argument.label {
        case "_": return value
        case let label?: return "\(label): \(value)"
        case nil: return "\(argument.name): \(value)"
        }
    }

    /// The runtime `DateFormat` value.
    func dateFormat(_ format: DateFormatSpec) -> String {
        switch format {
        case .iso8601: ".iso8601"
        case .iso8601Fractional: ".iso8601Fractional"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .pattern(let p): ".pattern(\(SwiftLiteral.string(p)))"
        }
    }

    // MARK: Mapping expressions

    /// A call the printer may lay out one argument per line.
    struct Call {
        var callee: String
        var arguments: [String]

        var oneLine: String { "\(callee)(\(arguments.joined(separator: ", ")))" }
    }

    /// An expression on one line. `try` is written at the start of a closure whose body
    /// throws; everywhere else the one `try` before the enclosing call covers it.
    func expression(_ e: MappingExpression) -> String {
        if let call = call(e) { return call.oneLine }
        switch e {
        case .dto: return "dto"
        case .response: return "response"
        case .closureArgument: return "$0"
        case .variable(let name): return name
        case .member(let base, let name, let chain):
            return expression(base) + (chain ? "?." : ".") + SwiftName.escaped(name)
        case .lookup(let base, let key, let chain):
            return expression(base) + (chain ? "?" : "") + "[\(SwiftLiteral.string(key))]"
        case .jsonIndex(let base, let index, let chain):
            return expression(base) + (chain ? "?" : "") + "[\(index)]"
        case .map(let base, let flat, let parameter, let transform):
            let head = parameter.map { "\($0) in " } ?? ""
            return
                "\(operand(base)).\(flat ? "flatMap" : "map") { \(head)\(transform.throwing ? "try " : "")\(expression(transform)) }"
        case .coalesce(let value, let fallback):
            return "\(expression(value)) ?? \(expression(fallback))"
        case .literal(let l):
            return literal(l)
        case .swift(let code):
            return code
        case .element, .convert, .rawValue, .model, .require:
            return ""  // calls, handled above
        }
    }

    /// The expression's lines when written after `prefix` (a label): one line when it fits,
    /// else its outermost call with one argument per line.
    func lines(_ e: MappingExpression, after prefix: String) -> [String] {
        let single = expression(e)
        guard prefix.count + single.count > Self.lineWidth else { return [single] }
        if case .coalesce(let value, let fallback) = e {
            var head = lines(value, after: prefix)
            head[head.count - 1] += " ?? \(expression(fallback))"
            return head
        }
        guard let call = call(e), !call.arguments.isEmpty else { return [single] }
        return ["\(call.callee)("] + call.arguments.map { "    \($0)," } + [")"]
    }

    private func sourceArguments(_ source: MappingSource) -> [String] {
        [
            "model: \(SwiftLiteral.string(source.model))", "field: \(SwiftLiteral.string(source.field))",
            "source: \(SwiftLiteral.string(source.source))",
        ]
    }

    /// Expressions that are calls, as callee and arguments.
    func call(_ e: MappingExpression) -> Call? {
        let mapping = runtime.mapping
        switch e {
        case .element(let base, let index, let access, let source):
            switch access {
            case .checked:
                return Call(
                    callee: "\(mapping).\(RuntimeSymbols.element)",
                    arguments: [expression(base), "\(index)"] + sourceArguments(source))
            case .checkedOptional:
                return Call(
                    callee: "\(mapping).\(RuntimeSymbols.optionalElement)",
                    arguments: [expression(base), "\(index)"] + sourceArguments(source))
            case .ifPresent:
                return Call(
                    callee: "\(mapping).\(RuntimeSymbols.elementIfPresent)", arguments: [expression(base), "\(index)"])
            }
        case .convert(let conversion, let base):
            let value = expression(base)
            switch conversion {
            case .dateSecondsSince1970:
                return Call(callee: "\(mapping).\(RuntimeSymbols.toDate)", arguments: ["secondsSince1970: \(value)"])
            case .dateMillisecondsSince1970:
                return Call(
                    callee: "\(mapping).\(RuntimeSymbols.toDate)", arguments: ["millisecondsSince1970: \(value)"])
            case .dateISO8601:
                return Call(callee: "\(mapping).\(RuntimeSymbols.toDate)", arguments: ["iso8601: \(value)"])
            case .url: return Call(callee: "\(mapping).\(RuntimeSymbols.toURL)", arguments: [value])
            case .uuid: return Call(callee: "\(mapping).\(RuntimeSymbols.toUUID)", arguments: [value])
            case .int: return Call(callee: "\(mapping).\(RuntimeSymbols.toInt)", arguments: [value])
            case .double: return Call(callee: "\(mapping).\(RuntimeSymbols.toDouble)", arguments: [value])
            case .string: return Call(callee: "\(mapping).\(RuntimeSymbols.toString)", arguments: [value])
            }
        case .rawValue(let type, let base, let fromEnum):
            return Call(callee: type, arguments: ["rawValue: \(expression(base))\(fromEnum ? ".rawValue" : "")"])
        case .model(let key, let base, _):
            return Call(callee: key.model, arguments: ["from: \(expression(base))"])
        case .require(let value, let source, let reason):
            return Call(
                callee: "\(mapping).\(RuntimeSymbols.require)",
                arguments: [expression(value)] + sourceArguments(source) + ["reason: \(SwiftLiteral.string(reason))"])
        default:
            return nil
        }
    }

    /// The receiver of `.map { }`: an optional chain needs parentheses, or `map` would apply
    /// inside the chain.
    private func operand(_ e: MappingExpression) -> String {
        hasOptionalChain(e) ? "(\(expression(e)))" : expression(e)
    }

    private func hasOptionalChain(_ e: MappingExpression) -> Bool {
        switch e {
        case .member(let base, _, let chain), .lookup(let base, _, let chain), .jsonIndex(let base, _, let chain):
            chain || hasOptionalChain(base)
        default:
            false
        }
    }

    // MARK: Requests

    /// The value of a parameter as passed to the runtime: enums by raw value.
    func parameter(_ value: ParameterValue) -> String {
        if let constant = value.constant { return SwiftLiteral.string(constant) }
        let name = SwiftName.escaped(value.argument)
        let optional = value.optional ? "?" : ""
        switch value.rawValue {
        case .none: return name
        case .single: return "\(name)\(optional).rawValue"
        case .elements: return "\(name)\(optional).map(\\.rawValue)"
        }
    }

    /// The path as an interpolated `EndpointPath` literal.
    func path(_ parts: [PathPart]) -> String {
        var text = "\""
        for part in parts {
            switch part {
            case .literal(let literal):
                text += SwiftLiteral.stringContent(literal)
            case .parameter(let value):
                text +=
                    "\\(\(parameter(value))\(value.dateFormat.map { ", format: \(dateFormat($0))" } ?? "")\(pathStyle(value)))"
            }
        }
        return text + "\""
    }

    /// `, style: .label` after a path parameter written in another style than `simple`.
    func pathStyle(_ value: ParameterValue) -> String {
        switch value.style {
        case .label: ", style: .label"
        case .matrix: ", style: .matrix(name: \(SwiftLiteral.string(value.key)), explode: \(value.explode))"
        default: ""
        }
    }

    /// A query item or header: `.init("name", value)`, then `.unexploded()` for an array
    /// (or an object) written as one item.
    func namedParameter(_ parameter: NamedParameter) -> String {
        let name = SwiftLiteral.string(parameter.name)
        let value = parameter.value
        let argument = SwiftName.escaped(value.argument)
        let reserved = value.allowReserved ? ".allowingReserved()" : ""
        if value.style == .json {
            return ".init(\(name), json: \(argument))\(reserved)"
        }
        if value.deepObject {
            return ".init(\(name), deepObject: \(argument))\(reserved)"
        }
        var text: String
        if value.object {
            text = ".init(\(name), object: \(argument))"
        } else if value.encoded {
            text = ".init(\(name), encoded: \(argument))"
        } else {
            text =
                ".init(\(name), \(self.parameter(value))\(value.dateFormat.map { ", format: \(dateFormat($0))" } ?? ""))"
        }
        if !value.explode {
            switch value.style {
            case .form: text += ".unexploded()"
            case .spaceDelimited: text += ".unexploded(.spaceDelimited)"
            case .pipeDelimited: text += ".unexploded(.pipeDelimited)"
            default: break
            }
        }
        return text + reserved
    }

    /// The cookies, as the one `Cookie` header that carries them: `.init(cookies: [...])`.
    func cookieHeader(_ cookies: [NamedParameter]) -> [String] {
        guard !cookies.isEmpty else { return [] }
        return [".init(cookies: [\(cookies.map(namedParameter).joined(separator: ", "))])"]
    }

    /// `.get`: the runtime's `HTTPMethod` has a static member for each method a spec can name.
    func method(_ method: HTTPMethod) -> String {
        "." + method.rawValue.lowercased()
    }

    func kind(_ kind: KindReference) -> String {
        switch kind {
        case .public: runtime.publicKind
        case .private: runtime.privateKind
        case .refreshing: runtime.refreshingKind
        case .basic: runtime.basicKind
        case .custom(let name): name
        }
    }

    /// The `Kind` an endpoint's factory extends: its kind, wrapped with the type its response
    /// headers are read as when it declares some (`EndpointKinds.WithResponseHeaders<…>`).
    func kind(of endpoint: EndpointIR) -> String {
        let base = kind(endpoint.kind)
        guard let headers = endpoint.responseHeaders else { return base }
        return "\(runtime.withResponseHeaders)<\(base), \(qualifiedType(.named(headers)))>"
    }

    func envelope(_ envelope: EnvelopeIR) -> String {
        var parts = ["data: \(SwiftLiteral.string(envelope.data))"]
        switch envelope.success {
        case .key(let key)?: parts.append("success: .key(\(SwiftLiteral.string(key)))")
        case .equals(let key, let value)?:
            parts.append("success: .equals(key: \(SwiftLiteral.string(key)), value: \(literal(value)))")
        case nil: break
        }
        if let message = envelope.message { parts.append("message: \(SwiftLiteral.string(message))") }
        if !envelope.path.isEmpty {
            parts.append("path: [\(envelope.path.map { SwiftLiteral.string($0) }.joined(separator: ", "))]")
        }
        return "\(runtime.envelope)(\(parts.joined(separator: ", ")))"
    }
}
