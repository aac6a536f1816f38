/// What a change breaks.
public enum APIBreak: String, Sendable, CaseIterable, Comparable {
    /// Code that uses the generated API stops compiling.
    case source
    /// An app already shipped disagrees with the new server.
    case wire

    public static func < (lhs: APIBreak, rhs: APIBreak) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One difference between two versions of the specs, as it affects callers and the wire.
public struct APIChange: Sendable, Equatable {
    /// Empty: non-breaking.
    public var breaks: [APIBreak]
    /// The Swift name (`Charge.amountCaptured`, `Endpoint.createCharge`).
    public var symbol: String
    public var message: String
    /// Where: in the new specs, or in the old ones for what was removed.
    public var file: String
    public var location: SourceLocation
    /// The location is in the old specs (what was removed).
    public var inOldSpecs = false

    public var isBreaking: Bool { !breaks.isEmpty }
    public var severity: String { isBreaking ? "breaking" : "non-breaking" }
}

public struct APIDiffResult: Sendable {
    /// Sorted by file, position and symbol.
    public var changes: [APIChange]
    /// The errors of each side's specs; each message says which side.
    public var oldErrors: [Diagnostic] = []
    public var newErrors: [Diagnostic] = []
    public var diagnostics: [Diagnostic] { oldErrors + newErrors }
    public var hasErrors: Bool { !diagnostics.isEmpty }
}

/// `dtogen diff`: both sides go through the pipeline up to the IR (imports and backed OpenAPI
/// documents included), and the IRs are compared, never the text, so reordering, docs and
/// formatting are not changes.
public enum APIDiff {
    public static func compare(old: [SpecInput], new: [SpecInput], options: GeneratorOptions = GeneratorOptions()) -> APIDiffResult {
        let (oldIRs, oldDiagnostics) = Generator.resolve(old, options: options)
        let (newIRs, newDiagnostics) = Generator.resolve(new, options: options)
        let oldErrors = oldDiagnostics.filter { $0.severity == .error }.map { sided($0, "old") }
        let newErrors = newDiagnostics.filter { $0.severity == .error }.map { sided($0, "new") }
        guard oldErrors.isEmpty, newErrors.isEmpty else {
            return APIDiffResult(changes: [], oldErrors: oldErrors, newErrors: newErrors)
        }
        var comparer = APIComparer(old: APISide(oldIRs), new: APISide(newIRs))
        comparer.compare()
        let changes = comparer.changes.sorted {
            ($0.file, $0.location.line, $0.location.column, $0.symbol, $0.message) < ($1.file, $1.location.line, $1.location.column, $1.symbol, $1.message)
        }
        return APIDiffResult(changes: changes)
    }

    static func sided(_ diagnostic: Diagnostic, _ side: String) -> Diagnostic {
        var copy = diagnostic
        copy.message = "(\(side) side) " + diagnostic.message
        return copy
    }
}

/// One side's generated API, by Swift name.
struct APISide {
    struct TypeEntry {
        var decl: Decl
        var table: TypeTable
        var spec: SpecIR
    }

    var types: [String: TypeEntry] = [:]
    var endpoints: [String: (endpoint: EndpointIR, spec: SpecIR)] = [:]
    var mappings: [String: (mapping: MappingIR, spec: SpecIR)] = [:]
    /// `Repository.method` → the endpoint behind it.
    var repositoryMethods: [String: (endpoint: EndpointIR, spec: SpecIR)] = [:]
    /// Types a response or error type reaches (decoded by apps) and types a request sends.
    var decoded: Set<String> = []
    var sent: Set<String> = []

    init(_ irs: [SpecIR]) {
        for spec in irs where spec.generates {
            for decl in spec.types.decls where !decl.external {
                types[decl.qualifiedName] = TypeEntry(decl: decl, table: spec.types, spec: spec)
            }
            for endpoint in spec.endpoints { endpoints[endpoint.name] = (endpoint, spec) }
            // What apps decode is what the generator gives fast paths to (all types of a spec
            // without endpoints); what they send, what the factories' arguments reach.
            let graph = TypeGraph(table: spec.types)
            let decodedIDs = spec.decoded ?? Set(spec.types.decls.indices.map { DeclID(index: $0) })
            decoded.formUnion(decodedIDs.map { spec.types[$0].qualifiedName })
            sent.formUnion(graph.reachable(from: spec.endpoints.flatMap { $0.arguments.map(\.type) }).map { spec.types[$0].qualifiedName })
            for mapping in spec.mappings {
                mappings["\(mapping.model) from \(mapping.dtoTypeName)"] = (mapping, spec)
            }
            for method in spec.repository?.methods ?? [] {
                repositoryMethods["\(spec.repository?.name ?? "").\(method.endpoint.name)"] = (method.endpoint, spec)
            }
        }
    }

    /// The path of the file a location of `spec` is in.
    static func path(_ location: SourceLocation, in spec: SpecIR) -> String {
        let index = Int(location.file) - 1
        return spec.otherFiles.indices.contains(index) ? spec.otherFiles[index] : spec.path
    }
}

/// The rules: each compares one kind of declaration and says what it breaks.
struct APIComparer {
    let old: APISide
    let new: APISide
    var changes: [APIChange] = []

    mutating func compare() {
        compareTypes()
        compareEndpoints()
        compareMappings()
        compareRepositories()
    }

    mutating func add(_ breaks: [APIBreak], _ symbol: String, _ message: String, at location: SourceLocation, in spec: SpecIR, old: Bool = false) {
        changes.append(APIChange(breaks: breaks.sorted(), symbol: symbol, message: message, file: APISide.path(location, in: spec), location: location, inOldSpecs: old))
    }

    // MARK: types

    mutating func compareTypes() {
        for (name, before) in old.types where new.types[name] == nil {
            add([.source] + (old.decoded.contains(name) || old.sent.contains(name) ? [.wire] : []), name, "type removed", at: before.decl.location, in: before.spec, old: true)
        }
        for (name, after) in new.types {
            guard let before = old.types[name] else {
                add([], name, "type added", at: after.decl.location, in: after.spec)
                continue
            }
            switch (before.decl.kind, after.decl.kind) {
            case (.structure(let oldFields), .structure(let newFields)):
                compareFields(name, oldFields, before, newFields, after)
            case (.enumeration(let oldEnum), .enumeration(let newEnum)):
                compareEnums(name, oldEnum, before, newEnum, after)
            case (.oneOf(let oldChoice), .oneOf(let newChoice)):
                compareOneOfs(name, oldChoice, before, newChoice, after)
            case (.alias(let oldTarget), .alias(let newTarget)):
                let was = before.table.describe(oldTarget)
                let now = after.table.describe(newTarget)
                if was != now { add([.source, .wire], name, "now stands for \(now) (was \(was))", at: after.decl.location, in: after.spec) }
            default:
                add([.source, .wire], name, "is now \(Self.kindName(after.decl.kind)) (was \(Self.kindName(before.decl.kind)))", at: after.decl.location, in: after.spec)
            }
        }
    }

    static func kindName(_ kind: Decl.Kind) -> String {
        switch kind {
        case .structure: return "a struct"
        case .enumeration: return "an enum"
        case .alias: return "a typealias"
        case .oneOf: return "a one-of"
        }
    }

    mutating func compareFields(_ type: String, _ oldFields: [Field], _ before: APISide.TypeEntry, _ newFields: [Field], _ after: APISide.TypeEntry) {
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        let sent = old.sent.contains(type) || new.sent.contains(type)
        for field in oldFields where !newFields.contains(where: { $0.name == field.name }) {
            let symbol = "\(type).\(field.name)"
            // Still in the JSON under another Swift name: a rename for code, not for the wire.
            if newFields.contains(where: { $0.jsonKey == field.jsonKey }) {
                add([.source], symbol, "renamed (its JSON key '\(field.jsonKey)' stays)", at: field.keyLocation, in: before.spec, old: true)
            } else {
                add([.source] + (decoded && !field.type.isOptional ? [.wire] : []), symbol, "field '\(field.jsonKey)' removed", at: field.keyLocation, in: before.spec, old: true)
            }
        }
        for field in newFields {
            let symbol = "\(type).\(field.name)"
            let required = !field.type.isOptional && field.defaultValue == nil
            guard let previous = oldFields.first(where: { $0.name == field.name }) else {
                if oldFields.contains(where: { $0.jsonKey == field.jsonKey }) { continue }  // reported as a rename
                if required {
                    add([.source] + (sent ? [.wire] : []), symbol, "required field '\(field.jsonKey)' added (a new argument of the memberwise init)", at: field.keyLocation, in: after.spec)
                } else {
                    add([], symbol, "optional field '\(field.jsonKey)' added", at: field.keyLocation, in: after.spec)
                }
                continue
            }
            if previous.jsonKey != field.jsonKey {
                add([], symbol, "JSON key '\(previous.jsonKey)' is now '\(field.jsonKey)'", at: field.keyLocation, in: after.spec)
            }
            let was = before.table.describe(previous.type.nonOptional)
            let now = after.table.describe(field.type.nonOptional)
            if was != now {
                add([.source, .wire], symbol, "type \(was) is now \(now)", at: field.keyLocation, in: after.spec)
            } else if previous.type.isOptional, !field.type.isOptional {
                // Required now: a body must send it, and the init's argument loses its default.
                let breaks: [APIBreak] = sent ? [.source, .wire] : []
                add(breaks, symbol, "optional field '\(field.jsonKey)' is now required", at: field.keyLocation, in: after.spec)
            } else if !previous.type.isOptional, field.type.isOptional {
                // Optional now: apps already shipped expect it in every response.
                let breaks: [APIBreak] = decoded ? [.source, .wire] : []
                add(breaks, symbol, "required field '\(field.jsonKey)' is now optional", at: field.keyLocation, in: after.spec)
            }
        }
    }

    mutating func compareEnums(_ type: String, _ oldEnum: EnumInfo, _ before: APISide.TypeEntry, _ newEnum: EnumInfo, _ after: APISide.TypeEntry) {
        let sent = old.sent.contains(type) || new.sent.contains(type)
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        for entry in oldEnum.cases where !newEnum.cases.contains(where: { $0.name == entry.name }) {
            add([.source] + (sent ? [.wire] : []), "\(type).\(entry.name)", "case '\(entry.rawValue)' removed", at: after.decl.location, in: after.spec)
        }
        for entry in newEnum.cases {
            guard let previous = oldEnum.cases.first(where: { $0.name == entry.name }) else {
                // An app already shipped cannot decode the new value unless it has an unknown case.
                let breaks: [APIBreak] = decoded && oldEnum.unknownCaseName == nil ? [.wire] : []
                add(breaks, "\(type).\(entry.name)", "case '\(entry.rawValue)' added" + (breaks.isEmpty ? "" : " (no unknown case decodes it in apps already shipped)"), at: after.decl.location, in: after.spec)
                continue
            }
            if previous.rawValue != entry.rawValue {
                add([.wire], "\(type).\(entry.name)", "raw value '\(previous.rawValue)' is now '\(entry.rawValue)'", at: after.decl.location, in: after.spec)
            }
        }
        if oldEnum.unknownCaseName != nil, newEnum.unknownCaseName == nil {
            add([.source], type, "no longer open: its unknown case is gone", at: after.decl.location, in: after.spec)
        }
    }

    mutating func compareOneOfs(_ type: String, _ oldChoice: OneOfInfo, _ before: APISide.TypeEntry, _ newChoice: OneOfInfo, _ after: APISide.TypeEntry) {
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        for variant in oldChoice.variants where !newChoice.variants.contains(where: { $0.name == variant.name }) {
            add([.source], "\(type).\(variant.name)", "case removed", at: after.decl.location, in: after.spec)
        }
        for variant in newChoice.variants {
            guard let previous = oldChoice.variants.first(where: { $0.name == variant.name }) else {
                let breaks: [APIBreak] = decoded && oldChoice.unknownCaseName == nil ? [.wire] : []
                add(breaks, "\(type).\(variant.name)", "case added" + (breaks.isEmpty ? "" : " (no unknown case decodes it in apps already shipped)"), at: after.decl.location, in: after.spec)
                continue
            }
            let was = before.table.describe(previous.type)
            let now = after.table.describe(variant.type)
            if was != now { add([.source, .wire], "\(type).\(variant.name)", "holds \(now) (was \(was))", at: after.decl.location, in: after.spec) }
            if previous.tag != variant.tag {
                add([.wire], "\(type).\(variant.name)", "tag '\(previous.tag ?? "")' is now '\(variant.tag ?? "")'", at: after.decl.location, in: after.spec)
            }
        }
        if oldChoice.discriminator != newChoice.discriminator {
            add([.wire], type, "told apart by '\(newChoice.discriminator ?? "its JSON")' (was '\(oldChoice.discriminator ?? "its JSON")')", at: after.decl.location, in: after.spec)
        }
    }

    // MARK: endpoints

    mutating func compareEndpoints() {
        for (name, before) in old.endpoints where new.endpoints[name] == nil {
            add([.source], "Endpoint.\(name)", "factory removed (\(before.endpoint.method.rawValue) \(before.endpoint.pathTemplate))", at: before.endpoint.location, in: before.spec, old: true)
        }
        for (name, after) in new.endpoints {
            let symbol = "Endpoint.\(name)"
            let endpoint = after.endpoint
            guard let before = old.endpoints[name]?.endpoint, let oldSpec = old.endpoints[name]?.spec else {
                add([], symbol, "factory added (\(endpoint.method.rawValue) \(endpoint.pathTemplate))", at: endpoint.location, in: after.spec)
                continue
            }
            let location = endpoint.location
            if before.method != endpoint.method || before.pathTemplate != endpoint.pathTemplate {
                add([.wire], symbol, "sends \(endpoint.method.rawValue) \(endpoint.pathTemplate) (was \(before.method.rawValue) \(before.pathTemplate))", at: location, in: after.spec)
            }
            let was = before.response.map(oldSpec.types.describe) ?? "Void"
            let now = endpoint.response.map(after.spec.types.describe) ?? "Void"
            if was != now { add([.source, .wire], symbol, "returns \(now) (was \(was))", at: location, in: after.spec) }
            let oldError = before.errorType.map(oldSpec.types.describe)
            let newError = endpoint.errorType.map(after.spec.types.describe)
            if oldError != newError {
                add([], symbol, newError.map { "decodes error bodies as \($0)" } ?? "no longer decodes error bodies", at: location, in: after.spec)
            }
            if before.kind != endpoint.kind { add([.source], symbol, "is now of kind '\(endpoint.kind.written)' (was '\(before.kind.written)')", at: location, in: after.spec) }
            if before.envelope != endpoint.envelope { add([.wire], symbol, "its envelope changed", at: location, in: after.spec) }
            if before.stream != endpoint.stream { add([.source, .wire], symbol, endpoint.stream == nil ? "no longer streams" : "is now a stream", at: location, in: after.spec) }
            if before.bodyEncoding != endpoint.bodyEncoding { add([.wire], symbol, "sends its body as \(endpoint.bodyEncoding?.rawValue ?? "JSON") (was \(before.bodyEncoding?.rawValue ?? "JSON"))", at: location, in: after.spec) }
            let oldNames = Set((before.query + before.headers).map(\.name))
            let newNames = Set((endpoint.query + endpoint.headers).map(\.name))
            for removed in oldNames.subtracting(newNames).sorted() {
                add([.wire], symbol, "no longer sends '\(removed)'", at: location, in: after.spec)
            }
            compareArguments(symbol, before, oldSpec, endpoint, after.spec)
        }
    }

    mutating func compareArguments(_ symbol: String, _ before: EndpointIR, _ oldSpec: SpecIR, _ endpoint: EndpointIR, _ newSpec: SpecIR) {
        func label(_ argument: EndpointIR.Argument) -> String { argument.label ?? argument.name }
        for argument in before.arguments where !endpoint.arguments.contains(where: { $0.name == argument.name }) {
            add([.source], symbol, "argument '\(label(argument))' removed", at: endpoint.location, in: newSpec)
        }
        for argument in endpoint.arguments {
            guard let previous = before.arguments.first(where: { $0.name == argument.name }) else {
                if argument.defaultValue == nil {
                    add([.source], symbol, "new argument '\(label(argument))' without a default", at: endpoint.location, in: newSpec)
                } else {
                    add([], symbol, "new argument '\(label(argument))' with a default", at: endpoint.location, in: newSpec)
                }
                continue
            }
            if label(previous) != label(argument) {
                add([.source], symbol, "argument label '\(label(previous))' is now '\(label(argument))'", at: endpoint.location, in: newSpec)
            }
            let was = oldSpec.types.describe(previous.type)
            let now = newSpec.types.describe(argument.type)
            if was != now { add([.source], symbol, "argument '\(label(argument))' is now \(now) (was \(was))", at: endpoint.location, in: newSpec) }
            if previous.defaultValue != nil, argument.defaultValue == nil {
                add([.source], symbol, "argument '\(label(argument))' lost its default", at: endpoint.location, in: newSpec)
            }
        }
    }

    // MARK: mappings and repositories

    mutating func compareRepositories() {
        for (name, before) in old.repositoryMethods where new.repositoryMethods[name] == nil {
            add([.source], name, "repository method removed", at: before.endpoint.location, in: before.spec, old: true)
        }
        for (name, after) in new.repositoryMethods where old.repositoryMethods[name] == nil {
            add([], name, "repository method added", at: after.endpoint.location, in: after.spec)
        }
    }

    mutating func compareMappings() {
        for (key, before) in old.mappings where new.mappings[key] == nil {
            add([.source], "\(before.mapping.model).init(from:)", "domain mapping \(key) removed", at: before.mapping.location, in: before.spec, old: true)
        }
        for (key, after) in new.mappings where old.mappings[key] == nil {
            add([], "\(after.mapping.model).init(from:)", "domain mapping \(key) added", at: after.mapping.location, in: after.spec)
        }
    }
}
