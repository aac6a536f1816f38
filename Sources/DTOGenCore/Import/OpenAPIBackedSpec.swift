/// A spec backed by an OpenAPI document (`"openapi": "petstore.yaml"`): its types and
/// endpoints come from the document on every run, and the spec adds what a document cannot
/// say. `"operations"` selects a subset (operationIds, endpoint names or `tag:NAME`); an
/// endpoint entry whose `name` is an operation's adds or overrides its `domain`, `kind`,
/// `envelope`, `response` (in place of the document's `responses`), `responseHeaders` (in
/// place of the document's), `error`, `errors`, `doc`
/// (and `examples`); other entries with a `path` are
/// endpoints of their own; `types`, `mappings`, `options`, `envelope`, `error`, `errors` and
/// `imports` are the spec's. Read before the
/// spec reader, as one merged tree: what comes from the document carries the position of
/// the `openapi` key, so a problem in it points there.
enum OpenAPIBackedSpec {
    /// What an entry for an operation may set (`examples`: sample responses to verify).
    static let overridableKeys = [
        "domain", "kind", "envelope", "response", "responseHeaders", "error", "errors", "doc", "examples",
    ]

    /// The document's nodes carry this `SourceLocation.file`: `Spec.otherFiles[0]`.
    static let documentFile: UInt32 = 1

    /// The spec to read, the paths of the document (its nodes are at `documentFile`) and of
    /// the files its references reach (at the files after it), and what expanding found (the
    /// document's warnings are reported at the lines of the file that says them).
    static func expand(
        _ root: JSONNode, specPath: String, files: [String: [UInt8]], readFile: (@Sendable (String) -> [UInt8]?)? = nil
    ) -> (JSONNode, [String], [Diagnostic]) {
        var sink = DiagnosticSink(file: specPath)
        guard let members = root.members, let documentNode = root["openapi"] else { return (root, [], []) }
        guard let written = documentNode.stringValue else {
            sink.error(
                "DTG4004", documentNode.location,
                "'openapi' must be the path of an OpenAPI document (relative to the spec), found \(documentNode.kindDescription)"
            )
            return (root, [], sink.diagnostics)
        }
        guard let documentPath = SpecPaths.example(written, from: specPath),
            let bytes = files[documentPath] ?? readFile?(documentPath)
        else {
            sink.error("DTG4005", documentNode.location, "cannot read the OpenAPI document '\(written)'")
            return (root, [], sink.diagnostics)
        }
        // The selection.
        var selection: OperationSelection?
        let selected = root["operations"]?.elements
        if let list = root["operations"] {
            if selected == nil {
                sink.error(
                    "DTG4006", list.location,
                    "'operations' must be an array of operationIds or \"tag:NAME\", found \(list.kindDescription)")
            }
            var entries: [String] = []
            for entry in selected ?? [] {
                guard let text = entry.stringValue else {
                    sink.error(
                        "DTG4007", entry.location,
                        "each operation is a string (an operationId or \"tag:NAME\"), found \(entry.kindDescription)")
                    continue
                }
                entries.append(text)
            }
            selection = OperationSelection(entries)
        }
        // The spec's own `options.enums` decides for enums (tagged one-ofs follow it), and its
        // `options.naming` how the names the document gives are cased.
        let open = root["options"]?["enums"]?.stringValue == EnumStyle.open.rawValue
        let naming = root["options"]?["naming"]?.stringValue.flatMap(NamingStyle.init(rawValue:)) ?? .swift
        // The spec's `externalTypes` replace the component schemas of their names.
        let appTypes = Dictionary(
            (root["externalTypes"]?.members ?? []).compactMap { member in
                member.value.stringValue.map { (member.key, $0) }
            }, uniquingKeysWith: { first, _ in first })
        let (translated, translator) = OpenAPIImporter.translate(
            bytes: bytes, path: documentPath, selection: selection, file: documentFile,
            options: ImportOptions(closedEnums: !open, naming: naming, externalTypes: appTypes)
        ) { path in
            files[path] ?? readFile?(path)
        }
        var diagnostics = translator.diagnostics
        let documentPaths = [documentPath] + translator.documents.otherPaths
        guard let translated else { return (root, documentPaths, sink.diagnostics + diagnostics) }
        // Every selected operation must exist.
        let operations = translator.operationTable
        for entry in selected ?? [] {
            guard let text = entry.stringValue,
                let problem = OperationSelection.problem(with: text, in: operations, document: written)
            else { continue }
            sink.error("DTG4008", entry.location, problem)
        }
        let imported = translated.node(at: documentNode.location)

        // Endpoints: the document's, with the spec's additions; then the spec's own.
        var endpoints = imported["endpoints"]?.elements ?? []
        var own: [JSONNode] = []
        for entry in root["endpoints"]?.elements ?? [] {
            guard let entryMembers = entry.members, let name = entry["name"]?.stringValue else {
                own.append(entry)
                continue
            }
            let operation = operations.first { $0.name == name || $0.id == name }
            guard let operation, let index = endpoints.firstIndex(where: { $0["name"]?.stringValue == operation.name })
            else {
                if entry["path"] == nil {
                    if let operation {
                        sink.error(
                            "DTG4009", entry["name"]?.location ?? entry.location,
                            "operation '\(name)' (endpoint '\(operation.name)') is not among the spec's 'operations'; add it there"
                        )
                    } else {
                        sink.error(
                            "DTG4010", entry["name"]?.location ?? entry.location,
                            "\(written) has no operation '\(name)'\(Suggest.hint(for: name, in: operations.map(\.name)))"
                        )
                    }
                }
                own.append(entry)
                continue
            }
            guard case .object(var merged) = endpoints[index].value else { continue }
            for member in entryMembers where member.key != "name" {
                guard overridableKeys.contains(member.key) else {
                    sink.error(
                        "DTG4011", member.keyLocation,
                        "'\(member.key)' of '\(name)' comes from \(written); an entry for one of its operations sets only \(overridableKeys.map { "'\($0)'" }.joined(separator: ", "))"
                    )
                    continue
                }
                merged.removeAll { $0.key == member.key }
                // One `response` in place of the document's bodies by status.
                if member.key == "response" { merged.removeAll { $0.key == "responses" } }
                merged.append(member)
            }
            endpoints[index].value = .object(merged)
        }
        endpoints += own

        // Types: those the endpoints and the spec reach, then the spec's own (which win).
        let ownTypes = root["types"]?.members ?? []
        let ownNames = Set(ownTypes.map(\.key))
        var types = (imported["types"]?.members ?? []).filter { !ownNames.contains($0.key) }
        types = reachable(types, from: roots(endpoints: endpoints, ownTypes: ownTypes, of: root))
        types += ownTypes

        var result: [JSONNode.Member] = []
        for member in members where member.key != "types" && member.key != "endpoints" {
            result.append(member)
        }
        for key in ["name", "baseURL"] where root[key] == nil {
            if let value = imported[key] {
                result.append(JSONNode.Member(key: key, keyLocation: documentNode.location, value: value))
            }
        }
        // The spec's `externalTypes`, each given the schema of the document's it replaces (for
        // `verify`), still where the spec writes it.
        if let own = root.members?.first(where: { $0.key == "externalTypes" }), let entries = own.value.members {
            let schemas = imported["externalTypes"]?.members ?? []
            let merged = entries.map { entry -> JSONNode.Member in
                guard entry.value.stringValue != nil,
                    let schema = schemas.first(where: { $0.key == entry.key })?.value["schema"]
                else { return entry }
                var typed = entry
                typed.value = JSONNode(
                    value: .object([
                        JSONNode.Member(key: "type", keyLocation: entry.keyLocation, value: entry.value),
                        JSONNode.Member(key: "schema", keyLocation: schema.location, value: schema),
                    ]), location: entry.value.location)
                return typed
            }
            result.removeAll { $0.key == "externalTypes" }
            result.append(
                JSONNode.Member(
                    key: "externalTypes", keyLocation: own.keyLocation,
                    value: JSONNode(value: .object(merged), location: own.value.location)))
        }
        // The kinds the document's security schemes declare, and the spec's own (which win).
        if let kinds = imported["kinds"]?.members {
            let own = root["kinds"]?.members ?? []
            result.removeAll { $0.key == "kinds" }
            let merged = kinds.filter { kind in !own.contains { $0.key == kind.key } } + own
            result.append(
                JSONNode.Member(
                    key: "kinds", keyLocation: documentNode.location,
                    value: JSONNode(value: .object(merged), location: documentNode.location)))
        }
        result.append(
            JSONNode.Member(
                key: "types",
                keyLocation: root.members?.first { $0.key == "types" }?.keyLocation ?? documentNode.location,
                value: JSONNode(value: .object(types), location: root["types"]?.location ?? documentNode.location)))
        result.append(
            JSONNode.Member(
                key: "endpoints",
                keyLocation: root.members?.first { $0.key == "endpoints" }?.keyLocation ?? documentNode.location,
                value: JSONNode(
                    value: .array(endpoints), location: root["endpoints"]?.location ?? documentNode.location)))
        diagnostics += sink.diagnostics
        return (JSONNode(value: .object(result), location: root.location), documentPaths, diagnostics)
    }

    /// What the document's types are kept for: the endpoints, and the spec's own types,
    /// mappings and `error`.
    static func roots(endpoints: [JSONNode], ownTypes: [JSONNode.Member], of root: JSONNode) -> [JSONNode] {
        endpoints + ownTypes.map(\.value) + (root["mappings"]?.elements ?? [])
            + [root["error"], root["errors"]].compactMap { $0 }
    }

    /// The types some root names, directly or through other types, in their order.
    static func reachable(_ types: [JSONNode.Member], from roots: [JSONNode]) -> [JSONNode.Member] {
        let reached = ImportedTypes.reached(
            from: roots, types: Dictionary(types.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
            names: names)
        return types.filter { reached.contains($0.key) }
    }

    /// Every type name a node's strings could refer to (`Pet?`, `[Pet]`, `Page<Pet>`, `Pet.Kind`).
    static func names(in node: JSONNode) -> [String] {
        switch node.value {
        case .string(let text):
            return ImportedTypes.identifiers(in: text)
        case .array(let elements): return elements.flatMap(names)
        case .object(let members): return members.flatMap { names(in: $0.value) }
        default: return []
        }
    }
}

extension OpenAPIBackedSpec {
    /// A spec input as read: for a spec backed by a document, also the tree it was read
    /// from, from which `leavingOut` takes what the reader and the stages reject.
    struct Read {
        var spec: Spec?
        /// What expanding the document found (its translation's warnings).
        var expanding: [Diagnostic] = []
        /// What the spec reader found.
        var reading: [Diagnostic] = []
        var expanded: Expanded?
    }

    /// Reads one spec input, expanding it first when it names an OpenAPI document.
    static func read(_ input: SpecInput) -> Read {
        let root: JSONNode
        switch input.root() {
        case .success(let parsed): root = parsed
        case .failure(let error):
            return Read(reading: [Diagnostic(.error, "DTG4012", file: input.path, at: error.location, error.message)])
        }
        guard root["openapi"] != nil else {
            let (spec, diagnostics) = SpecReader.read(root: root, path: input.path)
            return Read(spec: spec, reading: diagnostics)
        }
        let (expanded, documentPaths, diagnostics) = expand(
            root, specPath: input.path, files: input.files, readFile: input.readFile)
        if diagnostics.contains(where: { $0.severity == .error }) { return Read(expanding: diagnostics) }
        let (spec, more) = SpecReader.read(root: expanded, path: input.path, otherFiles: documentPaths)
        let own = Set(root["types"]?.members?.map(\.key) ?? [])
        return Read(
            spec: spec, expanding: diagnostics, reading: more, expanded: Expanded(root: expanded, ownTypes: own))
    }

    /// The tree a backed spec is read from, and which of its types are the spec's own.
    struct Expanded {
        var root: JSONNode
        var ownTypes: Set<String>
    }

    /// The spec without the parts of its document that `errors` (the reader's and this
    /// spec's in the stages' one run, sorted) are in, and what uses them, with a warning for
    /// each, as `dtogen import` leaves them out, and what reading the rest finds: nil when no
    /// error is in a part of the document. The spec's own parts are never left out (an
    /// error in one, or a use of what is left out, stays an error).
    static func leavingOut(_ errors: [Diagnostic], of spec: Spec, expanded: Expanded) -> (
        spec: Spec?, diagnostics: [Diagnostic]
    )? {
        let documentErrors = errors.filter { $0.severity == .error && spec.otherFiles.contains($0.file) }
        guard !documentErrors.isEmpty else { return nil }
        let root = expanded.root
        let leftOut = ImportCheck.LeftOut(
            errors: documentErrors, parts: ImportCheck.Parts(root: root), read: spec, inDocument: { $0.file != 0 })
        guard !leftOut.reasons.isEmpty else { return nil }
        let sink = DiagnosticSink(spec: spec)
        let warnings = leftOut.warnings(file: sink.path(of:))
        // What reading the rest finds takes the place of what the first read found.
        let (kept, more) = SpecReader.read(
            root: keeping(leftOut, of: expanded), path: spec.path, otherFiles: spec.otherFiles)
        return (kept, warnings + more)
    }

    /// The expanded tree with only the types, endpoints and parameters `leftOut` keeps, and
    /// of the document's types only those what is kept still reaches (as `expand` keeps them).
    private static func keeping(_ leftOut: ImportCheck.LeftOut, of expanded: Expanded) -> JSONNode {
        let root = expanded.root
        guard case .object(var members) = root.value else { return root }
        let endpoints = (root["endpoints"]?.elements ?? []).enumerated().filter { leftOut.keepsEndpoint(at: $0.offset) }
            .map { entry in leftOut.parameters(of: entry.offset).reduce(entry.element) { removing($1, from: $0) } }
        let types = (root["types"]?.members ?? []).enumerated().filter { leftOut.keepsType(at: $0.offset) }.map(
            \.element)
        let own = types.filter { expanded.ownTypes.contains($0.key) }
        let documentTypes = types.filter { !expanded.ownTypes.contains($0.key) }
        let reached = Set(
            reachable(documentTypes, from: Self.roots(endpoints: endpoints, ownTypes: own, of: root)).map(\.key))
        for index in members.indices {
            switch members[index].key {
            case "types":
                members[index].value.value = .object(
                    types.filter { expanded.ownTypes.contains($0.key) || reached.contains($0.key) })
            case "endpoints": members[index].value.value = .array(endpoints)
            default: continue
            }
        }
        var result = root
        result.value = .object(members)
        return result
    }

    /// An endpoint entry without one of its query items, headers or error types (`default`
    /// is also `error`).
    private static func removing(_ parameter: ImportCheck.Place.Parameter, from endpoint: JSONNode) -> JSONNode {
        var endpoint = endpoint
        if parameter.group == ImportCheck.Place.Parameter.errors, parameter.key == ErrorStatus.other.written,
            case .object(var members) = endpoint.value
        {
            members.removeAll { $0.key == "error" }
            endpoint.value = .object(members)
        }
        guard case .object(var members) = endpoint.value,
            let index = members.firstIndex(where: { $0.key == parameter.group }),
            case .object(var parameters) = members[index].value.value
        else { return endpoint }
        parameters.removeAll { $0.key == parameter.key }
        if parameters.isEmpty {
            members.remove(at: index)
        } else {
            members[index].value.value = .object(parameters)
        }
        var result = endpoint
        result.value = .object(members)
        return result
    }
}
