/// Reads one spec file into `Spec`: JSON syntax, the keys each object may have and the
/// JSON type of every value. Meaning (type references, paths, names) is checked later.
public enum SpecReader {
    /// From common to rare: suggestions prefer the earlier of two equally close names.
    static let builtinScalars = [
        "String", "Int", "Double", "Bool", "Date", "URL", "Int64", "Float", "Decimal", "UUID", "JSON", "Data", "File",
    ]
    static let topLevelKeys = [
        "name", "baseURL", "options", "envelope", "error", "errors", "types", "endpoints", "mappings", "imports",
        "openapi",
        "operations", "repository", "kinds", "externalTypes",
    ]
    static let optionKeys = [
        "access", "dates", "kind", "naming", "namespace", "enums", "unusedTypes", "dtoFiles", "identifiable",
    ]
    static let endpointKeys = [
        "name", "method", "path", "kind", "params", "query", "headers", "cookies", "body", "bodyEncoding", "bodyStyles",
        "contentType", "response", "responses", "responseHeaders", "error", "errors", "timeout", "paginate", "envelope",
        "domain", "doc",
        "examples",
        "bodyFrom",
        "stream", "end", "events", "deprecated",
    ]
    static let envelopeKeys = ["data", "success", "message", "path"]
    static let domainKeys = ["model", "kind", "each", "fields", "update"]
    static let mappingKeys = ["dto", "model", "kind", "fields", "update"]

    /// Parses and reads one spec. Returns `nil` (with diagnostics) when the file cannot be read as a spec at all.
    public static func read(bytes: [UInt8], path: String) -> (Spec?, [Diagnostic]) {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes: bytes)
        } catch {
            return (nil, [Diagnostic(.error, "DTG1001", file: path, at: error.location, error.message)])
        }
        var reader = Reader(sink: DiagnosticSink(file: path))
        let spec = reader.readSpec(root, path: path)
        return (spec, reader.sink.diagnostics)
    }

    /// Reads a spec already parsed (a spec backed by an OpenAPI document, expanded).
    /// `otherFiles`: the files locations other than the spec's point into (`Spec.otherFiles`).
    static func read(root: JSONNode, path: String, otherFiles: [String] = []) -> (Spec?, [Diagnostic]) {
        var reader = Reader(sink: DiagnosticSink(file: path, otherFiles: otherFiles))
        var spec = reader.readSpec(root, path: path)
        spec?.otherFiles = otherFiles
        return (spec, reader.sink.diagnostics)
    }

    public static func read(_ text: String, path: String) -> (Spec?, [Diagnostic]) {
        read(bytes: Array(text.utf8), path: path)
    }

    /// The paths a spec imports, relative to the specs root (`billing/charges.json` importing
    /// `../common.json` → `common.json`), from its parsed tree. For the loader, which
    /// that must find imported specs before generating.
    static func importedPaths(root: JSONNode, path: String) -> [String] {
        guard let list = root["imports"]?.elements else { return [] }
        return list.compactMap { $0.stringValue.flatMap { SpecPaths.resolve($0, from: path) } }
    }
}

extension SpecReader {
    /// The files a spec names: sample payloads in `$examples` (on types) and `examples` (on
    /// endpoints), and the document of `openapi`; relative to the specs root, empty when
    /// it has none. For the loader, which reads them so the generator can use them
    /// without touching files.
    static func namedFiles(root: JSONNode, path: String) -> [String] {
        guard let members = root.members else { return [] }
        var written: [String] = []
        if let document = root["openapi"]?.stringValue { written.append(document) }
        for type in members.first(where: { $0.key == "types" })?.value.members ?? [] {
            written += type.value["$examples"]?.elements?.compactMap(\.stringValue) ?? []
        }
        for endpoint in members.first(where: { $0.key == "endpoints" })?.value.elements ?? [] {
            written += endpoint["examples"]?.elements?.compactMap(\.stringValue) ?? []
        }
        var seen: Set<String> = []
        return written.compactMap { SpecPaths.example($0, from: path) }.filter { seen.insert($0).inserted }
    }
}

/// Paths of specs relative to the specs root.
enum SpecPaths {
    /// `import` as written in the spec at `path`, relative to the root; nil when it leaves the root.
    static func resolve(_ import: String, from path: String) -> String? {
        example(`import`, from: path).flatMap { $0.hasPrefix("../") || $0 == ".." ? nil : $0 }
    }

    /// A sample payload path as written in the spec at `path`, relative to the root. Unlike
    /// imports, samples may live outside the specs folder (`../Fixtures/charge.json`): they
    /// are only read. Nil for an absolute or empty path.
    static func example(_ written: String, from path: String) -> String? {
        written.hasPrefix("/") ? nil : relative(written, from: path)
    }

    /// A path written in the file at `base`: relative to that file's folder (`..` steps up,
    /// above a relative root as `../`), or absolute. Nil for an empty path.
    static func relative(_ written: String, from base: String) -> String? {
        guard !written.isEmpty else { return nil }
        if written.hasPrefix("/") { return written }
        let absolute = base.hasPrefix("/")
        var parts = Array(base.split(separator: "/").map(String.init).dropLast())
        var above = 0
        for part in written.split(separator: "/").map(String.init) {
            switch part {
            case ".", "": continue
            case "..":
                if parts.isEmpty { above += absolute ? 0 : 1 } else { parts.removeLast() }
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { return nil }
        return (absolute ? "/" : "") + (Array(repeating: "..", count: above) + parts).joined(separator: "/")
    }
}

private struct Reader {
    var sink: DiagnosticSink

    // MARK: helpers

    mutating func object(_ node: JSONNode, _ what: String) -> [JSONNode.Member]? {
        guard let members = node.members else {
            sink.error("DTG1002", node.location, "\(what) must be an object, found \(node.kindDescription)")
            return nil
        }
        return members
    }

    mutating func string(_ node: JSONNode, _ what: String) -> Located<String>? {
        guard let s = node.stringValue else {
            sink.error("DTG1003", node.location, "\(what) must be a string, found \(node.kindDescription)")
            return nil
        }
        return Located(s, at: node.location)
    }

    /// `responses`: an object of success statuses (`"200"`, `"202"`) to their bodies' shapes,
    /// or null for a status without one.
    mutating func readResponses(_ node: JSONNode) -> [StatusResponseSpec] {
        guard let members = node.members, !members.isEmpty else {
            sink.error(
                "DTG1067", node.location,
                "'responses' must be an object of success statuses to their bodies, such as { \"200\": \"Job\", \"202\": \"JobTicket\", \"204\": null }, found \(node.members == nil ? node.kindDescription : "an empty object")"
            )
            return []
        }
        var entries: [StatusResponseSpec] = []
        for member in members {
            switch StatusResponseSpec.read(member.key) {
            case .success(let code):
                let shape = member.value.value == .null ? nil : readShape(member.value, context: .inner)
                entries.append(StatusResponseSpec(status: Located(code, at: member.keyLocation), shape: shape))
            case .failure(let error):
                sink.error("DTG1068", member.keyLocation, error.message)
            }
        }
        return entries.sorted { $0.status.value < $1.status.value }
    }

    /// `errors`: an object of statuses (`"404"`, `"4XX"`, `"default"`) to error type names.
    mutating func readErrors(_ node: JSONNode) -> [StatusErrorSpec] {
        guard let members = node.members else {
            sink.error(
                "DTG1065", node.location,
                "'errors' must be an object of statuses to error types, such as { \"404\": \"NotFound\", \"4XX\": \"ClientError\" }, found \(node.kindDescription)"
            )
            return []
        }
        var entries: [StatusErrorSpec] = []
        for member in members {
            let status: ErrorStatus
            switch ErrorStatus.read(member.key) {
            case .success(let read): status = read
            case .failure(let error):
                sink.error("DTG1066", member.keyLocation, error.message)
                continue
            }
            guard let type = string(member.value, "the error type of status '\(member.key)'") else { continue }
            entries.append(StatusErrorSpec(status: Located(status, at: member.keyLocation), type: type))
        }
        return entries.sorted { $0.status.value < $1.status.value }
    }

    /// `externalTypes`: an object of names to the Swift types the app declares.
    mutating func readExternalTypes(_ node: JSONNode) -> [ExternalTypeSpec] {
        guard let members = node.members else {
            sink.error(
                "DTG1063", node.location,
                "'externalTypes' must be an object of names to your Swift types, such as { \"Money\": \"Shop.Money\" }, found \(node.kindDescription)"
            )
            return []
        }
        return members.compactMap { member in
            let name = Located(member.key, at: member.keyLocation)
            guard let entry = member.value.members else {
                guard let swiftType = string(member.value, "'externalTypes.\(member.key)'") else { return nil }
                return ExternalTypeSpec(name: name, swiftType: swiftType)
            }
            // `{ "type": "Shop.Money", "schema": <shape> }`: the schema is for `verify`.
            var swiftType: Located<String>?
            var schema: ShapeSpec?
            for key in entry {
                switch key.key {
                case "type": swiftType = string(key.value, "'externalTypes.\(member.key).type'")
                case "schema": schema = readShape(key.value, context: .inner)
                default: unknownKey(key, in: "an external type", allowed: ["type", "schema"])
                }
            }
            guard let swiftType else {
                sink.error(
                    "DTG1064", member.value.location,
                    "'externalTypes.\(member.key)' needs 'type', the Swift type your app declares")
                return nil
            }
            return ExternalTypeSpec(name: name, swiftType: swiftType, schema: schema)
        }
    }

    /// `true` (deprecated), `false` (not: nil) or a message.
    mutating func deprecation(_ node: JSONNode, _ what: String) -> Located<Deprecation>? {
        switch node.value {
        case .bool(let flag): return flag ? Located(Deprecation(message: nil), at: node.location) : nil
        case .string(let message): return Located(Deprecation(message: message), at: node.location)
        default:
            sink.error(
                "DTG1061", node.location,
                "\(what) must be true, false or the message of the deprecation, found \(node.kindDescription)")
            return nil
        }
    }

    mutating func bool(_ node: JSONNode, _ what: String) -> Bool? {
        guard let b = node.boolValue else {
            sink.error("DTG1004", node.location, "\(what) must be true or false, found \(node.kindDescription)")
            return nil
        }
        return b
    }

    /// A closed-vocabulary value, read into its type; nil (with the keyword's message) when
    /// the value is not one of it.
    mutating func keyword<Value>(_ node: JSONNode, _ what: String, _ read: (String) -> Result<Value, KeywordError>)
        -> Located<Value>?
    {
        guard let written = string(node, what) else { return nil }
        switch read(written.value) {
        case .success(let value): return Located(value, at: node.location)
        case .failure(let error):
            sink.report(FormatRules.badKeyword(error), at: node.location)
            return nil
        }
    }

    /// `"tags": { "$style": "form", "$explode": false }`: a form body field's style.
    mutating func readBodyStyle(_ member: JSONNode.Member) -> BodyStyleSpec? {
        guard let members = object(member.value, "a 'bodyStyles' entry") else { return nil }
        var entry = BodyStyleSpec(key: member.key, keyLocation: member.keyLocation)
        for field in members {
            switch field.key {
            case Modifier.style.rawValue: entry.style = keyword(field.value, "'$style'", ParameterStyle.read)
            case Modifier.explode.rawValue:
                entry.explode = bool(field.value, "'$explode'").map { Located($0, at: field.keyLocation) }
            default: unknownKey(field, in: "a 'bodyStyles' entry", allowed: ["$style", "$explode"])
            }
        }
        return entry
    }

    mutating func unknownKey(_ member: JSONNode.Member, in what: String, allowed: [String]) {
        let hint = Suggest.hint(for: member.key, in: allowed)
        let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
        sink.error(
            "DTG1006", member.keyLocation,
            "unknown key '\(member.key)' in \(what)\(hint.isEmpty ? "; allowed keys are \(list)" : hint)")
    }

    // MARK: spec

    /// Said when a file is no spec at all: most often a payload or fixture kept beside specs.
    static let notASpec =
        "if it is a payload or fixture, keep it out of the specs folder, or name specs *.dtogen.json and pass --suffix .dtogen.json"

    mutating func readSpec(_ root: JSONNode, path: String) -> Spec? {
        guard let members = root.members else {
            sink.error(
                "DTG1007", root.location,
                "a spec must be a JSON object, found \(root.kindDescription); \(Self.notASpec)")
            return nil
        }
        // No key is a spec key, and some are not even close to one: one clear error instead
        // of one per key.
        let isSpecKey = { (key: String) in SpecReader.topLevelKeys.contains(key) }
        if !members.isEmpty, !members.contains(where: { isSpecKey($0.key) }),
            !members.allSatisfy({ Suggest.closest(to: $0.key, in: SpecReader.topLevelKeys) != nil })
        {
            sink.error(
                "DTG1008", root.location,
                "this file does not look like a dtogen spec (it has none of the keys 'types', 'endpoints', 'name', 'baseURL', 'options', 'envelope'); \(Self.notASpec)"
            )
            return nil
        }
        var spec = Spec(path: path, types: [], endpoints: [], location: root.location)
        var sawEndpoints = false
        for member in members {
            let value = member.value
            switch member.key {
            case "name": spec.name = string(value, "'name'")
            case "baseURL": spec.baseURL = string(value, "'baseURL'")
            case "options":
                guard let options = object(value, "'options'") else { continue }
                for option in options {
                    switch option.key {
                    case "access": spec.access = keyword(option.value, "'options.access'", AccessLevel.read)
                    case "dates": spec.dates = keyword(option.value, "'options.dates'", DateFormatSpec.read)
                    case "kind": spec.defaultKind = keyword(option.value, "'options.kind'", KindReference.read)
                    case "naming": spec.naming = keyword(option.value, "'options.naming'", NamingStyle.read)
                    case "namespace": spec.namespace = string(option.value, "'options.namespace'")
                    case "enums": spec.enums = keyword(option.value, "'options.enums'", EnumStyle.read)
                    case "identifiable":
                        spec.identifiable = bool(option.value, "'options.identifiable'").map {
                            Located($0, at: option.value.location)
                        }
                    case "unusedTypes":
                        spec.unusedTypes = keyword(option.value, "'options.unusedTypes'", UnusedTypes.read)
                    case "dtoFiles":
                        guard case .number(let text) = option.value.value, let count = Int(text),
                            SpecFileNaming.dtoFileCounts.contains(count)
                        else {
                            sink.error(
                                "DTG1009", option.value.location,
                                "'options.dtoFiles' must be a whole number from \(SpecFileNaming.dtoFileCounts.lowerBound) to \(SpecFileNaming.dtoFileCounts.upperBound), found \(option.value.kindDescription)"
                            )
                            continue
                        }
                        spec.dtoFiles = Located(count, at: option.value.location)
                    default: unknownKey(option, in: "'options'", allowed: SpecReader.optionKeys)
                    }
                }
            case "envelope":
                spec.envelope = readEnvelopeOrNull(value)
            case "types":
                guard let types = object(value, "'types'") else { continue }
                for type in types {
                    guard let shape = readShape(type.value, context: .named) else { continue }
                    var named = NamedShape(name: type.key, nameLocation: type.keyLocation, shape: shape)
                    if let generic = GenericName.parse(type.key) {
                        guard !generic.base.isEmpty, generic.arguments.allSatisfy(SwiftName.isTypeName),
                            Set(generic.arguments).count == generic.arguments.count
                        else {
                            sink.error(
                                "DTG1010", type.keyLocation,
                                "'\(type.key)' is not a valid generic type name; write it as \"Page<T>\" or \"Pair<A, B>\" (distinct parameter names)"
                            )
                            continue
                        }
                        named.name = generic.base
                        named.genericParameters = generic.arguments
                    }
                    spec.types.append(named)
                }
            case "endpoints":
                sawEndpoints = true
                guard let list = value.elements else {
                    sink.error(
                        "DTG1011", value.location,
                        "'endpoints' must be an array of endpoint objects, found \(value.kindDescription)")
                    continue
                }
                for element in list {
                    if let endpoint = readEndpoint(element) { spec.endpoints.append(endpoint) }
                }
            case "error":
                spec.error = string(value, "'error'")
            case "errors":
                spec.errors = readErrors(value)
            case "openapi", "operations":
                // Used when the spec was expanded from its document (`OpenAPIBackedSpec`).
                break
            case "repository":
                if let flag = value.boolValue {
                    if flag { spec.repository = Located("", at: member.keyLocation) }
                } else if let members = value.members {
                    for option in members where option.key != "name" {
                        unknownKey(option, in: "'repository'", allowed: ["name"])
                    }
                    if let name = value["name"] {
                        spec.repository = string(name, "the repository's 'name'")
                    } else {
                        spec.repository = Located("", at: member.keyLocation)
                    }
                } else {
                    sink.error(
                        "DTG1012", value.location,
                        "'repository' must be true or { \"name\": \"QuakeRepository\" }, found \(value.kindDescription)"
                    )
                }
            case "kinds":
                spec.kinds = readKinds(value)
            case "externalTypes":
                spec.externalTypes = readExternalTypes(value)
            case "imports":
                guard let list = value.elements else {
                    sink.error(
                        "DTG1013", value.location,
                        "'imports' must be an array of spec paths such as [\"common.json\"], found \(value.kindDescription)"
                    )
                    continue
                }
                spec.imports = list.compactMap { string($0, "each import") }
            case "mappings":
                guard let list = value.elements else {
                    sink.error(
                        "DTG1014", value.location,
                        "'mappings' must be an array of mappings such as { \"dto\": \"Charge.Card\", \"model\": \"CardInfo\", \"fields\": { ... } }, found \(value.kindDescription)"
                    )
                    continue
                }
                spec.mappings += list.compactMap { readDomain($0, standalone: true) }
            default:
                unknownKey(member, in: "the spec", allowed: SpecReader.topLevelKeys)
            }
        }
        if !sawEndpoints {
            sink.error(
                "DTG1015", root.location, "missing required key 'endpoints' (an array of endpoints; it may be empty)")
        }
        return spec
    }

    mutating func readEnvelopeOrNull(_ node: JSONNode) -> Located<EnvelopeSpec?>? {
        if case .null = node.value { return Located(nil, at: node.location) }
        guard let envelope = readEnvelope(node) else { return nil }
        return Located(envelope, at: node.location)
    }

    mutating func readEnvelope(_ node: JSONNode) -> EnvelopeSpec? {
        guard let members = object(node, "an envelope") else { return nil }
        var data: Located<String>?
        var success: EnvelopeSpec.Success?
        var message: Located<String>?
        var path: [Located<String>] = []
        for member in members {
            switch member.key {
            case "data": data = string(member.value, "the envelope's 'data'")
            case "message": message = string(member.value, "the envelope's 'message'")
            case "success":
                if let key = member.value.stringValue {
                    success = .key(Located(key, at: member.value.location))
                } else if let rule = member.value.members {
                    var key: Located<String>?
                    var equals: JSONNode?
                    for part in rule {
                        switch part.key {
                        case "key": key = string(part.value, "'success.key'")
                        case "equals": equals = part.value
                        default: unknownKey(part, in: "'success'", allowed: ["key", "equals"])
                        }
                    }
                    if let key, let equals {
                        success = .equals(key: key, value: equals)
                    } else if key == nil {
                        sink.error("DTG1016", member.value.location, "'success' needs a 'key' (and 'equals')")
                    } else {
                        sink.error(
                            "DTG1017", member.value.location,
                            "'success' needs 'equals': the JSON value that means success")
                    }
                } else {
                    sink.error(
                        "DTG1018", member.value.location,
                        "the envelope's 'success' must be a key name or { \"key\": ..., \"equals\": ... }, found \(member.value.kindDescription)"
                    )
                }
            case "path":
                guard let elements = member.value.elements else {
                    sink.error(
                        "DTG1019", member.value.location,
                        "the envelope's 'path' must be an array of key names, found \(member.value.kindDescription)")
                    continue
                }
                for element in elements {
                    if let key = string(element, "each key of the envelope's 'path'") { path.append(key) }
                }
            default:
                unknownKey(member, in: "the envelope", allowed: SpecReader.envelopeKeys)
            }
        }
        guard let data else {
            sink.error("DTG1020", node.location, "an envelope needs 'data': the key of the payload")
            return nil
        }
        return EnvelopeSpec(data: data, success: success, message: message, path: path, location: node.location)
    }

    // MARK: shapes

    mutating func readShape(_ node: JSONNode, context: FormatRules.Context) -> ShapeSpec? {
        switch node.value {
        case .string(let text):
            var name = text
            var shape = ShapeSpec(kind: .reference(name), location: node.location)
            if name.hasSuffix("?") {
                name.removeLast()
                shape.kind = .reference(name)
                shape.optional = true
                shape.optionalLocation = node.location
            }
            if name.isEmpty {
                sink.report(FormatRules.emptyTypeName, at: node.location)
                return nil
            }
            return shape
        case .array(let elements):
            guard elements.count == 1, let only = elements.first else {
                sink.error(
                    "DTG1022", node.location,
                    "an array shape must have exactly one element (the element's shape), found \(elements.count)")
                return nil
            }
            guard let element = readShape(only, context: .inner) else { return nil }
            return ShapeSpec(kind: .array(element), location: node.location)
        case .object(let members):
            return readObjectShape(node, members, context: context)
        default:
            sink.error(
                "DTG1023", node.location,
                "a shape must be a type name (string), an array of one shape, or an object, found \(node.kindDescription)"
            )
            return nil
        }
    }

    mutating func readObjectShape(_ node: JSONNode, _ members: [JSONNode.Member], context: FormatRules.Context)
        -> ShapeSpec?
    {
        let specials = members.compactMap { member in
            Modifier(rawValue: member.key).flatMap { Modifier.special.contains($0) ? (member, $0) : nil }
        }
        var shape: ShapeSpec
        if let (special, modifier) = specials.first {
            for (other, _) in specials.dropFirst() {
                sink.error("DTG1024", other.keyLocation, "'\(other.key)' cannot be combined with '\(special.key)'")
            }
            switch modifier {
            case .oneOf:
                var variants: [OneOfVariantSpec] = []
                if let tagged = special.value.members {
                    for member in tagged {
                        guard let variant = readShape(member.value, context: .inner) else { continue }
                        variants.append(
                            OneOfVariantSpec(tag: Located(member.key, at: member.keyLocation), shape: variant))
                    }
                } else if let list = special.value.elements {
                    for element in list {
                        guard let variant = readShape(element, context: .inner) else { continue }
                        variants.append(OneOfVariantSpec(tag: nil, shape: variant))
                    }
                } else {
                    sink.error(
                        "DTG1025", special.value.location,
                        "'$oneOf' must be an object of tag → shape (with '$discriminator') or an array of shapes, found \(special.value.kindDescription)"
                    )
                    return nil
                }
                if variants.isEmpty, special.value.members?.isEmpty ?? special.value.elements?.isEmpty ?? true {
                    sink.report(FormatRules.emptyOneOf, at: special.value.location)
                }
                shape = ShapeSpec(kind: .oneOf(variants), location: node.location)
            case .type:
                guard let inner = readShape(special.value, context: .inner) else { return nil }
                shape = inner
                shape.location = node.location
            case .dictionary:
                guard let value = readShape(special.value, context: .inner) else { return nil }
                shape = ShapeSpec(kind: .dictionary(value), location: node.location)
            default:
                // `.enumeration`, the last of `Modifier.special`.
                guard let values = special.value.elements else {
                    sink.error(
                        "DTG1027", special.value.location,
                        "'$enum' must be an array of strings, found \(special.value.kindDescription)")
                    return nil
                }
                var cases: [Located<String>] = []
                var seen: Set<String> = []
                for value in values {
                    guard let text = string(value, "each '$enum' value") else { continue }
                    if !seen.insert(text.value).inserted {
                        sink.report(FormatRules.duplicateEnumValue(text.value), at: value.location)
                        continue
                    }
                    cases.append(text)
                }
                if values.isEmpty {
                    sink.report(FormatRules.emptyEnum, at: special.value.location)
                }
                shape = ShapeSpec(kind: .enumeration(cases), location: node.location)
            }
        } else {
            var properties: [PropertySpec] = []
            for member in members where !member.key.hasPrefix("$") || member.key.hasPrefix("$$") {
                let key = member.key.hasPrefix("$$") ? String(member.key.dropFirst()) : member.key
                if let property = readShape(member.value, context: .property) {
                    properties.append(PropertySpec(key: key, keyLocation: member.keyLocation, shape: property))
                }
            }
            shape = ShapeSpec(kind: .object(properties), location: node.location)
        }
        for member in members where member.key.hasPrefix("$") && !member.key.hasPrefix("$$") {
            guard let modifier = Modifier(rawValue: member.key) else {
                let hint = Suggest.hint(for: member.key, in: Modifier.spellings)
                sink.error(
                    "DTG1030", member.keyLocation,
                    "unknown modifier '\(member.key)'\(hint.isEmpty ? " (keys starting with '$' are dtogen's; write '$$' for a JSON key that starts with '$')" : hint)"
                )
                continue
            }
            applyModifier(modifier, member, to: &shape, context: context)
        }
        return shape
    }

    mutating func applyModifier(
        _ modifier: Modifier, _ member: JSONNode.Member, to shape: inout ShapeSpec, context: FormatRules.Context
    ) {
        let value = member.value
        if let misplaced = FormatRules.misplaced(modifier, in: context) {
            sink.report(misplaced, at: member.keyLocation)
            return
        }
        switch modifier {
        case .name:
            shape.name = string(value, "'$name'")
        case .label:
            shape.label = string(value, "'$label'")
        case .optional:
            if let b = bool(value, "'$optional'") {
                if b {
                    shape.optional = true
                    shape.optionalLocation = member.keyLocation
                }
            }
        case .defaultValue:
            shape.defaultValue = value
        case .lenient:
            if let b = bool(value, "'$lenient'") { shape.lenient = b }
        case .lossy:
            if let b = bool(value, "'$lossy'") { shape.lossy = Located(b, at: member.keyLocation) }
        case .nullable:
            if let b = bool(value, "'$nullable'") { shape.nullable = Located(b, at: member.keyLocation) }
        case .writeNull, .readOnly:
            guard let b = bool(value, "'\(modifier.rawValue)'") else { return }
            if modifier == .writeNull {
                shape.writeNull = Located(b, at: member.keyLocation)
            } else {
                shape.readOnly = Located(b, at: member.keyLocation)
            }
        case .deprecated:
            shape.deprecated = deprecation(value, "'$deprecated'")
        case .format:
            shape.format = keyword(value, "'$format'", FieldFormat.read)
        case .doc:
            shape.doc = string(value, "'$doc'")
        case .typeName:
            shape.typeName = string(value, "'$typeName'")
        case .unknown:
            if case .oneOf = shape.kind {
                if let b = value.boolValue {
                    if b { shape.unknownVariant = Located("unknown", at: member.keyLocation) }
                } else {
                    shape.unknownVariant = string(value, "'$unknown'")
                }
                return
            }
            guard case .enumeration = shape.kind else {
                sink.error("DTG1033", member.keyLocation, "'$unknown' is only allowed next to '$enum' or '$oneOf'")
                return
            }
            shape.unknownCase = string(value, "'$unknown'")
        case .discriminator:
            guard case .oneOf = shape.kind else {
                sink.error(
                    "DTG1034", member.keyLocation,
                    "'$discriminator' names the key that tells '$oneOf' variants apart; it needs a '$oneOf'")
                return
            }
            shape.discriminator = string(value, "'$discriminator'")
        case .examples:
            shape.examples = examplePaths(value, "'$examples'")
        case .value:
            // `{ "$value": "true" }` alone: the text it is (also when the value is wrong: one error).
            if case .object(let properties) = shape.kind, properties.isEmpty { shape.kind = .reference("String") }
            let text: String
            switch value.value {
            case .string(let string): text = string
            case .number(let lexeme): text = lexeme
            case .bool(let flag): text = flag ? "true" : "false"
            default:
                sink.error(
                    "DTG1037", value.location,
                    "'$value' must be a string, a number or a boolean (it is sent as text), found \(value.kindDescription)"
                )
                return
            }
            shape.constant = Located(text, at: member.keyLocation)
        case .style, .explode, .allowReserved:
            if modifier == .style {
                shape.style = keyword(value, "'$style'", ParameterStyle.read)
            } else if let flag = bool(value, "'\(modifier.rawValue)'") {
                if modifier == .explode {
                    shape.explode = Located(flag, at: member.keyLocation)
                } else {
                    shape.allowReserved = Located(flag, at: member.keyLocation)
                }
            }
        case .additionalProperties:
            guard case .object(let properties) = shape.kind, !properties.isEmpty else {
                sink.report(FormatRules.additionalPropertiesOutsideAnObject, at: member.keyLocation)
                return
            }
            // Read as a property: its `$name` and `$doc` are the Swift property's.
            guard let values = readShape(value, context: .property) else { return }
            shape.additionalProperties = AdditionalPropertiesSpec(shape: values, keyLocation: member.keyLocation)
        case .type, .enumeration, .dictionary, .oneOf:
            break  // read by `readObjectShape`
        }
    }

    /// `"kinds": { "APIKeyAuth": { "apiKey": { "header": "X-API-Key" } } }` (or `"query": "api_key"`).
    mutating func readKinds(_ node: JSONNode) -> [KindDeclaration] {
        guard let members = object(node, "'kinds'") else { return [] }
        var kinds: [KindDeclaration] = []
        for member in members {
            let name = Located(member.key, at: member.keyLocation)
            guard FormatRules.isKindName(member.key) else {
                sink.report(FormatRules.badKindName(member.key), at: member.keyLocation)
                continue
            }
            guard let entries = object(member.value, "kind '\(member.key)'") else { continue }
            for entry in entries where entry.key != "apiKey" {
                unknownKey(entry, in: "kind '\(member.key)'", allowed: ["apiKey"])
            }
            guard let apiKey = member.value["apiKey"] else {
                if !entries.contains(where: { $0.key != "apiKey" }) {
                    sink.error(
                        "DTG1040", member.value.location,
                        "kind '\(member.key)' needs \"apiKey\": { \"header\": \"X-API-Key\" } or { \"query\": \"api_key\" }"
                    )
                }
                continue
            }
            guard let places = object(apiKey, "'apiKey'") else { continue }
            for place in places where place.key != "header" && place.key != "query" {
                unknownKey(place, in: "'apiKey'", allowed: ["header", "query"])
            }
            let known = places.filter { $0.key == "header" || $0.key == "query" }
            guard known.count == 1, let place = known.first else {
                sink.error(
                    "DTG1041", apiKey.location,
                    "'apiKey' names one place: { \"header\": \"X-API-Key\" } or { \"query\": \"api_key\" }")
                continue
            }
            guard let text = string(place.value, "the \(place.key) name"), !text.value.isEmpty else { continue }
            if place.key == "header", !FormatRules.isHeaderName(text.value) {
                sink.report(FormatRules.badHeaderName(text.value), at: place.value.location)
                continue
            }
            kinds.append(
                KindDeclaration(name: name, placement: place.key == "header" ? .header(text.value) : .query(text.value))
            )
        }
        return kinds
    }

    mutating func readBodyFrom(_ node: JSONNode) -> BodyFromSpec? {
        guard let members = object(node, "'bodyFrom'") else { return nil }
        var model: Located<String>?
        var fields: [(key: String, keyLocation: SourceLocation, path: Located<String>)] = []
        var sawFields = false
        for member in members {
            switch member.key {
            case "model": model = string(member.value, "the 'bodyFrom' model")
            case "fields":
                sawFields = true
                guard let entries = object(member.value, "'bodyFrom' fields") else { continue }
                for entry in entries {
                    if let path = string(
                        entry.value, "a 'bodyFrom' field (a path on the model, such as \"name.first\")")
                    {
                        fields.append((entry.key, entry.keyLocation, path))
                    }
                }
            default: unknownKey(member, in: "'bodyFrom'", allowed: ["model", "fields"])
            }
        }
        guard let model else {
            sink.error("DTG1043", node.location, "'bodyFrom' needs a 'model': the domain type the body is built from")
            return nil
        }
        if !sawFields {
            sink.error(
                "DTG1044", node.location,
                "'bodyFrom' needs 'fields': each body key and the path on \(model.value) it comes from")
        }
        return BodyFromSpec(model: model, fields: fields, location: node.location)
    }

    /// `["samples/charge.json"]`: sample payload paths, relative to the spec.
    mutating func examplePaths(_ node: JSONNode, _ what: String) -> [Located<String>] {
        guard let list = node.elements else {
            sink.error(
                "DTG1045", node.location,
                "\(what) must be an array of sample payload paths such as [\"samples/charge.json\"], found \(node.kindDescription)"
            )
            return []
        }
        var result: [Located<String>] = []
        for element in list {
            guard let path = string(element, "each example path") else { continue }
            if path.value.isEmpty || path.value.hasPrefix("/") {
                sink.error("DTG1046", path.location, "example path '\(path.value)' must be relative to the spec")
                continue
            }
            result.append(path)
        }
        return result
    }

    // MARK: endpoints

    mutating func readArguments(_ node: JSONNode, _ what: String) -> [PropertySpec] {
        guard let members = object(node, what) else { return [] }
        var result: [PropertySpec] = []
        for member in members {
            if let shape = readShape(member.value, context: .argument) {
                result.append(PropertySpec(key: member.key, keyLocation: member.keyLocation, shape: shape))
            }
        }
        return result
    }

    /// `responseHeaders`: header names to the shapes their values are read as.
    mutating func readResponseHeaders(_ node: JSONNode) -> [PropertySpec] {
        guard let members = object(node, "'responseHeaders'") else { return [] }
        return members.compactMap { member in
            readShape(member.value, context: .responseHeader).map {
                PropertySpec(key: member.key, keyLocation: member.keyLocation, shape: $0)
            }
        }
    }

    mutating func readEndpoint(_ node: JSONNode) -> EndpointSpec? {
        guard let members = object(node, "an endpoint") else { return nil }
        var name: Located<String>?
        var path: Located<String>?
        var endpoint = EndpointSpec(
            name: Located("", at: node.location), path: Located("", at: node.location),
            params: [], query: [], headers: [], location: node.location
        )
        for member in members {
            let value = member.value
            switch member.key {
            case "name": name = string(value, "the endpoint's 'name'")
            case "method": endpoint.method = keyword(value, "'method'", HTTPMethod.read)
            case "path": path = string(value, "'path'")
            case "kind": endpoint.kind = keyword(value, "'kind'", KindReference.read)
            case "params": endpoint.params = readArguments(value, "'params'")
            case "query": endpoint.query = readArguments(value, "'query'")
            case "headers": endpoint.headers = readArguments(value, "'headers'")
            case "cookies": endpoint.cookies = readArguments(value, "'cookies'")
            case "body": endpoint.body = readShape(value, context: .inner)
            case "response": endpoint.response = readShape(value, context: .inner)
            case "responses": endpoint.responses = readResponses(value)
            case "responseHeaders": endpoint.responseHeaders = readResponseHeaders(value)
            case "error": endpoint.error = string(value, "'error'")
            case "errors": endpoint.errors = readErrors(value)
            case "bodyEncoding": endpoint.bodyEncoding = keyword(value, "'bodyEncoding'", BodyEncoding.read)
            case "bodyStyles":
                guard let fields = object(value, "'bodyStyles'") else { continue }
                for field in fields {
                    if let entry = readBodyStyle(field) { endpoint.bodyStyles.append(entry) }
                }
            case "contentType": endpoint.contentType = string(value, "'contentType'")
            case "paginate":
                guard let members = object(value, "'paginate'") else { continue }
                var style: Located<PaginationStyle>?
                var sawStyle = false
                var paginate = PaginateSpec(style: Located(.cursor, at: value.location), location: value.location)
                for member in members {
                    switch member.key {
                    case "style":
                        sawStyle = true
                        style = keyword(member.value, "'style'", PaginationStyle.read)
                    case "param": paginate.param = string(member.value, "'param'")
                    case "from": paginate.from = string(member.value, "'from'")
                    case "while": paginate.whileKey = string(member.value, "'while'")
                    default: unknownKey(member, in: "'paginate'", allowed: ["style", "param", "from", "while"])
                    }
                }
                guard let style else {
                    if !sawStyle {
                        sink.error("DTG1047", value.location, "'paginate' needs a 'style': \(PaginationStyle.expected)")
                    }
                    continue
                }
                paginate.style = style
                endpoint.paginate = paginate
            case "timeout":
                guard case .number(let text) = value.value, let seconds = Double(text), seconds > 0, seconds.isFinite
                else {
                    sink.error(
                        "DTG1048", value.location,
                        "'timeout' must be a number of seconds above 0, found \(value.kindDescription)")
                    continue
                }
                endpoint.timeout = Located(text, at: value.location)
            case "envelope": endpoint.envelope = readEnvelopeOrNull(value)
            case "domain":
                if let list = value.elements {
                    endpoint.domains = list.compactMap { readDomain($0) }
                } else if let domain = readDomain(value) {
                    endpoint.domains = [domain]
                }
            case "doc": endpoint.doc = string(value, "'doc'")
            case "deprecated": endpoint.deprecated = deprecation(value, "'deprecated'")
            case "examples": endpoint.examples = examplePaths(value, "'examples'")
            case "bodyFrom": endpoint.bodyFrom = readBodyFrom(value)
            case "stream": endpoint.stream = keyword(value, "'stream'", StreamStyle.read)
            case "end": endpoint.end = string(value, "'end'")
            case "events": endpoint.events = keyword(value, "'events'", StreamEvents.read)
            default: unknownKey(member, in: "an endpoint", allowed: SpecReader.endpointKeys)
            }
        }
        guard let name else {
            sink.error("DTG1049", node.location, "an endpoint needs a 'name'")
            return nil
        }
        guard let path else {
            sink.error("DTG1050", node.location, "endpoint '\(name.value)' needs a 'path'")
            return nil
        }
        endpoint.name = name
        endpoint.path = path
        return endpoint
    }

    /// A `domain` of an endpoint, or (`standalone`) an entry of the top-level `mappings`.
    mutating func readDomain(_ node: JSONNode, standalone: Bool = false) -> DomainSpec? {
        let what = standalone ? "a mapping" : "'domain'"
        guard let members = object(node, what) else { return nil }
        var model: Located<String>?
        var domain = DomainSpec(model: Located("", at: node.location), fields: nil, location: node.location)
        for member in members {
            let value = member.value
            switch member.key {
            case "model": model = string(value, "'model'")
            case "kind": domain.kind = keyword(value, "the domain 'kind'", DomainKind.read)
            case "each" where !standalone: domain.each = string(value, "'each'")
            case "dto" where standalone: domain.dto = string(value, "'dto'")
            case "update":
                if let flag = bool(value, "'update'") { domain.update = Located(flag, at: member.keyLocation) }
            case "fields":
                guard let fields = object(value, "'fields'") else { continue }
                var mapped: [FieldMappingSpec] = []
                for field in fields {
                    if let source = readSource(field.value) {
                        mapped.append(
                            FieldMappingSpec(label: field.key, labelLocation: field.keyLocation, source: source))
                    }
                }
                domain.fields = mapped
            default: unknownKey(member, in: what, allowed: standalone ? SpecReader.mappingKeys : SpecReader.domainKeys)
            }
        }
        guard let model else {
            sink.error("DTG1051", node.location, "\(what) needs a 'model': the name of your domain type")
            return nil
        }
        if standalone {
            guard domain.dto != nil else {
                sink.error(
                    "DTG1052", node.location,
                    "a mapping needs a 'dto': the DTO type it maps from, such as \"Charge.Card\"")
                return nil
            }
            guard domain.fields != nil else {
                sink.error(
                    "DTG1053", node.location,
                    "a mapping needs 'fields': the arguments of \(model.value)'s init and where each comes from")
                return nil
            }
        }
        domain.model = model
        return domain
    }

    mutating func readSource(_ node: JSONNode) -> FieldMappingSpec.Source? {
        if let path = node.stringValue { return .path(Located(path, at: node.location)) }
        guard let members = node.members else {
            sink.error(
                "DTG1054", node.location,
                "a field source must be a path string or an object with 'from', 'value' or 'swift', found \(node.kindDescription)"
            )
            return nil
        }
        let allowed = ["from", "convert", "default", "value", "swift"]
        var from: Located<String>?
        var convert: Located<String>?
        var defaultValue: JSONNode?
        var constant: JSONNode?
        var swift: Located<String>?
        for member in members {
            switch member.key {
            case "from": from = string(member.value, "'from'")
            case "convert": convert = string(member.value, "'convert'")
            case "default": defaultValue = member.value
            case "value": constant = member.value
            case "swift": swift = string(member.value, "'swift'")
            default: unknownKey(member, in: "a field source", allowed: allowed)
            }
        }
        let forms = [from != nil, constant != nil, swift != nil].filter { $0 }.count
        if forms > 1 {
            sink.error("DTG1055", node.location, "a field source takes exactly one of 'from', 'value' and 'swift'")
            return nil
        }
        if let constant {
            if convert != nil || defaultValue != nil {
                sink.error("DTG1056", node.location, "'value' is a constant; it takes no 'convert' or 'default'")
            }
            return .constant(constant)
        }
        if let swift {
            if convert != nil || defaultValue != nil {
                sink.error("DTG1057", node.location, "'swift' is an expression; it takes no 'convert' or 'default'")
            }
            return .swift(swift)
        }
        guard let from else {
            sink.error(
                "DTG1058", node.location,
                "a field source object needs 'from' (a path), 'value' (a constant) or 'swift' (an expression)")
            return nil
        }
        return .converted(from: from, convert: convert, defaultValue: defaultValue)
    }
}
