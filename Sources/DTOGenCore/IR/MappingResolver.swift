/// Turns one endpoint's `domain` into mapping expressions over the DTO, checking every path
/// against the DTO's shape and every conversion against the type it converts.
struct MappingResolver {
    var sink: DiagnosticSink
    let table: TypeTable
    /// The (model, DTO type) pairs some mapping of the run builds, which `model:` may call
    /// and `each` may reuse. Whether each throws is Link's to settle (`MappingIR.linked`).
    let declared: Set<MappingKey>
    /// `options.namespace`, which a top-level mapping's `dto` leaves out.
    var namespace: String?
    /// Which types are deprecated, for the deprecations a mapping reads.
    lazy var deprecatedTypes = DeprecatedTypes(table)
    /// The first deprecated field (or one that spells a deprecated type) the mapping being
    /// resolved reads: its init is deprecated with it, so generated code warns of nothing.
    var deprecatedRead: Deprecation?
    /// What `each` read, apart: it deprecates only `from(_ response:)`.
    var targetRead: Deprecation?

    /// A value being built from a path: its expression, the (non-optional) type it has,
    /// and whether it may be nil.
    struct Value {
        var expression: MappingExpression
        var type: TypeRef
        /// The whole expression may be nil (an optional chain is under way).
        var optional: Bool
        /// The last step itself gave an optional: the next member access needs `?`.
        var lastOptional = false
    }

    /// The conversions that read a `JSONValue`: what each gives.
    static let jsonConversions:
        [String: (conversion: MappingExpression.Conversion, result: TypeRef, format: DateFormatSpec?)] = [
            "secondsSince1970": (.dateSecondsSince1970, .scalar(.date), .secondsSince1970),
            "millisecondsSince1970": (.dateMillisecondsSince1970, .scalar(.date), .millisecondsSince1970),
            "iso8601": (.dateISO8601, .scalar(.date), .iso8601),
            "url": (.url, .scalar(.url), nil), "uuid": (.uuid, .scalar(.uuid), nil),
            "int": (.int, .scalar(.int), nil), "double": (.double, .scalar(.double), nil),
            "string": (.string, .scalar(.string), nil),
        ]

    static let conversions = [
        "secondsSince1970", "millisecondsSince1970", "iso8601", "url", "uuid", "int", "double", "string", "rawValue:",
        "model:",
    ]

    // MARK: Element type

    /// What a domain maps: the element DTO, and for `each` the expression that reaches the elements.
    struct Target {
        var element: DeclID
        var each: Value?
    }

    mutating func target(domain: DomainSpec, response: TypeRef?) -> Target? {
        if let dto = domain.dto {
            // A top-level mapping names its DTO type as the spec does (`Charge.Card`, without the namespace).
            let table = self.table
            let namespace = self.namespace
            let structs = table.decls.indices.filter {
                if case .structure = table.decls[$0].kind { true } else { false }
            }
            let written = { (index: Int) -> String in
                let name = table.decls[index].qualifiedName
                guard let namespace, name.hasPrefix(namespace + ".") else { return name }
                return String(name.dropFirst(namespace.count + 1))
            }
            if let index = structs.first(where: { written($0) == dto.value }) {
                return Target(element: DeclID(index: index), each: nil)
            }
            let hint = Suggest.hint(for: dto.value, in: structs.map(written))
            sink.error(
                "DTG3042", dto.location,
                "no object type '\(dto.value)' to map from\(hint.isEmpty ? "; name a type from 'types' or one nested in it, such as \"Charge.Card\"" : hint)"
            )
            return nil
        }
        guard let response else {
            sink.error("DTG3043", domain.location, "'domain' needs the endpoint to have a 'response' to map from")
            return nil
        }
        if let each = domain.each {
            let context = MappingSource(model: domain.model.value, field: "each", source: each.value)
            guard let value = path(each, from: response, root: .response, context: context, tolerant: false) else {
                return nil
            }
            guard case .array(let element) = table.resolved(value.type), let id = table.structure(element) else {
                sink.error(
                    "DTG3044", each.location,
                    "'each' must lead to an array of objects; '\(each.value)' is \(table.describe(value.type))")
                return nil
            }
            var reach = value
            if value.optional { reach.expression = .coalesce(value.expression, .literal(.array([]))) }
            return Target(element: id, each: reach)
        }
        if let id = table.structure(response) { return Target(element: id, each: nil) }
        if case .array(let element) = table.resolved(response), let id = table.structure(element) {
            return Target(element: id, each: nil)
        }
        sink.error(
            "DTG3045", domain.location,
            "'domain' maps an object, or each object of an array; this response is \(table.describe(response))")
        return nil
    }

    // MARK: Paths

    /// Column of a character inside a path string literal (for errors that point into the path).
    func location(in path: Located<String>, offset: Int) -> SourceLocation {
        ValuePath.location(of: offset, in: path)
    }

    /// The path's steps; mappings index arrays from the start only.
    mutating func tokens(_ path: Located<String>) -> [ValuePath.Step]? {
        switch ValuePath.parse(path.value) {
        case .failure(let error):
            sink.error("DTG3046", location(in: path, offset: error.offset), error.message)
            return nil
        case .success(let parsed):
            if let negative = parsed.steps.first(where: { if case .index(let i, _) = $0 { i < 0 } else { false } }) {
                sink.error(
                    "DTG3047", location(in: path, offset: negative.offset),
                    "invalid index in path '\(path.value)'; write an element as \"list[0]\"")
                return nil
            }
            return parsed.steps
        }
    }

    /// Resolves a path against a DTO. `tolerant`: a missing array element gives nil instead of an error (a default follows).
    mutating func path(
        _ path: Located<String>, from rootType: TypeRef, root: MappingExpression, context: MappingSource, tolerant: Bool
    ) -> Value? {
        guard let tokens = tokens(path) else { return nil }
        var value = Value(
            expression: root, type: table.resolved(rootType).nonOptional, optional: rootType.isOptional,
            lastOptional: rootType.isOptional)
        var walked = root == .dto ? "the DTO" : "the response"
        for token in tokens {
            switch token {
            case .key(let key, let offset):
                switch table.resolved(value.type) {
                case .named(let id):
                    if case .oneOf(let info) = table[id].kind {
                        // A one-of's accessor (`customer.customer`, or by tag): optional.
                        guard let variant = info.variants.first(where: { $0.name == key || $0.tag == key }) else {
                            let names = info.variants.map(\.name)
                            let hint = Suggest.hint(for: key, in: names)
                            sink.error(
                                "DTG3048", location(in: path, offset: offset),
                                "no variant '\(key)' in \(table[id].qualifiedName)\(hint.isEmpty ? "; its variants are \(names.map { "'\($0)'" }.joined(separator: ", "))" : hint)"
                            )
                            return nil
                        }
                        value.expression = .member(
                            value.expression, name: variant.name, optionalChain: value.lastOptional)
                        value.optional = true
                        value.lastOptional = true
                        value.type = table.resolved(variant.type).nonOptional
                        walked = "'\(key)'"
                        continue
                    }
                    guard case .structure = table[id].kind else {
                        let what: String
                        if case .appType = table[id].kind {
                            what = "your own type (externalTypes); map it whole, or with 'swift'"
                        } else {
                            what = "an enum"
                        }
                        sink.error(
                            "DTG3049", location(in: path, offset: offset),
                            "'\(key)' cannot be read from \(walked): \(table[id].qualifiedName) is \(what)")
                        return nil
                    }
                    guard fieldStep(&value, key: key, path: path, offset: offset) else { return nil }
                case .generic:
                    // A generic struct's field, with its type arguments put in.
                    guard fieldStep(&value, key: key, path: path, offset: offset) else { return nil }
                case .dictionary, .json:
                    // A lookup: `[String: T]` gives `T?`, `JSONValue` gives `JSONValue?`.
                    subscriptStep(&value, key: key)
                default:
                    sink.error(
                        "DTG3050", location(in: path, offset: offset),
                        "'\(key)' cannot be read from \(walked), which is \(table.describe(value.type)), not an object")
                    return nil
                }
                walked = "'\(key)'"
            case .index(let index, let offset):
                switch table.resolved(value.type) {
                case .array(let element):
                    let access: MappingExpression.ElementAccess =
                        tolerant ? .ifPresent : value.optional ? .checkedOptional : .checked
                    value.expression = .element(value.expression, index: index, access: access, source: context)
                    if tolerant { value.optional = true }
                    let elementType = table.resolved(element)
                    value.lastOptional = value.optional || elementType.isOptional
                    value.optional = value.lastOptional
                    value.type = elementType.nonOptional
                case .json:
                    subscriptStep(&value, index: index)
                default:
                    sink.error(
                        "DTG3051", location(in: path, offset: offset),
                        "[\(index)] needs an array, but \(walked) is \(table.describe(value.type))")
                    return nil
                }
                walked = "'\(walked)[\(index)]'"
            }
        }
        return value
    }

    /// `x.field` (or `x?.field`) on a struct, generic or not: the field named by its JSON key.
    mutating func fieldStep(_ value: inout Value, key: String, path: Located<String>, offset: Int) -> Bool {
        guard let (id, fields) = table.fields(of: value.type) else {
            sink.error(
                "DTG3052", location(in: path, offset: offset),
                "'\(key)' cannot be read from \(table.describe(value.type)), which is not an object")
            return false
        }
        guard let field = fields.first(where: { $0.jsonKey == key }) else {
            if !table[id].failedKeys.contains(key) {
                sink.error(
                    "DTG3053", location(in: path, offset: offset),
                    table.missingKey(key, in: id, keys: fields.map(\.jsonKey)))
            }
            return false
        }
        value.expression = .member(value.expression, name: field.name, optionalChain: value.lastOptional)
        if deprecatedRead == nil { deprecatedRead = deprecatedTypes.read(field, of: id, table: table) }
        if field.coding.strategy.isNullable {
            // `Nullable<T>?`: absent and `null` both read as nil.
            value.expression = .member(value.expression, name: "value", optionalChain: true)
        }
        let fieldType = table.resolved(field.type)
        value.optional = value.optional || fieldType.isOptional
        value.lastOptional = fieldType.isOptional
        value.type = fieldType.nonOptional
        return true
    }

    /// `x[key]` or `x?[key]` (`x[0]` on JSON): the result is optional; a dictionary's value
    /// type carries on, JSON stays JSON.
    func subscriptStep(_ value: inout Value, key: String? = nil, index: Int? = nil) {
        if let index {
            value.expression = .jsonIndex(value.expression, index: index, optionalChain: value.lastOptional)
        } else {
            value.expression = .lookup(value.expression, key: key ?? "", optionalChain: value.lastOptional)
        }
        value.optional = true
        value.lastOptional = true
        if case .dictionary(let valueType) = table.resolved(value.type) {
            value.type = table.resolved(valueType).nonOptional
        }
    }

    // MARK: Sources

    struct Resolved {
        var expression: MappingExpression
        var dependencies: [MappingKey]
    }

    mutating func source(_ source: FieldMappingSpec.Source, dto: TypeRef, context: MappingSource) -> Resolved? {
        switch source {
        case .path(let path):
            guard let value = self.path(path, from: dto, root: .dto, context: context, tolerant: false) else {
                return nil
            }
            return Resolved(expression: value.expression, dependencies: [])
        case .constant(let node):
            return Resolved(expression: .literal(Literals.plain(node)), dependencies: [])
        case .swift(let code):
            return Resolved(expression: .swift(code.value), dependencies: [])
        case .converted(let from, let convert, let defaultNode):
            return converted(from: from, convert: convert, defaultNode: defaultNode, dto: dto, context: context)
        }
    }

    enum Conversion {
        case none
        /// A runtime conversion; `failable` when it returns an optional.
        case function(MappingExpression.Conversion, result: TypeRef, failable: Bool, dateFormat: DateFormatSpec?)
        case rawValue(String)
        case model(String)
    }

    mutating func parseConversion(_ convert: Located<String>, for type: TypeRef) -> Conversion? {
        let text = convert.value
        let base = table.resolved(type)
        func scalar(_ s: TypeRef.Scalar) -> Bool { base == .scalar(s) }
        let isNumber: Bool = {
            if case .scalar(let s) = base { return s.isNumeric }; return false
        }()
        let isEnum = table.isEnum(base)
        // A `JSON` value (or a lookup into one) converts with every function, and may fail.
        if base == .json, let function = Self.jsonConversions[text] {
            return .function(function.conversion, result: function.result, failable: true, dateFormat: function.format)
        }
        func unsupported() -> Conversion? {
            sink.error("DTG3054", convert.location, "cannot convert \(table.describe(type)) with '\(text)'")
            return nil
        }
        switch text {
        case "secondsSince1970", "millisecondsSince1970":
            guard isNumber || scalar(.string) else { return unsupported() }
            let seconds = text == "secondsSince1970"
            return .function(
                seconds ? .dateSecondsSince1970 : .dateMillisecondsSince1970, result: .scalar(.date),
                failable: scalar(.string), dateFormat: seconds ? .secondsSince1970 : .millisecondsSince1970)
        case "iso8601":
            guard scalar(.string) || scalar(.date) else { return unsupported() }
            return .function(.dateISO8601, result: .scalar(.date), failable: scalar(.string), dateFormat: .iso8601)
        case "url":
            guard scalar(.string) || scalar(.url) else { return unsupported() }
            return .function(.url, result: .scalar(.url), failable: scalar(.string), dateFormat: nil)
        case "uuid":
            guard scalar(.string) || scalar(.uuid) else { return unsupported() }
            return .function(.uuid, result: .scalar(.uuid), failable: scalar(.string), dateFormat: nil)
        case "int":
            guard isNumber || scalar(.string) || scalar(.bool) else { return unsupported() }
            if scalar(.int) { return Conversion.none }
            return .function(.int, result: .scalar(.int), failable: !scalar(.bool), dateFormat: nil)
        case "double":
            guard isNumber || scalar(.string) else { return unsupported() }
            return .function(.double, result: .scalar(.double), failable: scalar(.string), dateFormat: nil)
        case "string":
            guard case .scalar = base else {
                if isEnum { return .function(.string, result: .scalar(.string), failable: false, dateFormat: nil) }
                return unsupported()
            }
            guard !scalar(.date) else {
                sink.error(
                    "DTG3055", convert.location,
                    "a Date cannot be converted to a string here; keep it a Date, or declare the field as \"String\"")
                return nil
            }
            return .function(.string, result: .scalar(.string), failable: false, dateFormat: nil)
        default:
            break
        }
        for prefix in ["rawValue:", "model:"] where text.hasPrefix(prefix) {
            let name = String(text.dropFirst(prefix.count))
            guard isQualifiedIdentifier(name) else {
                sink.error("DTG3056", convert.location, "'\(prefix)' needs a type name, such as '\(prefix)Status'")
                return nil
            }
            if prefix == "rawValue:" {
                guard scalar(.string) || scalar(.int) || scalar(.int64) || isEnum else { return unsupported() }
                return .rawValue(name)
            }
            return .model(name)
        }
        let hint = Suggest.hint(for: text, in: Self.conversions.map { $0.hasSuffix(":") ? $0 + "Type" : $0 })
        sink.error(
            "DTG3057", convert.location,
            "unknown conversion '\(text)'\(hint.isEmpty ? "; expected secondsSince1970, millisecondsSince1970, iso8601, url, uuid, int, double, string, rawValue:Type or model:Type" : hint)"
        )
        return nil
    }

    mutating func converted(
        from: Located<String>, convert: Located<String>?, defaultNode: JSONNode?, dto: TypeRef, context: MappingSource
    ) -> Resolved? {
        guard let value = path(from, from: dto, root: .dto, context: context, tolerant: defaultNode != nil) else {
            return nil
        }
        // Conversions apply to a value, or to each element of an array.
        var elementType = value.type
        var isArray = false
        if case .array(let element) = table.resolved(value.type), convert != nil {
            let resolvedElement = table.resolved(element)
            if resolvedElement.isOptional {
                sink.error(
                    "DTG3058", convert?.location ?? from.location,
                    "conversions do not apply to arrays with optional elements")
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
        // f: the conversion of one value; `failable`: f gives an optional.
        let f: (MappingExpression) -> MappingExpression
        var failable = false
        var resultType: TypeRef = elementType
        var dateFormat: DateFormatSpec?
        switch conversion {
        case .none:
            f = { $0 }
        case .function(let function, let result, let canFail, let format):
            f = { .convert(function, $0) }
            failable = canFail
            resultType = result
            dateFormat = format
        case .rawValue(let type):
            let fromEnum = table.isEnum(elementType)
            f = { .rawValue(type: type, $0, fromEnum: fromEnum) }
            failable = true
            resultType = .json  // unknown to dtogen: the user's type
        case .model(let model):
            guard let id = table.structure(elementType) else {
                sink.error(
                    "DTG3059", convert?.location ?? from.location,
                    "'model:\(model)' maps an object; '\(from.value)' is \(table.describe(value.type))")
                return nil
            }
            let key = MappingKey(model: model, dtoType: table[id].qualifiedName)
            guard declared.contains(key) else {
                let models = Set(declared.filter { $0.dtoType == key.dtoType }.map(\.model)).sorted()
                let hint = Suggest.hint(for: model, in: models)
                sink.error(
                    "DTG3060", convert?.location ?? from.location,
                    "no domain mapping builds '\(model)' from \(key.dtoType)\(hint.isEmpty ? "; add a 'domain' for it (a 'domain' may be an array of mappings, with 'each' pointing at this object)" : hint)"
                )
                return nil
            }
            dependencies.append(key)
            f = { .model(key, $0, throwing: false) }
            resultType = .json
        }

        let reason = "conversion '\(convert?.value ?? "")' failed"
        var expression: MappingExpression
        var optional = value.optional
        if isArray {
            let element =
                failable
                ? MappingExpression.require(f(.closureArgument), source: context, reason: reason) : f(.closureArgument)
            if value.optional {
                expression = .map(
                    value.expression, flat: false, parameter: "values",
                    transform: .map(.variable("values"), flat: false, parameter: nil, transform: element))
            } else {
                expression = .map(value.expression, flat: false, parameter: nil, transform: element)
            }
        } else if value.optional {
            if case .none = conversion {
                expression = value.expression
            } else {
                expression = .map(value.expression, flat: failable, parameter: nil, transform: f(.closureArgument))
            }
        } else if failable && defaultNode == nil {
            expression = .require(f(value.expression), source: context, reason: reason)
        } else {
            expression = f(value.expression)
            optional = failable
        }

        if let defaultNode {
            guard optional else {
                sink.warning(
                    "DTG3061", defaultNode.location, "'default' is never used: '\(from.value)' always has a value")
                return Resolved(expression: expression, dependencies: dependencies)
            }
            // `null`: the domain field is optional; a missing value or a failed conversion is nil.
            if case .null = defaultNode.value {
                return Resolved(expression: expression, dependencies: dependencies)
            }
            var literalType = resultType
            if isArray { literalType = .array(resultType) }
            if case .rawValue(let type) = conversion {
                let isRawValue: Bool = {
                    if case .string = defaultNode.value { return true };
                    if case .number = defaultNode.value { return true }; return false
                }()
                guard isRawValue else {
                    sink.error(
                        "DTG3062", defaultNode.location,
                        "a 'default' for 'rawValue:\(type)' must be a raw value (a string or an integer)")
                    return nil
                }
                let raw = Literals.plain(defaultNode)
                let written: String = {
                    if case .number(let n) = defaultNode.value { return n }; return defaultNode.stringValue ?? ""
                }()
                expression = .require(
                    .coalesce(expression, .rawValue(type: type, .literal(raw), fromEnum: false)),
                    source: context, reason: "the default '\(written)' is not a valid \(type) either"
                )
                return Resolved(expression: expression, dependencies: dependencies)
            }
            if case .model = conversion, !isArray {
                sink.error(
                    "DTG3063", defaultNode.location,
                    "a 'default' is not supported with 'model:' on a single object; make the domain field optional")
                return nil
            }
            guard
                let literal = Literals.value(
                    defaultNode, as: literalType, in: table, dateFormat: dateFormat ?? .iso8601, what: "'default'",
                    into: &sink)
            else { return nil }
            expression = .coalesce(expression, .literal(literal))
        }
        return Resolved(expression: expression, dependencies: dependencies)
    }

    func isQualifiedIdentifier(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { SwiftName.isIdentifier(String($0)) && !SwiftName.keywords.contains(String($0)) }
    }

    // MARK: Whole mappings

    mutating func mapping(domain: DomainSpec, response: TypeRef?) -> MappingIR? {
        deprecatedRead = nil
        targetRead = nil
        guard var mapping = undeprecatedMapping(domain: domain, response: response) else { return nil }
        let deprecated = deprecatedTypes
        mapping.deprecation = deprecated.mentioned(in: .named(mapping.dtoType), table: table) ?? deprecatedRead
        mapping.responseDeprecation =
            mapping.response.flatMap { deprecated.mentioned(in: $0, table: table) } ?? targetRead
        return mapping
    }

    private mutating func undeprecatedMapping(domain: DomainSpec, response: TypeRef?) -> MappingIR? {
        let model = domain.model
        guard isQualifiedIdentifier(model.value) else {
            sink.error(
                "DTG3064", model.location,
                "'model' must be the name of your domain type, such as \"Quake\", found '\(model.value)'")
            return nil
        }
        let isClass = domain.kind?.value == .class
        guard let target = target(domain: domain, response: response) else { return nil }
        targetRead = deprecatedRead
        deprecatedRead = nil
        let dtoTypeName = table[target.element].qualifiedName
        let key = MappingKey(model: model.value, dtoType: dtoTypeName)
        guard let fieldSpecs = domain.fields else {
            if let update = domain.update, update.value {
                sink.error(
                    "DTG3065", update.location,
                    "'update' needs 'fields' (it assigns each of them); this mapping reuses another domain's init")
            }
            // Without fields, the mapping another domain or a `mappings` entry declares for
            // the same model and DTO type is reused: only `from(_ response:)` is added.
            guard declared.contains(key) else {
                sink.error(
                    "DTG3066", domain.location,
                    "'domain' needs 'fields': the arguments of \(model.value)'s init and where each comes from; no other mapping of \(model.value) from \(dtoTypeName) (an endpoint's domain or a 'mappings' entry) is there to reuse"
                )
                return nil
            }
            return MappingIR(
                model: model.value, isClass: isClass, declaresInit: false, dtoType: target.element, arguments: [],
                initThrows: false,
                dependsOn: [], response: response, elements: target.each?.expression, eachPath: domain.each?.value,
                location: model.location, dtoTypeName: dtoTypeName
            )
        }
        var arguments: [MappingIR.Argument] = []
        var dependencies: [MappingKey] = []
        var labels: [String: SourceLocation] = [:]
        for field in fieldSpecs {
            if let first = labels[field.label] {
                sink.error("DTG3067", field.labelLocation, "'\(field.label)' is already mapped (at \(first))")
                continue
            }
            labels[field.label] = field.labelLocation
            guard field.label == "_" || SwiftName.isIdentifier(field.label) else {
                sink.error(
                    "DTG3068", field.labelLocation,
                    "'\(field.label)' is not a valid argument label of \(model.value)'s init")
                continue
            }
            let sourceText: String
            switch field.source {
            case .path(let p): sourceText = p.value
            case .converted(let from, _, _): sourceText = from.value
            case .constant: sourceText = "value"
            case .swift: sourceText = "swift"
            }
            let context = MappingSource(model: model.value, field: field.label, source: sourceText)
            guard let resolved = source(field.source, dto: .named(target.element), context: context) else { continue }
            dependencies += resolved.dependencies
            arguments.append(
                MappingIR.Argument(
                    label: field.label == "_" ? nil : field.label, value: resolved.expression,
                    location: field.labelLocation))
        }
        var mapping = MappingIR(
            model: model.value, isClass: isClass, declaresInit: true, dtoType: target.element, arguments: arguments,
            initThrows: false,
            dependsOn: dependencies, response: target.each == nil ? nil : response, elements: target.each?.expression,
            eachPath: domain.each?.value, location: model.location, dtoTypeName: dtoTypeName
        )
        mapping.initThrows = mapping.ownArgumentsThrow
        if let update = domain.update, update.value {
            // Each argument is assigned to the model's property of its label.
            if let unlabeled = fieldSpecs.first(where: { $0.label == "_" }) {
                sink.error(
                    "DTG3069", unlabeled.labelLocation,
                    "'update' assigns each field to the property of its name; an unlabeled argument ('_') has none")
            } else {
                mapping.declaresUpdate = true
            }
        }
        return mapping
    }
}
