/// Turns one endpoint's `domain` into Swift expressions over the DTO, checking every path
/// against the DTO's shape and every conversion against the type it converts.
struct MappingResolver {
    var sink: DiagnosticSink
    let table: TypeTable
    /// Whether the mapping that builds `model` from the DTO type named by the key throws;
    /// `nil` when no mapping builds it.
    let mappingThrows: [MappingKey: Bool]

    struct MappingKey: Hashable {
        var model: String
        var dtoType: String
    }

    /// A value being built from a path: its expression, the (non-optional) type it has,
    /// whether it may be nil, and whether computing it can throw.
    struct Value {
        var expression: String
        var type: TypeRef
        /// The whole expression may be nil (an optional chain is under way).
        var optional: Bool
        var fails: Bool
        /// The last step itself gave an optional: the next member access needs `?`.
        var lastOptional = false

        /// The expression as one operand, for `.map { }` after an optional chain.
        var operand: String { optional && (expression.contains("?.") || expression.contains("?[")) ? "(\(expression))" : expression }
    }

    struct Context {
        var model: String
        var field: String
        var source: String

        var errorArguments: String {
            "model: \(SwiftLiteral.string(model)), field: \(SwiftLiteral.string(field)), source: \(SwiftLiteral.string(source))"
        }
    }

    static let conversions = ["secondsSince1970", "millisecondsSince1970", "iso8601", "url", "uuid", "int", "double", "string", "rawValue:", "model:"]

    // MARK: Element type

    /// What a domain maps: the element DTO, and for `each` the expression that reaches the elements.
    struct Target {
        var element: DeclID
        var each: Value?
    }

    mutating func target(domain: DomainSpec, response: TypeRef?) -> Target? {
        guard let response else {
            sink.error(domain.location, "'domain' needs the endpoint to have a 'response' to map from")
            return nil
        }
        if let each = domain.each {
            let context = Context(model: domain.model.value, field: "each", source: each.value)
            guard let value = path(each, from: response, root: "response", context: context, tolerant: false) else { return nil }
            guard case .array(let element) = table.resolved(value.type), case .named(let id) = table.resolved(element), case .structure = table[id].kind else {
                sink.error(each.location, "'each' must lead to an array of objects; '\(each.value)' is \(table.qualified(value.type))")
                return nil
            }
            var reach = value
            if value.optional { reach.expression += " ?? []" }
            return Target(element: id, each: reach)
        }
        switch table.resolved(response) {
        case .named(let id):
            if case .structure = table[id].kind { return Target(element: id, each: nil) }
        case .array(let element):
            if case .named(let id) = table.resolved(element), case .structure = table[id].kind { return Target(element: id, each: nil) }
        default:
            break
        }
        sink.error(domain.location, "'domain' maps an object, or each object of an array; this response is \(table.qualified(response))")
        return nil
    }

    // MARK: Paths

    enum PathToken {
        case key(String, offset: Int)
        case index(Int, offset: Int)
    }

    /// Column of a character inside a path string literal (for errors that point into the path).
    func location(in path: Located<String>, offset: Int) -> SourceLocation {
        SourceLocation(line: path.location.line, column: path.location.column + 1 + offset)
    }

    mutating func tokens(_ path: Located<String>) -> [PathToken]? {
        var result: [PathToken] = []
        let scalars = Array(path.value.unicodeScalars)
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
                    sink.error(location(in: path, offset: start), "empty key in path '\(path.value)'; write keys separated by '.', such as \"properties.mag\"")
                    return nil
                }
                result.append(.key(String(String.UnicodeScalarView(scalars[start..<i])), offset: start))
                expectKey = false
                continue
            }
            if scalars[i] == "." {
                i += 1
                expectKey = true
                continue
            }
            if scalars[i] == "[" {
                let start = i
                i += 1
                let digitsStart = i
                while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
                guard i > digitsStart, i < scalars.count, scalars[i] == "]", let index = Int(String(String.UnicodeScalarView(scalars[digitsStart..<i]))) else {
                    sink.error(location(in: path, offset: start), "invalid index in path '\(path.value)'; write an element as \"list[0]\"")
                    return nil
                }
                i += 1
                result.append(.index(index, offset: start))
                continue
            }
            sink.error(location(in: path, offset: i), "unexpected '\(scalars[i])' in path '\(path.value)'")
            return nil
        }
        return result
    }

    /// Resolves a path against a DTO. `tolerant`: a missing array element gives nil instead of an error (a default follows).
    mutating func path(_ path: Located<String>, from rootType: TypeRef, root: String, context: Context, tolerant: Bool) -> Value? {
        guard let tokens = tokens(path) else { return nil }
        var value = Value(expression: root, type: table.resolved(rootType).nonOptional, optional: rootType.isOptional, fails: false, lastOptional: rootType.isOptional)
        var walked = root == "dto" ? "the DTO" : "the response"
        for token in tokens {
            switch token {
            case .key(let key, let offset):
                switch table.resolved(value.type) {
                case .named(let id):
                    guard case .structure(let fields) = table[id].kind else {
                        sink.error(location(in: path, offset: offset), "'\(key)' cannot be read from \(walked): \(table[id].qualifiedName) is an enum")
                        return nil
                    }
                    guard let field = fields.first(where: { $0.jsonKey == key }) else {
                        let keys = fields.map(\.jsonKey)
                        let hint = Suggest.hint(for: key, in: keys)
                        sink.error(location(in: path, offset: offset), "no key '\(key)' in \(table[id].qualifiedName)\(hint.isEmpty ? "; its keys are \(keys.map { "'\($0)'" }.joined(separator: ", "))" : hint)")
                        return nil
                    }
                    value.expression += (value.lastOptional ? "?." : ".") + SwiftName.escaped(field.name)
                    let fieldType = table.resolved(field.type)
                    value.optional = value.optional || fieldType.isOptional
                    value.lastOptional = fieldType.isOptional
                    value.type = fieldType.nonOptional
                case .dictionary, .json:
                    // A lookup: `[String: T]` gives `T?`, `JSONValue` gives `JSONValue?`.
                    subscriptStep(&value, SwiftLiteral.string(key))
                default:
                    sink.error(location(in: path, offset: offset), "'\(key)' cannot be read from \(walked), which is \(table.qualified(value.type)), not an object")
                    return nil
                }
                walked = "'\(key)'"
            case .index(let index, let offset):
                switch table.resolved(value.type) {
                case .array(let element):
                    // No `try` here: paths never sit inside a closure, and the `try` before
                    // `self.init(` (or before `from(`) covers them.
                    if tolerant {
                        value.expression = "Mapping.elementIfPresent(\(value.expression), \(index))"
                        value.optional = true
                    } else if value.optional {
                        value.expression = "Mapping.optionalElement(\(value.expression), \(index), \(context.errorArguments))"
                        value.fails = true
                    } else {
                        value.expression = "Mapping.element(\(value.expression), \(index), \(context.errorArguments))"
                        value.fails = true
                    }
                    let elementType = table.resolved(element)
                    value.lastOptional = value.optional || elementType.isOptional
                    value.optional = value.lastOptional
                    value.type = elementType.nonOptional
                case .json:
                    subscriptStep(&value, String(index))
                default:
                    sink.error(location(in: path, offset: offset), "[\(index)] needs an array, but \(walked) is \(table.qualified(value.type))")
                    return nil
                }
                walked = "'\(walked)[\(index)]'"
            }
        }
        return value
    }

    /// `x[key]` or `x?[key]`: the result is optional; a dictionary's value type carries on, JSON stays JSON.
    func subscriptStep(_ value: inout Value, _ key: String) {
        value.expression += (value.lastOptional ? "?" : "") + "[\(key)]"
        value.optional = true
        value.lastOptional = true
        if case .dictionary(let valueType) = table.resolved(value.type) {
            value.type = table.resolved(valueType).nonOptional
        }
    }

    // MARK: Sources

    struct Resolved {
        var expression: String
        var fails: Bool
        var dependencies: [MappingKey]
    }

    mutating func source(_ source: FieldMappingSpec.Source, dto: TypeRef, context: Context) -> Resolved? {
        switch source {
        case .path(let path):
            guard let value = self.path(path, from: dto, root: "dto", context: context, tolerant: false) else { return nil }
            return Resolved(expression: value.expression, fails: value.fails, dependencies: [])
        case .constant(let node):
            return Resolved(expression: Literals.plain(node), fails: false, dependencies: [])
        case .swift(let code):
            let words = code.value.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            return Resolved(expression: code.value, fails: words.contains("try"), dependencies: [])
        case .converted(let from, let convert, let defaultNode):
            return converted(from: from, convert: convert, defaultNode: defaultNode, dto: dto, context: context)
        }
    }

    enum Conversion {
        case none
        /// A runtime `Mapping` function; `failable` when it returns an optional.
        case function(name: String, argumentLabel: String?, result: TypeRef, failable: Bool, dateFormat: DateFormatSpec?)
        case rawValue(String)
        case model(String)
    }

    mutating func parseConversion(_ convert: Located<String>, for type: TypeRef) -> Conversion? {
        let text = convert.value
        let base = table.resolved(type)
        func scalar(_ s: TypeRef.Scalar) -> Bool { base == .scalar(s) }
        let isNumber: Bool = { if case .scalar(let s) = base { return s.isNumeric }; return false }()
        let isEnum: Bool = { if case .named(let id) = base, case .enumeration = table[id].kind { return true }; return false }()
        func unsupported() -> Conversion? {
            sink.error(convert.location, "cannot convert \(table.qualified(type)) with '\(text)'")
            return nil
        }
        switch text {
        case "secondsSince1970", "millisecondsSince1970":
            guard isNumber || scalar(.string) else { return unsupported() }
            return .function(name: "date", argumentLabel: text, result: .scalar(.date), failable: scalar(.string), dateFormat: text == "secondsSince1970" ? .secondsSince1970 : .millisecondsSince1970)
        case "iso8601":
            guard scalar(.string) || scalar(.date) else { return unsupported() }
            return .function(name: "date", argumentLabel: "iso8601", result: .scalar(.date), failable: scalar(.string), dateFormat: .iso8601)
        case "url":
            guard scalar(.string) || scalar(.url) else { return unsupported() }
            return .function(name: "url", argumentLabel: nil, result: .scalar(.url), failable: scalar(.string), dateFormat: nil)
        case "uuid":
            guard scalar(.string) || scalar(.uuid) else { return unsupported() }
            return .function(name: "uuid", argumentLabel: nil, result: .scalar(.uuid), failable: scalar(.string), dateFormat: nil)
        case "int":
            guard isNumber || scalar(.string) || scalar(.bool) else { return unsupported() }
            if scalar(.int) { return Conversion.none }
            return .function(name: "int", argumentLabel: nil, result: .scalar(.int), failable: !scalar(.bool), dateFormat: nil)
        case "double":
            guard isNumber || scalar(.string) else { return unsupported() }
            return .function(name: "double", argumentLabel: nil, result: .scalar(.double), failable: scalar(.string), dateFormat: nil)
        case "string":
            guard case .scalar = base else {
                if isEnum { return .function(name: "string", argumentLabel: nil, result: .scalar(.string), failable: false, dateFormat: nil) }
                return unsupported()
            }
            guard !scalar(.date) else {
                sink.error(convert.location, "a Date cannot be converted to a string here; keep it a Date, or declare the field as \"String\"")
                return nil
            }
            return .function(name: "string", argumentLabel: nil, result: .scalar(.string), failable: false, dateFormat: nil)
        default:
            break
        }
        for prefix in ["rawValue:", "model:"] where text.hasPrefix(prefix) {
            let name = String(text.dropFirst(prefix.count))
            guard isQualifiedIdentifier(name) else {
                sink.error(convert.location, "'\(prefix)' needs a type name, such as '\(prefix)Status'")
                return nil
            }
            if prefix == "rawValue:" {
                guard scalar(.string) || scalar(.int) || scalar(.int64) || isEnum else { return unsupported() }
                return .rawValue(name)
            }
            return .model(name)
        }
        let hint = Suggest.hint(for: text, in: Self.conversions.map { $0.hasSuffix(":") ? $0 + "Type" : $0 })
        sink.error(convert.location, "unknown conversion '\(text)'\(hint.isEmpty ? "; expected secondsSince1970, millisecondsSince1970, iso8601, url, uuid, int, double, string, rawValue:Type or model:Type" : hint)")
        return nil
    }

    mutating func converted(from: Located<String>, convert: Located<String>?, defaultNode: JSONNode?, dto: TypeRef, context: Context) -> Resolved? {
        guard let value = path(from, from: dto, root: "dto", context: context, tolerant: defaultNode != nil) else { return nil }
        // Conversions apply to a value, or to each element of an array.
        var elementType = value.type
        var isArray = false
        if case .array(let element) = table.resolved(value.type), convert != nil {
            let resolvedElement = table.resolved(element)
            if resolvedElement.isOptional {
                sink.error(convert?.location ?? from.location, "conversions do not apply to arrays with optional elements")
                return nil
            }
            elementType = resolvedElement
            isArray = true
        }
        var conversion = Conversion.none
        if let convert {
            guard let c = parseConversion(convert, for: elementType) else { return nil }
            conversion = c
        }
        var dependencies: [MappingKey] = []
        var fails = value.fails
        // f: the conversion of one value `x`; `failable`: f gives an optional.
        let f: (String) -> String
        var failable = false
        var resultType: TypeRef = elementType
        var dateFormat: DateFormatSpec?
        switch conversion {
        case .none:
            f = { $0 }
        case .function(let name, let label, let result, let canFail, let format):
            f = { "Mapping.\(name)(\(label.map { "\($0): " } ?? "")\($0))" }
            failable = canFail
            resultType = result
            dateFormat = format
        case .rawValue(let type):
            let isEnum: Bool = { if case .named(let id) = table.resolved(elementType), case .enumeration = table[id].kind { return true }; return false }()
            f = { "\(type)(rawValue: \($0)\(isEnum ? ".rawValue" : ""))" }
            failable = true
            resultType = .json  // unknown to dtogen: the user's type
        case .model(let model):
            guard case .named(let id) = table.resolved(elementType), case .structure = table[id].kind else {
                sink.error(convert?.location ?? from.location, "'model:\(model)' maps an object; '\(from.value)' is \(table.qualified(value.type))")
                return nil
            }
            let key = MappingKey(model: model, dtoType: table[id].qualifiedName)
            guard let throwing = mappingThrows[key] else {
                let models = Set(mappingThrows.keys.filter { $0.dtoType == key.dtoType }.map(\.model)).sorted()
                let hint = Suggest.hint(for: model, in: models)
                sink.error(convert?.location ?? from.location, "no domain mapping builds '\(model)' from \(key.dtoType)\(hint.isEmpty ? "; add a 'domain' for it (a 'domain' may be an array of mappings, with 'each' pointing at this object)" : hint)")
                return nil
            }
            dependencies.append(key)
            f = { "\(throwing ? "try " : "")\(model)(from: \($0))" }
            fails = fails || throwing
            resultType = .json
        }

        let reason = "conversion '\(convert?.value ?? "")' failed"
        let requireArguments = "\(context.errorArguments), reason: \(SwiftLiteral.string(reason))"
        var expression: String
        var optional = value.optional
        if isArray {
            let element = failable ? "try Mapping.require(\(f("$0")), \(requireArguments))" : f("$0")
            fails = fails || failable
            let mapElements = { (array: String) in "\(array).map { \(element) }" }
            expression = value.optional ? "\(value.operand).map { values in \(failable ? "try " : "")\(mapElements("values")) }" : mapElements(value.expression)
        } else if value.optional {
            if case .none = conversion {
                expression = value.expression
            } else {
                expression = "\(value.operand).\(failable ? "flatMap" : "map") { \(f("$0")) }"
            }
        } else if failable && defaultNode == nil {
            expression = "try Mapping.require(\(f(value.expression)), \(requireArguments))"
            fails = true
        } else {
            expression = f(value.expression)
            optional = failable
        }

        if let defaultNode {
            guard optional else {
                sink.warning(defaultNode.location, "'default' is never used: '\(from.value)' always has a value")
                return Resolved(expression: expression, fails: fails, dependencies: dependencies)
            }
            var literalType = resultType
            if isArray { literalType = .array(resultType) }
            if case .rawValue(let type) = conversion {
                let isRawValue: Bool = { if case .string = defaultNode.value { return true }; if case .number = defaultNode.value { return true }; return false }()
                guard isRawValue else {
                    sink.error(defaultNode.location, "a 'default' for 'rawValue:\(type)' must be a raw value (a string or an integer)")
                    return nil
                }
                let raw = Literals.plain(defaultNode)
                expression = "try Mapping.require(\(expression) ?? \(type)(rawValue: \(raw)), \(context.errorArguments), reason: \(SwiftLiteral.string("the default '\(defaultNode.stringValue ?? Literals.plain(defaultNode))' is not a valid \(type) either")))"
                return Resolved(expression: expression, fails: true, dependencies: dependencies)
            }
            if case .model = conversion, !isArray {
                sink.error(defaultNode.location, "a 'default' is not supported with 'model:' on a single object; make the domain field optional")
                return nil
            }
            switch Literals.literal(defaultNode, as: literalType, in: table, dateFormat: dateFormat ?? .iso8601) {
            case .success(let literal):
                expression += " ?? \(literal)"
            case .failure(.mismatch(let expected)):
                sink.error(defaultNode.location, "'default' must be \(expected) to match \(table.qualified(literalType)), found \(defaultNode.kindDescription)")
                return nil
            case .failure(.message(let message)):
                sink.error(defaultNode.location, message)
                return nil
            }
        }
        return Resolved(expression: expression, fails: fails, dependencies: dependencies)
    }

    func isQualifiedIdentifier(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftName.isIdentifier(String($0)) && !SwiftName.keywords.contains(String($0)) }
    }

    // MARK: Whole mappings

    mutating func mapping(domain: DomainSpec, response: TypeRef?) -> MappingIR? {
        let model = domain.model
        guard isQualifiedIdentifier(model.value) else {
            sink.error(model.location, "'model' must be the name of your domain type, such as \"Quake\", found '\(model.value)'")
            return nil
        }
        var isClass = false
        if let kind = domain.kind {
            switch kind.value {
            case "struct": isClass = false
            case "class": isClass = true
            default:
                sink.error(kind.location, "unknown domain kind '\(kind.value)'; expected 'struct' or 'class'\(Suggest.hint(for: kind.value, in: ["struct", "class"]))")
            }
        }
        guard let target = target(domain: domain, response: response) else { return nil }
        let dtoType = table[target.element].qualifiedName
        guard let fieldSpecs = domain.fields else {
            let key = MappingKey(model: model.value, dtoType: dtoType)
            guard let each = target.each, let throwing = mappingThrows[key] else {
                sink.error(domain.location, "'domain' needs 'fields': the arguments of \(model.value)'s init and where each comes from\(target.each == nil ? "" : " (or another endpoint's domain that maps \(model.value) from \(dtoType), so this one can reuse it)")")
                return nil
            }
            return MappingIR(
                model: model.value, isClass: isClass, declaresInit: false, dtoType: dtoType, arguments: [], throwsOwn: throwing,
                dependsOn: [], responseType: response.map { table.qualified($0) }, responseElements: each.expression,
                responseThrows: each.fails, eachPath: domain.each?.value, location: model.location
            )
        }
        var arguments: [MappingIR.Argument] = []
        var fails = false
        var dependencies: [(model: String, dtoType: String)] = []
        var labels: [String: SourceLocation] = [:]
        for field in fieldSpecs {
            if let first = labels[field.label] {
                sink.error(field.labelLocation, "'\(field.label)' is already mapped (at \(first))")
                continue
            }
            labels[field.label] = field.labelLocation
            let label: String?
            if field.label == "_" {
                label = nil
            } else if SwiftName.isIdentifier(field.label) {
                label = ["inout", "var", "let"].contains(field.label) ? "`\(field.label)`" : field.label
            } else {
                sink.error(field.labelLocation, "'\(field.label)' is not a valid argument label of \(model.value)'s init")
                continue
            }
            let sourceText: String
            switch field.source {
            case .path(let p): sourceText = p.value
            case .converted(let from, _, _): sourceText = from.value
            case .constant: sourceText = "value"
            case .swift: sourceText = "swift"
            }
            let context = Context(model: model.value, field: field.label, source: sourceText)
            guard let resolved = source(field.source, dto: .named(target.element), context: context) else { continue }
            fails = fails || resolved.fails
            dependencies += resolved.dependencies.map { ($0.model, $0.dtoType) }
            // One `try` before `self.init(` covers every argument; a second one would draw a warning.
            var expression = resolved.expression
            if expression.hasPrefix("try ") { expression.removeFirst(4) }
            arguments.append(MappingIR.Argument(label: label, expression: expression))
        }
        return MappingIR(
            model: model.value, isClass: isClass, declaresInit: true, dtoType: dtoType, arguments: arguments, throwsOwn: fails,
            dependsOn: dependencies, responseType: target.each == nil ? nil : response.map { table.qualified($0) },
            responseElements: target.each?.expression, responseThrows: target.each?.fails ?? false,
            eachPath: domain.each?.value, location: model.location
        )
    }
}
