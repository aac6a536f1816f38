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
    public static func compare(old: [SpecInput], new: [SpecInput], options: GeneratorOptions = GeneratorOptions())
        -> APIDiffResult
    {
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
            ($0.file, $0.location.line, $0.location.column, $0.symbol, $0.message) < (
                $1.file, $1.location.line, $1.location.column, $1.symbol, $1.message
            )
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
        var id: DeclID
        var decl: Decl
        var table: TypeTable
        var spec: SpecIR
    }

    var types: [String: TypeEntry] = [:]
    /// `externalTypes`, by the spec's name for each.
    var appTypes: [String: TypeEntry] = [:]
    var endpoints: [String: (endpoint: EndpointIR, spec: SpecIR)] = [:]
    var mappings: [String: (mapping: MappingIR, spec: SpecIR)] = [:]
    /// `Repository.method` → the endpoint behind it.
    var repositoryMethods: [String: (endpoint: EndpointIR, spec: SpecIR)] = [:]
    /// Types a response or error type reaches (decoded by apps) and types a request sends.
    var decoded: Set<String> = []
    var sent: Set<String> = []

    init(_ irs: [SpecIR]) {
        for spec in irs where spec.generates {
            for (index, decl) in spec.types.decls.enumerated() where !decl.external {
                let entry = TypeEntry(id: DeclID(index: index), decl: decl, table: spec.types, spec: spec)
                if case .appType = decl.kind {
                    appTypes[decl.name] = entry
                } else {
                    types[decl.qualifiedName] = entry
                }
            }
            for endpoint in spec.endpoints { endpoints[endpoint.name] = (endpoint, spec) }
            // What apps decode is what the generator gives fast paths to (all types of a spec
            // without endpoints); what they send, what the factories' arguments reach.
            let graph = TypeGraph(table: spec.types)
            let decodedIDs = spec.decoded ?? Set(spec.types.decls.indices.map { DeclID(index: $0) })
            decoded.formUnion(decodedIDs.map { spec.types[$0].qualifiedName })
            sent.formUnion(
                graph.reachable(from: spec.endpoints.flatMap { $0.arguments.map(\.type) }).map {
                    spec.types[$0].qualifiedName
                })
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
    /// Types renamed with the same JSON: old name → new name. Reported once, at the type.
    var renames: [String: String] = [:]
    private var wireShapes: [String: WireShapes] = [:]

    init(old: APISide, new: APISide) {
        self.old = old
        self.new = new
    }

    mutating func compare() {
        findRenames()
        compareTypes()
        compareEndpoints()
        compareMappings()
        compareRepositories()
        compareDeprecations()
        compareAppTypes()
    }

    mutating func add(
        _ breaks: [APIBreak], _ symbol: String, _ message: String, at location: SourceLocation, in spec: SpecIR,
        old: Bool = false
    ) {
        changes.append(
            APIChange(
                breaks: breaks.sorted(), symbol: symbol, message: message, file: APISide.path(location, in: spec),
                location: location, inOldSpecs: old))
    }

    // MARK: renames

    /// What `type` is on the wire, digested in its spec's table.
    /// (Both sides have a spec at the same path, so the side is part of the key.)
    mutating func wire(_ type: TypeRef, in spec: SpecIR, old: Bool) -> UInt64 {
        shapes(of: spec, old: old).digest(type)
    }

    /// The digests of a spec's types, computed once per side and spec.
    mutating func shapes(of spec: SpecIR, old: Bool) -> WireShapes {
        let key = (old ? "old:" : "new:") + spec.path
        if let shapes = wireShapes[key] { return shapes }
        let shapes = WireShapes(table: spec.types)
        wireShapes[key] = shapes
        return shapes
    }

    /// Whether a type written `was` on the old side and `now` on the new one is only a rename:
    /// another name for the same JSON.
    mutating func sameJSON(_ was: TypeRef, _ oldSpec: SpecIR, _ now: TypeRef, _ newSpec: SpecIR) -> Bool {
        wire(was, in: oldSpec, old: true) == wire(now, in: newSpec, old: false)
    }

    /// Whether `now` (in `after`'s spec) reads every JSON `was` (in `before`'s) read.
    mutating func widens(_ was: TypeRef, _ before: APISide.TypeEntry, _ now: TypeRef, _ after: APISide.TypeEntry)
        -> Bool
    {
        var widening = WireWidening(old: shapes(of: before.spec, old: true), new: shapes(of: after.spec, old: false))
        return widening.widens(was, now)
    }

    /// The values of the enum a type is (through optionals and arrays).
    static func enumValues(_ type: TypeRef, _ table: TypeTable) -> Set<String>? {
        switch type {
        case .optional(let inner), .array(let inner): return enumValues(inner, table)
        case .named(let id):
            guard case .enumeration(let info) = table[id].kind else { return nil }
            return Set(info.cases.map(\.rawValue))
        default: return nil
        }
    }

    /// The declaration a type names, through optionals, arrays and dictionaries.
    static func named(_ type: TypeRef, in table: TypeTable) -> String? {
        switch type {
        case .named(let id), .generic(let id, _): table[id].qualifiedName
        case .optional(let inner), .array(let inner), .dictionary(let inner): named(inner, in: table)
        case .scalar, .json, .parameter: nil
        }
    }

    /// A type gone from the new side is renamed when a field, variant, argument or response
    /// that held it holds another type with the same JSON now, or, failing that, when one
    /// added type has its JSON.
    mutating func findRenames() {
        func note(_ was: TypeRef, _ oldSpec: SpecIR, _ now: TypeRef, _ newSpec: SpecIR) {
            guard let from = Self.named(was, in: oldSpec.types), let to = Self.named(now, in: newSpec.types),
                from != to,
                new.types[from] == nil, old.types[to] == nil, renames[from] == nil,
                sameJSON(was, oldSpec, now, newSpec)
            else { return }
            renames[from] = to
        }
        for (name, after) in new.types.sorted(by: { $0.key < $1.key }) {
            guard let before = old.types[name] else { continue }
            switch (before.decl.kind, after.decl.kind) {
            case (.structure(let oldFields), .structure(let newFields)):
                for field in newFields {
                    guard let previous = oldFields.first(where: { $0.name == field.name }) else { continue }
                    note(previous.type, before.spec, field.type, after.spec)
                }
                if let was = before.decl.additionalProperties, let now = after.decl.additionalProperties {
                    note(was.type, before.spec, now.type, after.spec)
                }
            case (.oneOf(let oldChoice), .oneOf(let newChoice)):
                for variant in newChoice.variants {
                    guard let previous = oldChoice.variants.first(where: { $0.name == variant.name }) else { continue }
                    note(previous.type, before.spec, variant.type, after.spec)
                }
            case (.alias(let oldTarget), .alias(let newTarget)):
                note(oldTarget, before.spec, newTarget, after.spec)
            default: continue
            }
        }
        for (name, after) in new.endpoints.sorted(by: { $0.key < $1.key }) {
            guard let before = old.endpoints[name] else { continue }
            if let was = before.endpoint.response, let now = after.endpoint.response {
                note(was, before.spec, now, after.spec)
            }
            for argument in after.endpoint.arguments {
                guard let previous = before.endpoint.arguments.first(where: { $0.name == argument.name }) else {
                    continue
                }
                note(previous.type, before.spec, argument.type, after.spec)
            }
        }
        // A type removed and one added with its JSON, when no use says more.
        let targets = Set(renames.values)
        var added: [UInt64: [String]] = [:]
        for (name, after) in new.types
        where old.types[name] == nil && !targets.contains(name) && after.decl.genericParameters.isEmpty {
            added[wire(.named(after.id), in: after.spec, old: false), default: []].append(name)
        }
        for (name, before) in old.types.sorted(by: { $0.key < $1.key })
        where new.types[name] == nil && renames[name] == nil && before.decl.genericParameters.isEmpty {
            let digest = wire(.named(before.id), in: before.spec, old: true)
            guard covering(name) == nil, let candidates = added[digest], candidates.count == 1 else { continue }
            renames[name] = candidates[0]
            added[digest] = nil
        }
    }

    /// A renamed type that `name` is nested in, and the nested type's new name
    /// (`Body.Kind` in a `Body` renamed `Request`: `Request.Kind`).
    func covering(_ name: String) -> String? {
        var parts = name.split(separator: ".").map(String.init)
        var rest: [String] = []
        while parts.count > 1 {
            rest.insert(parts.removeLast(), at: 0)
            if let renamed = renames[parts.joined(separator: ".")] { return ([renamed] + rest).joined(separator: ".") }
        }
        return nil
    }

    /// Whether `was` → `now` is a rename already reported at the type.
    func isReportedRename(_ was: TypeRef, _ oldTable: TypeTable, _ now: TypeRef, _ newTable: TypeTable) -> Bool {
        guard let from = Self.named(was, in: oldTable), let to = Self.named(now, in: newTable) else { return false }
        return renames[from] == to || covering(from) == to
    }

    // MARK: types

    mutating func compareTypes() {
        let targets = Set(renames.values)
        for (name, before) in old.types where new.types[name] == nil {
            if let to = renames[name], let after = new.types[to] {
                add([.source], name, "renamed \(to) (the same JSON)", at: after.decl.location, in: after.spec)
                continue
            }
            if let to = covering(name), new.types[to] != nil { continue }  // moved with the type it is in
            // Code that names it breaks; the JSON changes where a field, variant or response
            // held it, and is reported there.
            add([.source], name, "type removed", at: before.decl.location, in: before.spec, old: true)
        }
        for (name, after) in new.types {
            guard let before = old.types[name] else {
                let renamedFrom = old.types.keys.contains { covering($0) == name }
                if !targets.contains(name) && !renamedFrom {
                    add([], name, "type added", at: after.decl.location, in: after.spec)
                }
                continue
            }
            switch (before.decl.kind, after.decl.kind) {
            case (.structure(let oldFields), .structure(let newFields)):
                compareFields(name, oldFields, before, newFields, after)
                compareAdditionalProperties(name, before, after)
            case (.enumeration(let oldEnum), .enumeration(let newEnum)):
                compareEnums(name, oldEnum, before, newEnum, after)
            case (.oneOf(let oldChoice), .oneOf(let newChoice)):
                compareOneOfs(name, oldChoice, before, newChoice, after)
            case (.statusResponses(let oldCases), .statusResponses(let newCases)):
                compareStatusResponses(name, oldCases, before, newCases, after)
            case (.responseHeaders(let oldFields), .responseHeaders(let newFields)):
                compareResponseHeaders(name, oldFields, before, newFields, after)
            case (.alias(let oldTarget), .alias(let newTarget)):
                let was = before.table.describe(oldTarget)
                let now = after.table.describe(newTarget)
                if was != now && !isReportedRename(oldTarget, before.table, newTarget, after.table) {
                    let breaks: [APIBreak] =
                        sameJSON(oldTarget, before.spec, newTarget, after.spec) ? [.source] : [.source, .wire]
                    add(breaks, name, "now stands for \(now) (was \(was))", at: after.decl.location, in: after.spec)
                }
            default:
                add(
                    [.source, .wire], name,
                    "is now \(Self.kindName(after.decl.kind)) (was \(Self.kindName(before.decl.kind)))",
                    at: after.decl.location, in: after.spec)
            }
        }
    }

    /// `responses`: a status added or removed changes the enum a `switch` covers (source); a
    /// status's body of another type, what decodes (source and wire).
    mutating func compareStatusResponses(
        _ type: String, _ was: [Decl.StatusCase], _ before: APISide.TypeEntry, _ now: [Decl.StatusCase],
        _ after: APISide.TypeEntry
    ) {
        let old = Dictionary(was.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(now.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for code in Set(old.keys).union(new.keys).sorted() {
            let symbol = "\(type).\(new[code]?.name ?? old[code]?.name ?? "")"
            switch (old[code], new[code]) {
            case (nil, _?):
                add(
                    [.source], symbol, "status \(code) added (a switch must handle it)", at: after.decl.location,
                    in: after.spec)
            case (_?, nil):
                // The client now throws `APIError.status` for it.
                add([.source, .wire], symbol, "status \(code) removed", at: after.decl.location, in: after.spec)
            case (let was?, let now?):
                let oldBody = was.payload.map(before.table.describe) ?? "no body"
                let newBody = now.payload.map(after.table.describe) ?? "no body"
                if oldBody != newBody {
                    add(
                        [.source, .wire], symbol, "status \(code) answers \(newBody) (was \(oldBody))",
                        at: after.decl.location, in: after.spec)
                }
            default: continue
            }
        }
    }

    /// `responseHeaders`: an optional header added breaks nothing; one removed, renamed,
    /// retyped or required breaks code that reads it (and a response without a required one
    /// throws).
    mutating func compareResponseHeaders(
        _ type: String, _ was: [Decl.HeaderField], _ before: APISide.TypeEntry, _ now: [Decl.HeaderField],
        _ after: APISide.TypeEntry
    ) {
        let old = Dictionary(was.map { ($0.header.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(now.map { ($0.header.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for key in Set(old.keys).union(new.keys).sorted() {
            let symbol = "\(type).\(new[key]?.name ?? old[key]?.name ?? "")"
            let header = new[key]?.header ?? old[key]?.header ?? key
            switch (old[key], new[key]) {
            case (nil, let now?) where now.type.isOptional:
                add([], symbol, "header '\(header)' added", at: after.decl.location, in: after.spec)
            case (nil, _?):
                // A response without it now throws; the memberwise init takes it.
                add(
                    [.source, .wire], symbol, "required header '\(header)' added", at: after.decl.location,
                    in: after.spec)
            case (_?, nil):
                add([.source], symbol, "header '\(header)' removed", at: after.decl.location, in: after.spec)
            case (let was?, let now?):
                if was.name != now.name {
                    add(
                        [.source], "\(type).\(was.name)", "header '\(header)' is now read into '\(now.name)'",
                        at: after.decl.location, in: after.spec)
                }
                let oldType = before.table.describe(was.type)
                let newType = after.table.describe(now.type)
                guard oldType != newType || was.dateFormat != now.dateFormat else { continue }
                let required = was.type.isOptional && !now.type.isOptional
                let retyped =
                    before.table.describe(was.type.nonOptional) != after.table.describe(now.type.nonOptional)
                let breaks: [APIBreak] =
                    required || retyped || was.dateFormat != now.dateFormat ? [.source, .wire] : [.source]
                let change =
                    oldType == newType
                    ? "is read in another date format" : "is read as \(newType) (was \(oldType))"
                add(breaks, symbol, "header '\(header)' \(change)", at: after.decl.location, in: after.spec)
            default: continue
            }
        }
    }

    static func kindName(_ kind: Decl.Kind) -> String {
        switch kind {
        case .structure: return "a struct"
        case .enumeration: return "an enum"
        case .alias: return "a typealias"
        case .oneOf: return "a one-of"
        case .appType: return "your type"
        case .statusResponses: return "a response by status"
        case .responseHeaders: return "response headers"
        }
    }

    /// `$additionalProperties`: keeping other keys breaks nothing; no longer keeping them (or
    /// under another name) breaks code that reads them, never JSON that decoded, which a
    /// struct without them reads too; other values break what decoded or was sent.
    mutating func compareAdditionalProperties(
        _ type: String, _ before: APISide.TypeEntry, _ after: APISide.TypeEntry
    ) {
        switch (before.decl.additionalProperties, after.decl.additionalProperties) {
        case (nil, nil):
            return
        case (nil, let now?):
            add(
                [], "\(type).\(now.name)",
                "keys the type does not declare are kept (\(after.table.describe(now.type)))",
                at: now.keyLocation, in: after.spec)
        case (let was?, nil):
            add(
                [.source], "\(type).\(was.name)", "keys the type does not declare are no longer kept",
                at: was.keyLocation, in: before.spec, old: true)
        case (let was?, let now?):
            if was.name != now.name {
                add(
                    [.source], "\(type).\(was.name)", "renamed \(now.name) (the keys the type does not declare)",
                    at: now.keyLocation, in: after.spec)
            }
            let wasType = before.table.describe(was.type)
            let nowType = after.table.describe(now.type)
            if wasType != nowType, !isReportedRename(was.type, before.table, now.type, after.table) {
                let breaks: [APIBreak] =
                    sameJSON(was.type, before.spec, now.type, after.spec) ? [.source] : [.source, .wire]
                add(
                    breaks, "\(type).\(now.name)", "keys the type does not declare are now \(nowType) (was \(wasType))",
                    at: now.keyLocation, in: after.spec)
            }
        }
    }

    mutating func compareFields(
        _ type: String, _ oldFields: [Field], _ before: APISide.TypeEntry, _ newFields: [Field],
        _ after: APISide.TypeEntry
    ) {
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        let sent = old.sent.contains(type) || new.sent.contains(type)
        for field in oldFields where !newFields.contains(where: { $0.name == field.name }) {
            let symbol = "\(type).\(field.name)"
            // Still in the JSON under another Swift name: a rename for code, not for the wire.
            if newFields.contains(where: { $0.jsonKey == field.jsonKey }) {
                add(
                    [.source], symbol, "renamed (its JSON key '\(field.jsonKey)' stays)", at: field.keyLocation,
                    in: before.spec, old: true)
            } else {
                add(
                    [.source] + (decoded && !field.type.isOptional ? [.wire] : []), symbol,
                    "field '\(field.jsonKey)' removed", at: field.keyLocation, in: before.spec, old: true)
            }
        }
        for field in newFields {
            let symbol = "\(type).\(field.name)"
            let required = !field.type.isOptional && field.defaultValue == nil
            guard let previous = oldFields.first(where: { $0.name == field.name }) else {
                if oldFields.contains(where: { $0.jsonKey == field.jsonKey }) { continue }  // reported as a rename
                if required {
                    add(
                        [.source] + (sent ? [.wire] : []), symbol,
                        "required field '\(field.jsonKey)' added (a new argument of the memberwise init)",
                        at: field.keyLocation, in: after.spec)
                } else {
                    add([], symbol, "optional field '\(field.jsonKey)' added", at: field.keyLocation, in: after.spec)
                }
                continue
            }
            if previous.jsonKey != field.jsonKey {
                add(
                    [], symbol, "JSON key '\(previous.jsonKey)' is now '\(field.jsonKey)'", at: field.keyLocation,
                    in: after.spec)
            }
            let was = before.table.describe(previous.type.nonOptional)
            let now = after.table.describe(field.type.nonOptional)
            // Another name for the same JSON: a rename for code only, reported at the type
            // when the type was renamed; the field's optionality is compared as usual.
            var renamed = false
            if was != now {
                guard sameJSON(previous.type.nonOptional, before.spec, field.type.nonOptional, after.spec) else {
                    // A type that reads all the old one read (an enum with more values, an ID
                    // that may now be its object) breaks code, not the wire.
                    let widened = widens(previous.type.nonOptional, before, field.type.nonOptional, after)
                    let more =
                        Self.enumValues(previous.type, before.table) != nil
                        ? " (its values and more)" : " (all it read, and more)"
                    add(
                        widened ? [.source] : [.source, .wire], symbol,
                        "type \(was) is now \(now)" + (widened ? more : ""), at: field.keyLocation, in: after.spec)
                    continue
                }
                renamed = true
            }
            if renamed && !isReportedRename(previous.type, before.table, field.type, after.table) {
                add(
                    [.source], symbol, "type \(was) is now \(now) (the same JSON)", at: field.keyLocation,
                    in: after.spec)
            }
            if previous.type.isOptional, !field.type.isOptional {
                // Required now: a body must send it, and the init's argument loses its default.
                let breaks: [APIBreak] = sent ? [.source, .wire] : []
                add(
                    breaks, symbol, "optional field '\(field.jsonKey)' is now required", at: field.keyLocation,
                    in: after.spec)
            } else if !previous.type.isOptional, field.type.isOptional {
                // Optional now: apps already shipped expect it in every response.
                let breaks: [APIBreak] = decoded ? [.source, .wire] : []
                add(
                    breaks, symbol, "required field '\(field.jsonKey)' is now optional", at: field.keyLocation,
                    in: after.spec)
            }
        }
    }

    mutating func compareEnums(
        _ type: String, _ oldEnum: EnumInfo, _ before: APISide.TypeEntry, _ newEnum: EnumInfo,
        _ after: APISide.TypeEntry
    ) {
        let sent = old.sent.contains(type) || new.sent.contains(type)
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        for entry in oldEnum.cases where !newEnum.cases.contains(where: { $0.name == entry.name }) {
            add(
                [.source] + (sent ? [.wire] : []), "\(type).\(entry.name)", "case '\(entry.rawValue)' removed",
                at: after.decl.location, in: after.spec)
        }
        for entry in newEnum.cases {
            guard let previous = oldEnum.cases.first(where: { $0.name == entry.name }) else {
                // An app already shipped cannot decode the new value unless it has an unknown case.
                let breaks: [APIBreak] = decoded && oldEnum.unknownCaseName == nil ? [.wire] : []
                add(
                    breaks, "\(type).\(entry.name)",
                    "case '\(entry.rawValue)' added"
                        + (breaks.isEmpty ? "" : " (no unknown case decodes it in apps already shipped)"),
                    at: after.decl.location, in: after.spec)
                continue
            }
            if previous.rawValue != entry.rawValue {
                add(
                    [.wire], "\(type).\(entry.name)", "raw value '\(previous.rawValue)' is now '\(entry.rawValue)'",
                    at: after.decl.location, in: after.spec)
            }
        }
        if oldEnum.unknownCaseName != nil, newEnum.unknownCaseName == nil {
            add([.source], type, "no longer open: its unknown case is gone", at: after.decl.location, in: after.spec)
        }
    }

    mutating func compareOneOfs(
        _ type: String, _ oldChoice: OneOfInfo, _ before: APISide.TypeEntry, _ newChoice: OneOfInfo,
        _ after: APISide.TypeEntry
    ) {
        let decoded = old.decoded.contains(type) || new.decoded.contains(type)
        for variant in oldChoice.variants where !newChoice.variants.contains(where: { $0.name == variant.name }) {
            add([.source], "\(type).\(variant.name)", "case removed", at: after.decl.location, in: after.spec)
        }
        for variant in newChoice.variants {
            guard let previous = oldChoice.variants.first(where: { $0.name == variant.name }) else {
                let breaks: [APIBreak] = decoded && oldChoice.unknownCaseName == nil ? [.wire] : []
                add(
                    breaks, "\(type).\(variant.name)",
                    "case added" + (breaks.isEmpty ? "" : " (no unknown case decodes it in apps already shipped)"),
                    at: after.decl.location, in: after.spec)
                continue
            }
            let was = before.table.describe(previous.type)
            let now = after.table.describe(variant.type)
            if was != now && !isReportedRename(previous.type, before.table, variant.type, after.table) {
                let breaks: [APIBreak] =
                    widens(previous.type, before, variant.type, after) ? [.source] : [.source, .wire]
                add(
                    breaks, "\(type).\(variant.name)", "holds \(now) (was \(was))", at: after.decl.location,
                    in: after.spec)
            }
            if previous.tag != variant.tag {
                add(
                    [.wire], "\(type).\(variant.name)", "tag '\(previous.tag ?? "")' is now '\(variant.tag ?? "")'",
                    at: after.decl.location, in: after.spec)
            }
        }
        if oldChoice.discriminator != newChoice.discriminator {
            add(
                [.wire], type,
                "told apart by '\(newChoice.discriminator ?? "its JSON")' (was '\(oldChoice.discriminator ?? "its JSON")')",
                at: after.decl.location, in: after.spec)
        }
    }

    // MARK: endpoints

    mutating func compareEndpoints() {
        for (name, before) in old.endpoints where new.endpoints[name] == nil {
            add(
                [.source], "Endpoint.\(name)",
                "factory removed (\(before.endpoint.method.rawValue) \(before.endpoint.pathTemplate))",
                at: before.endpoint.location, in: before.spec, old: true)
        }
        for (name, after) in new.endpoints {
            let symbol = "Endpoint.\(name)"
            let endpoint = after.endpoint
            guard let before = old.endpoints[name]?.endpoint, let oldSpec = old.endpoints[name]?.spec else {
                add(
                    [], symbol, "factory added (\(endpoint.method.rawValue) \(endpoint.pathTemplate))",
                    at: endpoint.location, in: after.spec)
                continue
            }
            let location = endpoint.location
            if before.method != endpoint.method || before.pathTemplate != endpoint.pathTemplate {
                add(
                    [.wire], symbol,
                    "sends \(endpoint.method.rawValue) \(endpoint.pathTemplate) (was \(before.method.rawValue) \(before.pathTemplate))",
                    at: location, in: after.spec)
            }
            let was = before.response.map(oldSpec.types.describe) ?? "Void"
            let now = endpoint.response.map(after.spec.types.describe) ?? "Void"
            if was != now {
                if let oldResponse = before.response, let newResponse = endpoint.response,
                    sameJSON(oldResponse, oldSpec, newResponse, after.spec)
                {
                    if !isReportedRename(oldResponse, oldSpec.types, newResponse, after.spec.types) {
                        add(
                            [.source], symbol, "returns \(now) (was \(was); the same JSON)", at: location,
                            in: after.spec)
                    }
                } else {
                    add([.source, .wire], symbol, "returns \(now) (was \(was))", at: location, in: after.spec)
                }
            }
            let oldError = before.errorType.map(oldSpec.types.describe)
            let newError = endpoint.errorType.map(after.spec.types.describe)
            if oldError != newError {
                add(
                    [], symbol,
                    newError.map { "decodes \(endpoint.statusErrors.isEmpty ? "" : "other ")error bodies as \($0)" }
                        ?? "no longer decodes \(endpoint.statusErrors.isEmpty ? "" : "other ")error bodies",
                    at: location, in: after.spec)
            }
            reportStatusErrors(before, oldSpec, endpoint, after.spec, symbol: symbol, at: location)
            if before.kind != endpoint.kind {
                add(
                    [.source], symbol, "is now of kind '\(endpoint.kind.written)' (was '\(before.kind.written)')",
                    at: location, in: after.spec)
            }
            if (before.responseHeaders == nil) != (endpoint.responseHeaders == nil) {
                // Calls are the same; code that spells the factory's type (its kind becomes
                // `WithResponseHeaders<…>`, or stops being one) and what `response(for:)` returns break.
                add(
                    [.source], symbol,
                    endpoint.responseHeaders == nil
                        ? "no longer declares response headers" : "now declares response headers",
                    at: location, in: after.spec)
            }
            if before.envelope != endpoint.envelope {
                add([.wire], symbol, "its envelope changed", at: location, in: after.spec)
            }
            if before.stream != endpoint.stream {
                add(
                    [.source, .wire], symbol, endpoint.stream == nil ? "no longer streams" : "is now a stream",
                    at: location, in: after.spec)
            }
            if before.bodyEncoding != endpoint.bodyEncoding {
                add(
                    [.wire], symbol,
                    "sends its body as \(endpoint.bodyEncoding?.rawValue ?? "JSON") (was \(before.bodyEncoding?.rawValue ?? "JSON"))",
                    at: location, in: after.spec)
            }
            let describe = { (ir: EndpointIR) in
                ir.formDelimiters.map { "'\($0.key)' joined by '\($0.delimiter)'" }.joined(separator: ", ")
            }
            if describe(before) != describe(endpoint) {
                let now = describe(endpoint)
                let was = describe(before)
                add(
                    [.wire], symbol,
                    "writes form fields \(now.isEmpty ? "as its body encoding does" : now) (was \(was.isEmpty ? "as its body encoding does" : was))",
                    at: location, in: after.spec)
            }
            let oldNames = Set((before.query + before.headers + before.cookies).map(\.name))
            let newNames = Set((endpoint.query + endpoint.headers + endpoint.cookies).map(\.name))
            for removed in oldNames.subtracting(newNames).sorted() {
                add([.wire], symbol, "no longer sends '\(removed)'", at: location, in: after.spec)
            }
            compareArguments(symbol, before, oldSpec, endpoint, after.spec)
        }
    }

    /// An error type by status added, removed or changed: what a `catch` receives for that
    /// status changes, and no source or wire break.
    mutating func reportStatusErrors(
        _ before: EndpointIR, _ oldSpec: SpecIR, _ endpoint: EndpointIR, _ newSpec: SpecIR, symbol: String,
        at location: SourceLocation
    ) {
        let was = Dictionary(
            before.statusErrors.map { ($0.status, oldSpec.types.describe($0.type)) }, uniquingKeysWith: { a, _ in a })
        let now = Dictionary(
            endpoint.statusErrors.map { ($0.status, newSpec.types.describe($0.type)) }, uniquingKeysWith: { a, _ in a })
        for status in Set(was.keys).union(now.keys).sorted() where was[status] != now[status] {
            let message =
                now[status].map { "decodes \(status.written) error bodies as \($0)" }
                ?? "no longer decodes \(status.written) error bodies as \(was[status] ?? "")"
            add([], symbol, message, at: location, in: newSpec)
        }
    }

    mutating func compareArguments(
        _ symbol: String, _ before: EndpointIR, _ oldSpec: SpecIR, _ endpoint: EndpointIR, _ newSpec: SpecIR
    ) {
        func label(_ argument: EndpointIR.Argument) -> String { argument.label ?? argument.name }
        for argument in before.arguments where !endpoint.arguments.contains(where: { $0.name == argument.name }) {
            add([.source], symbol, "argument '\(label(argument))' removed", at: endpoint.location, in: newSpec)
        }
        for argument in endpoint.arguments {
            guard let previous = before.arguments.first(where: { $0.name == argument.name }) else {
                if argument.defaultValue == nil {
                    add(
                        [.source], symbol, "new argument '\(label(argument))' without a default", at: endpoint.location,
                        in: newSpec)
                } else {
                    add(
                        [], symbol, "new argument '\(label(argument))' with a default", at: endpoint.location,
                        in: newSpec)
                }
                continue
            }
            if label(previous) != label(argument) {
                add(
                    [.source], symbol, "argument label '\(label(previous))' is now '\(label(argument))'",
                    at: endpoint.location, in: newSpec)
            }
            let was = oldSpec.types.describe(previous.type)
            let now = newSpec.types.describe(argument.type)
            if was != now && !isReportedRename(previous.type, oldSpec.types, argument.type, newSpec.types) {
                add(
                    [.source], symbol, "argument '\(label(argument))' is now \(now) (was \(was))",
                    at: endpoint.location, in: newSpec)
            }
            if previous.defaultValue != nil, argument.defaultValue == nil {
                add(
                    [.source], symbol, "argument '\(label(argument))' lost its default", at: endpoint.location,
                    in: newSpec)
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
            add(
                [.source], "\(before.mapping.model).init(from:)", "domain mapping \(key) removed",
                at: before.mapping.location, in: before.spec, old: true)
        }
        for (key, after) in new.mappings where old.mappings[key] == nil {
            add(
                [], "\(after.mapping.model).init(from:)", "domain mapping \(key) added", at: after.mapping.location,
                in: after.spec)
        }
    }
}
