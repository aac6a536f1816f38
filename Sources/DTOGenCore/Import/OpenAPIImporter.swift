import YAMLReader

public struct ImportOptions: Sendable {
    /// The spec's `name` (default: from the document's title).
    public var name: String?
    /// `options.namespace` of the spec.
    public var namespace: String?
    /// Keep string enums and tagged one-ofs closed: by default they are open (`options.enums:
    /// "open"`, `$unknown` on tagged one-ofs), so a value the API adds later never fails a decode.
    public var closedEnums: Bool
    /// The operations to keep (operationIds, endpoint names or `tag:NAME`), with only the
    /// types they reach; empty: every operation and every schema. For teams that call a part
    /// of a big API: less code to compile.
    public var operations: [String]
    /// What the spec an earlier import wrote decided (`dtogen import --update`): its names
    /// and number of DTO files are kept.
    public var previous: PreviousImport?
    /// `options.naming`: how the names import writes (types, endpoints, a key's `$name`) are
    /// cased, as the spec's own names are (`camel` is written into the spec).
    public var naming: NamingStyle
    /// The spec's `externalTypes` (`--external-type Money=Shop.Money`): name → the app's Swift
    /// type. A component schema of that name (or whose type would be named so) is not
    /// declared; every use of it spells the app's type.
    public var externalTypes: [String: String]

    /// `NAME=SwiftType` (`--external-type`): the name and the app's type, when both are type
    /// names (the Swift type may be qualified, `Shop.Money`).
    public static func externalType(_ text: String) -> (name: String, swiftType: String)? {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0) }
        guard parts.count == 2, SwiftName.isTypeName(parts[0]), !SpecReader.builtinScalars.contains(parts[0]),
            TypeResolver.isSwiftTypeName(parts[1])
        else { return nil }
        return (parts[0], parts[1])
    }

    public init(
        name: String? = nil, namespace: String? = nil, closedEnums: Bool = false, operations: [String] = [],
        previous: PreviousImport? = nil, naming: NamingStyle = .swift, externalTypes: [String: String] = [:]
    ) {
        self.name = name
        self.namespace = namespace
        self.closedEnums = closedEnums
        self.operations = operations
        self.previous = previous
        self.naming = naming
        self.externalTypes = externalTypes
    }
}

public struct ImportResult: Sendable {
    /// The dtogen spec; empty when the document cannot be read.
    public var spec: String
    /// Errors (the document cannot be read, a `$ref` does not resolve) and warnings (what
    /// is not supported, with its JSON pointer), at the document's line and column.
    public var diagnostics: [Diagnostic]
    /// Endpoint kinds the spec names that the app writes (API keys, basic auth): name and
    /// what the security scheme says they send.
    public var customKinds: [(name: String, detail: String)]
    /// The other files the document's references reached, as read (each once).
    public var otherFiles: [String] = []
    /// The spec import built, as the stages read it: reading `spec` gives it back.
    var built: Spec?
    /// How many endpoints and types the spec has (nil when nothing was built).
    public var counts: (endpoints: Int, types: Int)? { built.map { ($0.endpoints.count, $0.types.count) } }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// `dtogen import`: an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML) as a dtogen
/// spec. Schemas become `types` (`allOf` merged, `oneOf`/`anyOf` as `$oneOf`, tagged by a
/// `discriminator`), operations become endpoints (parameters, bodies with their encoding,
/// the success response, an error type, the kind from the security scheme). What dtogen
/// cannot express is left out with a warning that names its JSON pointer.
public enum OpenAPIImporter {
    /// `read`: how a file that a `$ref` names is read, by its path (relative to the working
    /// folder like `path`, or absolute); without it such a reference is an error.
    public static func importDocument(
        bytes: [UInt8], path: String, options: ImportOptions = ImportOptions(),
        read: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }
    ) -> ImportResult {
        let root: JSONNode
        do {
            root = try Self.read(bytes)
        } catch {
            return ImportResult(
                spec: "", diagnostics: [Diagnostic(.error, "DTG4014", file: path, at: error.location, error.message)],
                customKinds: [], otherFiles: [])
        }
        var translator = OpenAPITranslator(root: root, file: path, read: read)
        let spec = translator.translate(options: options)
        // Each operation asked for must exist (the translation lists the document's).
        var unknownOperations = false
        for entry in options.operations {
            if let problem = OperationSelection.problem(with: entry, in: translator.operationTable, document: path) {
                translator.diagnostics.append(Diagnostic(.error, "DTG4015", file: path, at: root.location, problem))
                unknownOperations = true
            }
        }
        guard let spec, !unknownOperations else {
            return ImportResult(
                spec: "", diagnostics: translator.diagnostics.sorted(), customKinds: [],
                otherFiles: translator.documents.otherPaths)
        }
        // The spec the check kept, printed by the spec format's writer.
        return ImportResult(
            spec: SpecWriter.text(spec), diagnostics: translator.diagnostics.sorted(),
            customKinds: translator.customKinds, otherFiles: translator.documents.otherPaths, built: spec)
    }

    /// The translation as data, for specs backed by a document: nil (with diagnostics) when
    /// the document cannot be read. Not checked: the build leaves out what its stages reject
    /// (`OpenAPIBackedSpec.leavingOut`).
    /// `file`: the `SourceLocation.file` the document's nodes carry.
    static func translate(
        bytes: [UInt8], path: String, selection: OperationSelection?, file: UInt32 = 0,
        options: ImportOptions = ImportOptions(),
        read: @escaping OpenAPIDocuments.FileReader = { _ in nil }
    ) -> (spec: DraftJSON?, translator: OpenAPITranslator) {
        let root: JSONNode
        do {
            root = try Self.read(bytes, file: file)
        } catch {
            var failed = OpenAPITranslator(root: JSONNode(value: .null, location: error.location), file: path)
            failed.diagnostics = [Diagnostic(.error, "DTG4016", file: path, at: error.location, error.message)]
            return (nil, failed)
        }
        var translator = OpenAPITranslator(root: root, file: path, firstFile: file, read: read)
        translator.selection = selection
        let spec = translator.translate(options: options, checks: false)
        return (spec.map { SpecWriter.json($0, locating: true) }, translator)
    }

    /// JSON when the text starts with `{`, YAML otherwise (YAML 1.2 reads JSON too, but the
    /// JSON reader is stricter and faster).
    static func read(_ bytes: [UInt8], file: UInt32 = 0) throws(DocumentError) -> JSONNode {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") {
            do {
                return try JSONReader.parse(bytes: bytes, file: file)
            } catch {
                throw DocumentError(location: error.location, message: error.message)
            }
        }
        do {
            return try YAMLReader.parse(bytes: bytes, file: file)
        } catch {
            throw DocumentError(location: error.location, message: error.message)
        }
    }

    struct DocumentError: Error {
        var location: SourceLocation
        var message: String
    }
}

/// The operations a spec backed by a document uses, or `dtogen import --operations` keeps:
/// operationIds (or endpoint names) and `tag:NAME`s.
struct OperationSelection: Sendable {
    var ids: Set<String>
    var tags: Set<String>

    /// Entries as written: an operationId, an endpoint name or `tag:NAME`.
    init(_ entries: [String]) {
        ids = []
        tags = []
        for entry in entries {
            if let tag = Self.tag(entry) { tags.insert(tag) } else { ids.insert(entry) }
        }
    }

    static func tag(_ entry: String) -> String? {
        entry.hasPrefix("tag:") ? String(entry.dropFirst(4)) : nil
    }

    func contains(id: String?, name: String, tags operationTags: [String]) -> Bool {
        ids.contains(name) || id.map(ids.contains) == true || operationTags.contains(where: tags.contains)
    }

    /// Why `entry` selects nothing in `document`'s operations; nil when it selects one.
    static func problem(
        with entry: String, in operations: [(id: String?, name: String, tags: [String])], document: String
    ) -> String? {
        if let tag = tag(entry) {
            guard !operations.contains(where: { $0.tags.contains(tag) }) else { return nil }
            let known = Array(Set(operations.flatMap(\.tags))).sorted()
            return "no operation of \(document) has the tag '\(tag)'\(Suggest.hint(for: tag, in: known))"
        }
        guard !operations.contains(where: { $0.id == entry || $0.name == entry }) else { return nil }
        return "\(document) has no operation '\(entry)'\(Suggest.hint(for: entry, in: operations.compactMap(\.id)))"
    }
}

/// One document's translation.
struct OpenAPITranslator {
    let root: JSONNode
    let file: String
    var diagnostics: [Diagnostic] = []
    var customKinds: [(name: String, detail: String)] = []
    /// The kind each Swift name of a scheme the app writes was given (schemes that give one
    /// name are one kind).
    var customKindNames: [String: String] = [:]
    let swagger2: Bool
    /// Component schema key → type name (scalar aliases are inlined and have none).
    var typeNames: [String: String] = [:]
    var takenEndpointNames = NameScope()
    /// `options.naming`, for every name import writes.
    var naming = NamingStyle.swift
    /// Every operation of the document: its operationId, endpoint name and tags.
    var operationTable: [(id: String?, name: String, tags: [String])] = []
    /// The operations a backed spec selects (`"operations"`); nil: all.
    var selection: OperationSelection?
    /// The wrapper most responses share, when there is one (`{code, msg, data}`).
    var envelope: DetectedEnvelope?
    /// Component schemas that are that wrapper: unwrapped, not declared.
    var wrapperSchemas: Set<String> = []
    /// Component schemas that allow `null`: the type is declared non-optional and every use
    /// of it is optional (a type in `types` cannot be optional).
    var nullableSchemas: Set<String> = []
    /// Where the type being translated goes (`SchemaUse`): what its `readOnly`, `writeOnly`,
    /// required and nullable properties become follows from it.
    var translating = SchemaUse.received
    /// The document and the files its references reach.
    var documents: OpenAPIDocuments
    /// Tagged one-ofs get `$unknown` (off with `closedEnums`).
    var openChoices = true
    /// API-key security schemes written as the spec's `kinds`: scheme, kind name, declaration.
    var declaredKinds: [(scheme: String, kind: KindDeclaration)] = []
    /// Type names taken (components' and other files' schemas).
    var takenTypeNames = NameScope()
    /// References already reported as pointing at nothing (each is reported once).
    var danglingReported: Set<String> = []
    /// Schemas in other files that become named types: where they are → their name.
    var externalTypeNames: [String: String] = [:]
    /// Those whose type is not written yet, in the order they were met.
    var pendingExternalTypes: [(name: String, node: JSONNode, pointer: String)] = []
    /// Schemas in other files that allow `null` (optional where used, like `nullableSchemas`).
    var nullableExternalTypes: Set<String> = []
    /// `externalTypes`: the app's own types, by the name the spec uses.
    var appTypes: [String: String] = [:]
    /// Component schemas that are the app's own types: named, never declared.
    var appSchemas: Set<String> = []
    /// A parameter's schema is being translated: what it sends, so no `$default` is read into it.
    var translatingParameter = false

    /// `read`: how files that references name are read (none: a reference to another file
    /// is an error that says so). `firstFile`: the `SourceLocation.file` of the document's nodes.
    init(
        root: JSONNode, file: String, firstFile: UInt32 = 0, read: @escaping OpenAPIDocuments.FileReader = { _ in nil }
    ) {
        self.root = root
        self.file = file
        swagger2 = root["swagger"] != nil
        documents = OpenAPIDocuments(path: file, root: root, firstFile: firstFile, read: read)
    }

    var schemaPrefix: String { swagger2 ? "#/definitions/" : "#/components/schemas/" }
    var schemas: [JSONNode.Member] { (swagger2 ? root["definitions"] : root["components"]?["schemas"])?.members ?? [] }

    mutating func warn(_ code: DiagnosticCode, _ node: JSONNode, _ pointer: String, _ message: String) {
        diagnostics.append(
            Diagnostic(
                .warning, code, file: documents.path(of: node.location), at: node.location, "\(pointer): \(message)"))
    }

    mutating func fail(_ code: DiagnosticCode, _ node: JSONNode, _ message: String) {
        diagnostics.append(
            Diagnostic(.error, code, file: documents.path(of: node.location), at: node.location, message))
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: document

    /// `checks`: whether what the stages reject is left out now (`dtogen import`), or by the
    /// build that reads a spec backed by the document, from the errors of its one run. With
    /// `checks`, the spec without what is left out.
    mutating func translate(options: ImportOptions, checks: Bool = true) -> Spec? {
        openChoices = !options.closedEnums
        naming = options.naming
        appTypes = options.externalTypes
        for name in appTypes.keys { takenTypeNames.reserve(name) }
        if !options.operations.isEmpty { selection = OperationSelection(options.operations) }
        guard root.members != nil else {
            fail("DTG4043", root, "an OpenAPI document is an object, found \(root.kindDescription)")
            return nil
        }
        if let version = root["openapi"]?.stringValue ?? root["swagger"]?.stringValue {
            guard version.hasPrefix("3.") || version == "2.0" else {
                fail(
                    "DTG4044", root["openapi"] ?? root["swagger"] ?? root,
                    "OpenAPI \(version) is not supported; dtogen reads 2.0 (Swagger), 3.0 and 3.1")
                return nil
            }
        } else {
            fail("DTG4045", root, "not an OpenAPI document: no 'openapi' or 'swagger' key")
            return nil
        }
        // Names first, so references can be written before their types.
        // Schemas whose names clash once made Swift names (`user_id`, `UserId`) take them in a
        // fixed order, not the document's: the one written as its Swift name first, then one
        // whose name gives it without a suffix (`error-object`, before `Error`, which would
        // shadow Swift's), then by name. A schema added later never renames one already there
        // unless it sorts first.
        var taken = NameScope(appTypes.keys)
        let rawKeys = Set(schemas.map(\.key))
        nameAppSchemas()
        var named: [(key: String, node: JSONNode, candidate: String, builtin: Bool)] = []
        for member in schemas where !isScalarAlias(member.value) && !appSchemas.contains(member.key) {
            let (candidate, builtin) = ImportedNames.component(member.key, style: naming)
            named.append((member.key, member.value, candidate, builtin))
        }
        func rank(_ entry: (key: String, node: JSONNode, candidate: String, builtin: Bool)) -> Int {
            entry.key == entry.candidate ? 0 : SwiftName.upperCamel(entry.key, style: naming) == entry.candidate ? 1 : 2
        }
        named.sort { a, b in
            if a.candidate != b.candidate { return a.candidate < b.candidate }
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            return a.key < b.key
        }
        for entry in named {
            // A built-in's rename never takes another schema's key as its name either.
            let name = (entry.builtin ? NameScope(taken.names.union(rawKeys)) : taken).free(entry.candidate)
            if entry.builtin {
                let why =
                    EndpointResolver.genericParameterNames.contains(SwiftName.type(entry.key, style: naming))
                    ? "a generic parameter of the endpoints' factories" : "a built-in type of dtogen specs"
                warn(
                    "DTG4019", entry.node, schemaPrefix + Self.escape(entry.key),
                    "'\(SwiftName.type(entry.key, style: naming))' is \(why); this schema is imported as '\(name)'")
            }
            taken.reserve(name)
            typeNames[entry.key] = name
            takenTypeNames.reserve(name)
        }
        for member in schemas where typeNames[member.key] != nil && Self.allowsNull(member.value) {
            nullableSchemas.insert(member.key)
        }
        detectEnvelope()
        // A component that is a reference to a schema in another file is that schema's type,
        // under the component's name.
        var componentsInOtherFiles: Set<String> = []
        for member in schemas where !appSchemas.contains(member.key) {
            guard let name = typeNames[member.key], let ref = member.value["$ref"]?.stringValue, !ref.hasPrefix("#"),
                let (target, node) = resolveTarget(
                    ref, at: member.value, pointer: schemaPrefix + Self.escape(member.key)),
                target.file != 0, node["$ref"] == nil, node.members != nil, !isScalarAlias(node),
                externalTypeNames[target.key] == nil
            else { continue }
            externalTypeNames[target.key] = name
            if Self.allowsNull(node) { nullableExternalTypes.insert(target.key) }
            pendingExternalTypes.append((name, node, ref))
            componentsInOtherFiles.insert(member.key)
        }
        let heldByResponses = schemasHeldByResponses()
        let heldByRequests = schemasHeldByRequests()
        var types: [(String, ShapeSpec)] = []
        // What translating each type reported: left out with the type when no kept operation
        // reaches it.
        var reportedFor: [String: Range<Int>] = [:]
        for member in schemas
        where typeNames[member.key] != nil && !wrapperSchemas.contains(member.key)
            && !componentsInOtherFiles.contains(member.key) && !appSchemas.contains(member.key)
        {
            let pointer = schemaPrefix + Self.escape(member.key)
            let reported = diagnostics.count
            defer { reportedFor[typeNames[member.key] ?? member.key] = reported..<diagnostics.count }
            translating = SchemaUse(
                sent: heldByRequests?.contains(member.key) ?? true,
                received: heldByResponses?.contains(member.key) ?? true)
            var shape = self.shape(member.value, pointer: pointer, hint: typeNames[member.key] ?? member.key)
            translating = .received
            shape.optional = false  // optional at each use instead (`nullableSchemas`)
            Self.markDeprecated(&shape, member.value)
            types.append((typeNames[member.key] ?? member.key, shape.placed(at: member.value.location)))
        }
        // The schemas the app's types replace, for `verify`.
        var appTypeSchemas: [String: ShapeSpec] = [:]
        for member in schemas where appSchemas.contains(member.key) {
            guard let name = typeNames[member.key] else { continue }
            translating = SchemaUse(
                sent: heldByRequests?.contains(member.key) ?? true,
                received: heldByResponses?.contains(member.key) ?? true)
            var shape = self.shape(member.value, pointer: schemaPrefix + Self.escape(member.key), hint: name)
            translating = .received
            shape.optional = false
            shape.doc = nil
            appTypeSchemas[name] = shape.unplacedThroughout
        }
        var endpoints = operations()
        // Schemas of other files that endpoints and types reach, as they were met (each may
        // reach more).
        while !pendingExternalTypes.isEmpty {
            let (name, node, pointer) = pendingExternalTypes.removeFirst()
            // Where it goes is not followed into other files: it may be sent, and read.
            translating = SchemaUse(sent: heldByRequests == nil, received: true)
            var shape = self.shape(node, pointer: pointer, hint: name)
            translating = .received
            shape.optional = false
            Self.markDeprecated(&shape, node)
            types.append((name, shape.placed(at: node.location)))
        }
        (types, endpoints) = SharedShapes.shared(
            types: types, endpoints: endpoints, taken: takenTypeNames.names, previous: options.previous,
            naming: naming)
        // A part of the API: only the types its operations reach, and only what they report.
        if !options.operations.isEmpty {
            let kept = Self.reachable(types, from: endpoints)
            let keptNames = Set(kept.map(\.0))
            let dropped = types.filter { !keptNames.contains($0.0) }.compactMap { reportedFor[$0.0] }
            diagnostics = diagnostics.enumerated().filter { entry in !dropped.contains { $0.contains(entry.offset) } }
                .map(\.element)
            types = kept
        }
        var spec = Spec(
            path: "import.json", types: types.map { NamedShape(name: $0.0, nameLocation: .unplaced, shape: $0.1) },
            endpoints: endpoints, location: .unplaced)
        let title = root["info"]?["title"]?.stringValue ?? "API"
        var name = options.name ?? SwiftName.type(title, style: naming)
        if !SwiftName.isTypeName(name) { name = "API" }
        spec.name = .unplaced(name)
        spec.baseURL = baseURL().map { .unplaced($0) }
        spec.namespace = options.namespace.map { .unplaced($0) }
        if !options.closedEnums { spec.enums = .unplaced(.open) }
        if naming != .swift { spec.naming = .unplaced(naming) }
        // A document declares schemas for its readers, some that no operation uses (events,
        // webhooks): generated without a warning.
        if !types.isEmpty, !endpoints.isEmpty { spec.unusedTypes = .unplaced(.generate) }
        // A big document's DTOs in several files, so they compile in parallel; as many as the
        // earlier import chose, so that no type moves to another file.
        let files = options.previous?.dtoFiles ?? Self.dtoFiles(forTypeCount: types.count)
        if files > 1 { spec.dtoFiles = .unplaced(files) }
        spec.envelope = envelope.map { .unplaced($0.spec) }
        spec.kinds = declaredKinds.map(\.kind)
        spec.externalTypes = appTypes.sorted { $0.key < $1.key }.map { name, swiftType in
            ExternalTypeSpec(name: .unplaced(name), swiftType: .unplaced(swiftType), schema: appTypeSchemas[name])
        }
        guard checks else { return spec }
        let documents = self.documents
        let (built, leftOut) = ImportCheck.accepted(spec) { documents.path(of: $0) }
        diagnostics += leftOut
        return built
    }

    /// The types `endpoints` refer to, directly or through other types, in their order.
    static func reachable(_ types: [(String, ShapeSpec)], from endpoints: [EndpointSpec]) -> [(String, ShapeSpec)] {
        let roots = endpoints.flatMap { endpoint -> [ShapeSpec] in
            let parameters: [PropertySpec] = endpoint.params + endpoint.query + endpoint.headers + endpoint.cookies
            let errors = ([endpoint.error].compactMap { $0 } + endpoint.errors.map(\.type)).map {
                ShapeSpec(.reference($0.value))
            }
            return parameters.map(\.shape) + [endpoint.body, endpoint.response].compactMap { $0 }
                + endpoint.responses.compactMap(\.shape) + errors
        }
        let reached = ImportedTypes.reached(
            from: roots, types: Dictionary(types.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first }),
            names: { SpecReferences.uses(in: $0).map(\.name) })
        return types.filter { reached.contains($0.0) }
    }

    /// A document of more than a hundred types has its DTOs in `splitDTOFiles` files, however
    /// many it has: a type's file follows from its name and that count alone, so a new
    /// version of the document (types added or removed) moves no other type.
    static func dtoFiles(forTypeCount count: Int) -> Int {
        count > 100 ? splitDTOFiles : 1
    }

    /// 16: OpenAI's 1,540 types (the most of the big documents) at about a hundred a file.
    static let splitDTOFiles = 16

    mutating func baseURL() -> String? {
        if swagger2 {
            guard let host = root["host"]?.stringValue else { return nil }
            let scheme = root["schemes"]?.elements?.first?.stringValue ?? "https"
            var base = root["basePath"]?.stringValue ?? ""
            if base == "/" { base = "" }
            return "\(scheme)://\(host)\(base)"
        }
        guard let server = root["servers"]?.elements?.first, var url = server["url"]?.stringValue else { return nil }
        for variable in server["variables"]?.members ?? [] {
            let value = variable.value["default"]?.stringValue ?? ""
            url = url.replacingOccurrences(of: "{\(variable.key)}", with: value)
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            warn(
                "DTG4020", server, "#/servers/0",
                "the server URL '\(url)' is relative; the spec has no baseURL (pass one to APIClient)")
            return nil
        }
        if url.hasSuffix("/") { url.removeLast() }
        if let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) { url = String(url[..<cut]) }
        return url
    }

    // MARK: references

    /// The node a `$ref` points at: in this file, or in the file it names (read once).
    mutating func resolve(_ ref: String, at node: JSONNode, pointer: String) -> JSONNode? {
        resolveTarget(ref, at: node, pointer: pointer)?.node
    }

    /// Where a `$ref` leads and the node there; nil (with an error at the reference) when it
    /// cannot be followed. `dangling`: what a pointer to nothing in a file that was read is
    /// (a schema's reference says so as a warning and reads the value as JSON).
    mutating func resolveTarget(
        _ ref: String, at node: JSONNode, pointer: String, dangling: Diagnostic.Severity = .error,
        consequence: String = ""
    ) -> (target: OpenAPIDocuments.Target, node: JSONNode)? {
        let at = node["$ref"] ?? node
        switch documents.target(of: ref, from: at.location) {
        case .failure(.message(let message)):
            fail("DTG4046", at, "\(pointer): \(message)")
            return nil
        case .failure(.unreadable(let location, let message)):
            fail("DTG4047", at, "\(pointer): the file of the reference '\(ref)' cannot be read")
            diagnostics.append(Diagnostic(.error, "DTG4021", file: documents.path(of: location), at: location, message))
            return nil
        case .success(let target):
            switch documents.node(at: target) {
            case .success(let found): return (target, found)
            case .failure(.message(let missing)):
                // A warning once per reference; an error wherever it stops something.
                if dangling == .error || danglingReported.insert(target.key).inserted {
                    let also = dangling == .warning ? " (and wherever else it is used)" : ""
                    diagnostics.append(
                        Diagnostic(
                            dangling, "DTG4022", file: documents.path(of: at.location), at: at.location,
                            "\(pointer): the reference '\(ref)' does not resolve (\(missing))\(consequence)\(also)"))
                }
                return nil
            case .failure(.unreadable): return nil
            }
        }
    }

    /// `followed` without a diagnostic: for a look ahead at what a translation that reports
    /// its own problems will read.
    mutating func quietlyFollowed(_ node: JSONNode) -> JSONNode? {
        var current = node
        for _ in 0..<32 {
            guard let ref = current["$ref"]?.stringValue else { return current }
            guard case .success(let target) = documents.target(of: ref, from: (current["$ref"] ?? current).location),
                case .success(let found) = documents.node(at: target)
            else { return nil }
            current = found
        }
        return nil
    }

    /// Follows `$ref`s (parameters, request bodies, responses) to the node they name.
    mutating func followed(_ node: JSONNode, pointer: String) -> JSONNode? {
        var current = node
        var steps = 0
        while let ref = current["$ref"]?.stringValue {
            guard steps < 32, let next = resolve(ref, at: current, pointer: pointer) else { return nil }
            current = next
            steps += 1
        }
        return current
    }

    /// A named schema that is only a scalar (`DOB: { type: string, format: date-time }`):
    /// inlined where it is used rather than declared.
    func isScalarAlias(_ schema: JSONNode) -> Bool {
        guard schema["$ref"] == nil, schema["enum"] == nil, schema["properties"] == nil, schema["allOf"] == nil,
            schema["oneOf"] == nil, schema["anyOf"] == nil, schema["additionalProperties"] == nil
        else { return false }
        let types = Self.types(of: schema).filter { $0 != "null" }
        return types.count == 1 && ["string", "integer", "number", "boolean"].contains(types[0])
    }

    static func types(of schema: JSONNode) -> [String] {
        if let single = schema["type"]?.stringValue { return [single] }
        return schema["type"]?.elements?.compactMap(\.stringValue) ?? []
    }

    /// Whether a schema admits `null`: `nullable: true` (3.0), a `null` type (3.1), or a
    /// `null` variant of its `oneOf`/`anyOf`.
    static func allowsNull(_ schema: JSONNode) -> Bool {
        schema["nullable"]?.boolValue == true || types(of: schema).contains("null")
            || ((schema["oneOf"] ?? schema["anyOf"])?.elements ?? []).contains { types(of: $0) == ["null"] }
    }

    // MARK: schemas

    /// The shape of a schema. `hint` names inline types where dtogen needs a name.
    mutating func shape(_ schema: JSONNode, pointer: String, hint: String, inMultipart: Bool = false) -> ShapeSpec {
        var shape = bareShape(schema, pointer: pointer, hint: hint, inMultipart: inMultipart)
        shape.location = schema.location
        if schema["nullable"]?.boolValue == true || Self.types(of: schema).contains("null") { shape.optional = true }
        if let doc = (schema["description"] ?? schema["title"])?.stringValue, !doc.isEmpty,
            schema["$ref"] == nil || !swagger2
        {
            shape.doc = .unplaced(doc)
        }
        return shape
    }

    mutating func bareShape(_ schema: JSONNode, pointer: String, hint: String, inMultipart: Bool) -> ShapeSpec {
        guard schema.members != nil else {
            if schema.boolValue == true { return ShapeSpec(.reference("JSON")) }
            warn("DTG4023", schema, pointer, "a schema is an object, found \(schema.kindDescription); read as JSON")
            return ShapeSpec(.reference("JSON"))
        }
        if let ref = schema["$ref"]?.stringValue {
            // A component's type, a schema's of another file, else the schema where it is used.
            // One schema the document names but does not declare (Square's
            // `CatalogModifierToggleOverrideType`) leaves its uses untyped, not the document out.
            guard
                let (target, node) = resolveTarget(
                    ref, at: schema, pointer: pointer, dangling: .warning, consequence: "; read as JSON")
            else {
                return ShapeSpec(.reference("JSON"))
            }
            if let named = externalType(target, node, ref: ref) { return named }
            return bareShape(node, pointer: ref, hint: hint, inMultipart: inMultipart)
        }
        if let parts = schema["allOf"]?.elements {
            return allOf(parts, schema: schema, pointer: pointer, hint: hint)
        }
        // Variants that only constrain the schema's own value (GitHub's gist update: `anyOf:
        // [{ required: [description] }, { required: [files] }]` beside its properties) are
        // rules, not a choice of types: the schema is translated without them.
        if let parts = (schema["oneOf"] ?? schema["anyOf"])?.elements, !parts.isEmpty,
            parts.allSatisfy(Self.onlyConstrains), let members = schema.members
        {
            let without = JSONNode(
                value: .object(members.filter { $0.key != "oneOf" && $0.key != "anyOf" }), location: schema.location)
            return bareShape(without, pointer: pointer, hint: hint, inMultipart: inMultipart)
        }
        if let parts = (schema["oneOf"] ?? schema["anyOf"])?.elements {
            return oneOf(
                parts, schema: schema, pointer: pointer + (schema["oneOf"] != nil ? "/oneOf" : "/anyOf"), hint: hint)
        }
        if let values = schema["enum"]?.elements {
            let strings = values.compactMap(\.stringValue)
            // An enum is its own type where it is written, even when a component enum has the
            // same values: typed as the first such component by name, it changed type when
            // that component gained a value, or when one that sorts first appeared.
            // `type: string` beside `true` and `false` (Linode's `replication_commit_type`, YAML
            // 1.1's `on` and `off`): only the strings are values the schema allows.
            let onlyStrings = Self.types(of: schema).filter { $0 != "null" } == ["string"]
            if !strings.isEmpty, onlyStrings, strings.count != values.filter({ $0.value != .null }).count {
                warn(
                    "DTG4048", schema["enum"] ?? schema, pointer + "/enum",
                    "the schema's type is string: the enum's values that are not strings are left out")
            }
            if !strings.isEmpty, onlyStrings || strings.count == values.filter({ $0.value != .null }).count {
                var unique: [String] = []
                for value in strings where !unique.contains(value) { unique.append(value) }
                return ShapeSpec(
                    .enumeration(unique.map(Located.unplaced)), optional: values.contains { $0.value == .null })
            }
            if !values.isEmpty, values.allSatisfy({ $0.stringValue == nil }) {
                // Numbers or booleans: the values are not kept, the type is.
            } else {
                warn(
                    "DTG4024", schema["enum"] ?? schema, pointer + "/enum",
                    "an enum of mixed values is read as its type, without the list")
            }
        }
        let types = Self.types(of: schema).filter { $0 != "null" }
        if types.count > 1 {
            let variants = types.map { type -> OneOfVariantSpec in
                var single = schema
                if case .object(let members) = schema.value {
                    single.value = .object(
                        members.filter { $0.key != "type" } + [
                            JSONNode.Member(
                                key: "type", keyLocation: schema.location,
                                value: JSONNode(value: .string(type), location: schema.location))
                        ])
                }
                return OneOfVariantSpec(
                    shape: bareShape(single, pointer: pointer, hint: hint, inMultipart: inMultipart).unplaced)
            }
            return ShapeSpec(.oneOf(variants))
        }
        let format = schema["format"]?.stringValue ?? ""
        let encoding = schema["contentEncoding"]?.stringValue ?? ""
        func scalar(_ name: String, format: DateFormatSpec? = nil) -> ShapeSpec {
            var shape = ShapeSpec(.reference(name))
            shape.format = format.map { .unplaced(.date($0)) }
            return shape
        }
        switch types.first {
        case "string":
            switch format {
            case "date-time": return scalar("Date")
            case "date": return scalar("Date", format: .pattern("yyyy-MM-dd"))
            case "uuid": return scalar("UUID")
            case "uri", "url": return scalar("URL")
            case "byte": return scalar("Data")
            case "binary": return scalar(inMultipart ? "File" : "Data")
            default:
                if encoding == "base64" { return scalar("Data") }
                if encoding == "binary" { return scalar(inMultipart ? "File" : "Data") }
                return scalar("String")
            }
        case "integer":
            // Stripe's `format: unix-time`: seconds since 1970.
            if format == "unix-time" { return scalar("Date", format: .secondsSince1970) }
            return scalar(format == "int64" ? "Int64" : "Int")
        case "number":
            switch format {
            case "decimal": return scalar("Decimal")
            case "float": return scalar("Float")
            default: return scalar("Double")
            }
        case "boolean": return scalar("Bool")
        case "file": return scalar(inMultipart ? "File" : "Data")
        case "array":
            guard let items = schema["items"] else { return ShapeSpec(.array(ShapeSpec(.reference("JSON")))) }
            var element = shape(
                items, pointer: pointer + "/items", hint: SwiftName.singular(hint), inMultipart: inMultipart)
            element.doc = nil
            // A date format belongs on the field, not the element.
            if element.reference == "Date", let format = element.format {
                var shape = ShapeSpec(.array(ShapeSpec(.reference("Date"), optional: element.optional)))
                shape.format = format
                return shape
            }
            return ShapeSpec(.array(element.unplaced))
        default:
            if schema["properties"] != nil || types.first == "object" || schema["additionalProperties"] != nil {
                return object(schema, pointer: pointer, hint: hint, inMultipart: inMultipart)
            }
            return scalar("JSON")
        }
    }

    /// A schema's properties; the map itself may be a reference (`properties: { $ref: ... }`,
    /// as DigitalOcean writes shared property sets).
    mutating func properties(of schema: JSONNode, pointer: String) -> [JSONNode.Member] {
        guard let map = schema["properties"] else { return [] }
        if map["$ref"]?.stringValue != nil, map.members?.count == 1 {
            return followed(map, pointer: pointer + "/properties")?.members ?? []
        }
        return map.members ?? []
    }

    mutating func object(_ schema: JSONNode, pointer: String, hint: String, inMultipart: Bool) -> ShapeSpec {
        let properties = self.properties(of: schema, pointer: pointer)
        let additional = schema["additionalProperties"]
        if properties.isEmpty {
            if let additional, additional.members != nil {
                var value = shape(additional, pointer: pointer + "/additionalProperties", hint: hint + "Value")
                value.doc = nil
                return ShapeSpec(.dictionary(value.unplaced))
            }
            return ShapeSpec(.dictionary(ShapeSpec(.reference("JSON"))))
        }
        let required = Set(schema["required"]?.elements?.compactMap(\.stringValue) ?? [])
        var fields: [PropertySpec] = []
        var fieldNames = NameScope()
        for property in properties {
            // What only the server sets: `$readOnly` in a type that is sent and read, not a field
            // at all in one that is only sent.
            let readOnly = translating.sent && isReadOnly(property.value, depth: 0)
            if readOnly, !translating.received { continue }
            var field = shape(
                property.value, pointer: pointer + "/properties/" + Self.escape(property.key),
                hint: SwiftName.type(property.key, style: naming), inMultipart: inMultipart)
            // `readOnly` (the server sets it: a request body need not have it) and `writeOnly`
            // (a password: a response does not have it) are never required of both; in a type
            // no response holds (a request body's own, Jira's request schemas), a `writeOnly`
            // one stays required (Linode's `root_pass`).
            let excused =
                translating.received
                ? Self.readOrWriteOnly : { (schema: JSONNode) in schema["readOnly"]?.boolValue == true }
            // Only a required property's reference is followed here: one that dangles in an
            // optional property has been reported once already, as a warning.
            let isRequired = required.contains(property.key) && !excused(property.value)
            let target = isRequired ? followed(property.value, pointer: pointer) : nil
            if !isRequired || target.map(excused) == true {
                field.optional = true
                // A response that may leave the key out means the document's default.
                if translating == .received,
                    let value = documentDefault(
                        of: property.value, field: field, pointer: pointer + "/properties/" + Self.escape(property.key))
                {
                    field.optional = false
                    field.defaultValue = value
                }
            }
            // Required and nullable in a request body: the key is sent, `null` when nil (in a
            // response, the optional field reads the `null` as it is).
            if !translating.received, isRequired, target.map(excused) != true,
                Self.allowsNull(property.value) || target.map(Self.allowsNull) == true
            {
                field.writeNull = .unplaced(true)
            }
            if readOnly { field.readOnly = .unplaced(true) }
            Self.markDeprecated(&field, property.value)
            // GitHub's reactions, `+1` and `-1`: `plus1` and `minus1`, not a warning at every build.
            if let name = ImportedNames.explicitName(property.key, taken: &fieldNames, place: "Field", style: naming) {
                field.name = .unplaced(name)
            }
            fields.append(PropertySpec(key: property.key, keyLocation: .unplaced, shape: field))
        }
        var object = ShapeSpec(.object(fields))
        // Keys beside the declared ones (GitHub's `permissions`, Slack's open objects) are kept
        // in `additionalProperties`, of the schema's shape (`true`: any JSON).
        if let additional, additional.members != nil || additional.boolValue == true {
            var values =
                additional.members == nil
                ? ShapeSpec(.reference("JSON"))
                : shape(additional, pointer: pointer + "/additionalProperties", hint: hint + "Value")
            values.doc = nil
            let name = fieldNames.free(TypeResolver.additionalPropertiesName)
            if name != TypeResolver.additionalPropertiesName { values.name = .unplaced(name) }
            object.additionalProperties = AdditionalPropertiesSpec(shape: values.unplaced, keyLocation: .unplaced)
        }
        return object
    }

    /// `$deprecated` on a type, property or parameter whose schema says `deprecated: true`
    /// (a property that refers to a deprecated schema takes it from the type).
    static func markDeprecated(_ shape: inout ShapeSpec, _ node: JSONNode) {
        if node["deprecated"]?.boolValue == true { shape.deprecated = .unplaced(Deprecation(message: nil)) }
    }

    /// Keywords that constrain a value without saying what type it is.
    static let constraintKeywords: Set<String> = [
        "required", "description", "title", "not", "minProperties", "maxProperties", "minItems", "maxItems",
        "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "example", "examples", "deprecated",
    ]

    /// Whether a schema only constrains (`{ "required": ["files"] }`) and declares no type.
    static func onlyConstrains(_ schema: JSONNode) -> Bool {
        guard let members = schema.members else { return false }
        return members.allSatisfy { constraintKeywords.contains($0.key) || $0.key.hasPrefix("x-") }
    }

    /// `readOnly` on the property, on the schema it refers to, or on a part of its `allOf`.
    mutating func isReadOnly(_ property: JSONNode, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        if property["readOnly"]?.boolValue == true { return true }
        if property["$ref"] != nil, let target = quietlyFollowed(property) {
            return isReadOnly(target, depth: depth + 1)
        }
        return property["allOf"]?.elements?.contains { isReadOnly($0, depth: depth + 1) } ?? false
    }

    static func readOrWriteOnly(_ schema: JSONNode) -> Bool {
        schema["readOnly"]?.boolValue == true || schema["writeOnly"]?.boolValue == true
    }

    /// `allOf`: the properties and requirements of every part, in order, then those the
    /// schema itself writes beside `allOf` (JSON Schema applies both; Linode declares its
    /// bodies' `required` there). A property the schema restates with requirements or
    /// properties of its own is the merge of both statements.
    mutating func allOf(_ parts: [JSONNode], schema: JSONNode, pointer: String, hint: String) -> ShapeSpec {
        let ownProperties = properties(of: schema, pointer: pointer)
        let ownRequired = schema["required"]?.elements ?? []
        if parts.count == 1, let only = parts.first, ownProperties.isEmpty, ownRequired.isEmpty {
            return bareShape(only, pointer: pointer + "/allOf/0", hint: hint, inMultipart: false)
        }
        var properties: [JSONNode.Member] = []
        var required: [JSONNode] = []
        var objectParts = 0
        // Keys beside the declared ones: allowed when a part allows them (a schema's first,
        // else `true`) and none forbids them.
        var additional: [JSONNode] = []
        func collect(_ part: JSONNode, _ partPointer: String, depth: Int, into translator: inout OpenAPITranslator) {
            guard depth < 16, let resolved = translator.followed(part, pointer: partPointer) else { return }
            if let nested = resolved["allOf"]?.elements {
                for (index, inner) in nested.enumerated() {
                    collect(inner, partPointer + "/allOf/\(index)", depth: depth + 1, into: &translator)
                }
            }
            if resolved["properties"] != nil {
                let members = translator.properties(of: resolved, pointer: partPointer)
                objectParts += 1
                for member in members {
                    if let index = properties.firstIndex(where: { $0.key == member.key }) {
                        properties[index].value = Self.restated(properties[index].value, by: member.value)
                    } else {
                        properties.append(member)
                    }
                }
            }
            required += resolved["required"]?.elements ?? []
            if let extra = resolved["additionalProperties"] { additional.append(extra) }
        }
        for (index, part) in parts.enumerated() { collect(part, pointer + "/allOf/\(index)", depth: 0, into: &self) }
        if let extra = schema["additionalProperties"] { additional.append(extra) }
        for member in ownProperties {
            guard let index = properties.firstIndex(where: { $0.key == member.key }) else {
                properties.append(member)
                continue
            }
            properties[index].value = Self.restated(properties[index].value, by: member.value)
            if member.value["required"] != nil || member.value["properties"] != nil {
                let location = member.value.location
                properties[index].value = JSONNode(
                    value: .object([
                        JSONNode.Member(
                            key: "allOf", keyLocation: location,
                            value: JSONNode(value: .array([properties[index].value, member.value]), location: location))
                    ]), location: location)
            }
        }
        if !ownProperties.isEmpty { objectParts += 1 }
        required += ownRequired
        guard objectParts > 0 else {
            return bareShape(parts[0], pointer: pointer + "/allOf/0", hint: hint, inMultipart: false)
        }
        let merged = JSONNode(
            value: .object(
                [
                    JSONNode.Member(
                        key: "type", keyLocation: schema.location,
                        value: JSONNode(value: .string("object"), location: schema.location)),
                    JSONNode.Member(
                        key: "properties", keyLocation: schema.location,
                        value: JSONNode(value: .object(properties), location: schema.location)),
                    JSONNode.Member(
                        key: "required", keyLocation: schema.location,
                        value: JSONNode(value: .array(required), location: schema.location)),
                ]
                    + (Self.mergedAdditionalProperties(additional).map {
                        [JSONNode.Member(key: "additionalProperties", keyLocation: $0.location, value: $0)]
                    } ?? [])), location: schema.location)
        return object(merged, pointer: pointer, hint: hint, inMultipart: false)
    }

    /// The `additionalProperties` of `allOf` parts together: nil when one forbids other keys
    /// or none allows them; else the first that is a schema, or `true`.
    static func mergedAdditionalProperties(_ parts: [JSONNode]) -> JSONNode? {
        guard !parts.contains(where: { $0.boolValue == false }) else { return nil }
        return parts.first { $0.members != nil } ?? parts.first { $0.boolValue == true }
    }

    /// A property as a later `allOf` part restates it: its `readOnly` and `writeOnly` hold
    /// too (Linode's `PUT /volumes/{id}` makes `size` and `linode_id` read-only that way), and
    /// a first statement that only constrains (Linode's `POST /vpcs` requires keys of
    /// `subnets` before a later part says it is an array) yields to the one that has a type.
    static func restated(_ property: JSONNode, by restated: JSONNode) -> JSONNode {
        if onlyConstrains(property), !onlyConstrains(restated), restated.members != nil {
            let location = property.location
            return JSONNode(
                value: .object([
                    JSONNode.Member(
                        key: "allOf", keyLocation: location,
                        value: JSONNode(value: .array([restated, property]), location: location))
                ]), location: location)
        }
        guard case .object(var members) = property.value else { return property }
        for flag in ["readOnly", "writeOnly"] where restated[flag]?.boolValue == true && property[flag] == nil {
            if let value = restated[flag] {
                members.append(JSONNode.Member(key: flag, keyLocation: value.location, value: value))
            }
        }
        return JSONNode(value: .object(members), location: property.location)
    }

    /// `oneOf`/`anyOf`: tagged by a discriminator when every variant is a named object type.
    mutating func oneOf(_ parts: [JSONNode], schema: JSONNode, pointer: String, hint: String) -> ShapeSpec {
        var optional = false
        var variants: [JSONNode] = []
        for part in parts {
            if Self.types(of: part) == ["null"] { optional = true } else { variants.append(part) }
        }
        if variants.count > 1 || schema["discriminator"] != nil,
            let tagged = taggedOneOf(variants, schema: schema, pointer: pointer, hint: hint)
        {
            let cases = (tagged.byKind.map { ($0.key, $0.shape) } + tagged.variants.map { ($0.tag, $0.shape) }).map {
                OneOfVariantSpec(tag: .unplaced($0.0), shape: $0.1.unplaced)
            }
            var shape = ShapeSpec(.oneOf(cases), optional: optional || tagged.nullable)
            shape.discriminator = .unplaced(tagged.property)
            // Open like the enums: a variant the API adds later decodes as `unknown`.
            if openChoices { shape.unknownVariant = .unplaced("unknown") }
            return shape
        }
        if let discriminator = schema["discriminator"], discriminator["propertyName"]?.stringValue != nil {
            warn(
                "DTG4026", discriminator, pointer,
                "a discriminator needs every variant to be an object schema with a tag (its mapping, a property fixed to one value, or its name); the variants are told apart by their JSON kind instead"
            )
        }
        if variants.count == 1, let only = variants.first {
            var shape = bareShape(only, pointer: pointer + "/0", hint: hint, inMultipart: false)
            shape.optional = shape.optional || optional
            return shape
        }
        var shapes: [OneOfVariantSpec] = []
        for index in untaggedOrder(variants, pointer: pointer) {
            let variant = variants[index]
            var (shape, nullable) = variantShape(variant, pointer: pointer + "/\(index)", hint: hint, index: index)
            // An inline enum of a few values is named by them (`[""]`, Stripe's "unset":
            // `<Hint>Empty`), not after its field, whose name a shared shape may take (the
            // enum then took a number, and lost it when the shape was no longer shared).
            Self.namingEnumVariant(&shape, hint: hint, index: index, style: naming)
            if nullable { optional = true }
            shapes.append(OneOfVariantSpec(shape: shape.unplaced))
        }
        return ShapeSpec(.oneOf(shapes), optional: optional)
    }
}
