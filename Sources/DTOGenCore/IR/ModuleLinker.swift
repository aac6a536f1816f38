/// What holds across the specs of one run, which all land in one Swift module: file names
/// and type names are unique, each (model, DTO) pair is mapped once, and whether a mapping
/// throws follows the `model:` conversions it calls, in whichever spec they are. Reads what
/// Resolve produced and returns the IR and its own diagnostics; changes nothing it was given.
enum ModuleLinker {
    /// Checks names across specs, resolves every spec's mappings and returns the IR of each,
    /// with what linking found.
    static func link(_ specs: [SpecResolver]) -> ([SpecIR], [Diagnostic]) {
        var diagnostics = checkNames(specs) + checkFactories(specs)
        // Every spec's mappings, resolved once against the pairs the whole run maps.
        let declared = Set(specs.flatMap { $0.declaredMappings() })
        var mappingsBySpec: [[MappingIR]] = []
        for spec in specs {
            let (mappings, found) = spec.mappings(declared: declared)
            mappingsBySpec.append(mappings)
            diagnostics += found
        }
        let throwing = mappingThrows(mappingsBySpec.flatMap { $0 }, declared: declared)
        let deprecations = mappingDeprecations(mappingsBySpec.flatMap { $0 })

        let decoded = decodedTypes(specs, mappings: mappingsBySpec)
        var seen: [MappingKey: (path: String, location: SourceLocation)] = [:]
        // `Model.from(_ response: Type)`, once per model and response type in the module.
        var responseMappers: [String: (path: String, location: SourceLocation, each: String?)] = [:]
        var result: [SpecIR] = []
        var declaredNamespaces: Set<String> = []
        for (index, (spec, resolved)) in zip(specs, mappingsBySpec).enumerated() {
            var sink = DiagnosticSink(spec: spec.spec)
            var mappings = resolved.map { mapping in
                var linked = mapping.linked(throwing)
                linked.deprecation = linked.deprecation ?? deprecations[linked.key]
                return linked
            }
            for index in mappings.indices {
                guard let response = mappings[index].response, mappings[index].elements != nil else { continue }
                let mapping = mappings[index]
                let key = "\(mapping.model) from \(spec.types.table.describe(response))"
                guard let first = responseMappers[key] else {
                    responseMappers[key] = (spec.path, mapping.location, mapping.eachPath)
                    continue
                }
                // The same elements: the first one's serves; other elements: one would hide the other.
                mappings[index].declaresResponse = false
                if first.each != mapping.eachPath {
                    sink.error(
                        "DTG3152", mapping.location,
                        "'\(mapping.model).from(_ response: \(spec.types.table.describe(response)))' already maps '\(first.each ?? "")' (at \(first.path):\(first.location)); map '\(mapping.eachPath ?? "")' to another model"
                    )
                }
            }
            for mapping in mappings where mapping.declaresInit {
                if let first = seen[mapping.key] {
                    let message =
                        "'\(mapping.model)' is already mapped from \(mapping.dtoTypeName) (at \(first.path):\(first.location)); leave out 'fields' here to reuse that mapping"
                    if first.path == spec.path {
                        sink.error("DTG3070", mapping.location, message)
                    } else {
                        sink.moduleError("DTG3071", mapping.location, message)
                    }
                }
                seen[mapping.key] = (spec.path, mapping.location)
            }
            let declares = spec.types.namespace.map { declaredNamespaces.insert($0).inserted } ?? false
            let repository = spec.repository(mappings: mappings, sink: &sink)
            var ir = spec.ir(mappings: mappings, declaresNamespace: declares, repository: repository)
            ir.decoded = decoded[index]
            result.append(ir)
            diagnostics += sink.diagnostics
        }
        return (result, diagnostics)
    }

    /// Per spec, the declarations that some spec decodes: what its responses, errors and
    /// mappings reach, in its own table and, through imports, in the specs that declare
    /// them. A type that only a request body sends is never decoded, so it needs no fast
    /// path. Nil for a spec without endpoints (a library of types).
    static func decodedTypes(_ specs: [SpecResolver], mappings: [[MappingIR]]) -> [Set<DeclID>?] {
        var reached: [Set<DeclID>] = []
        // Declarations of other specs that a spec decodes, by name.
        var decodedByName: Set<String> = []
        for (spec, specMappings) in zip(specs, mappings) {
            let table = spec.types.table
            let roots =
                spec.responses.compactMap { $0 } + spec.endpoints.flatMap(\.errorTypes)
                + specMappings.map { TypeRef.named($0.dtoType) } + specMappings.compactMap(\.response)
            let used = TypeGraph(table: table).reachable(from: roots)
            reached.append(used)
            for id in used where table[id].external { decodedByName.insert(table[id].qualifiedName) }
        }
        return zip(specs, reached).map { spec, used in
            guard !spec.spec.endpoints.isEmpty else { return nil }
            let table = spec.types.table
            let elsewhere = table.decls.indices.map { DeclID(index: $0) }.filter {
                !table[$0].external && decodedByName.contains(table[$0].qualifiedName)
            }
            // What those reach in this spec is decoded too.
            return used.union(TypeGraph(table: table).reachable(from: elsewhere.map { TypeRef.named($0) }))
        }
    }

    /// Two specs must not declare the same factory: same name, kind, response and argument
    /// labels and types extend the same `Endpoint` with the same member.
    static func checkFactories(_ specs: [SpecResolver]) -> [Diagnostic] {
        var seen: [String: (path: String, location: SourceLocation)] = [:]
        var diagnostics: [Diagnostic] = []
        for spec in specs where spec.generates {
            var sink = DiagnosticSink(spec: spec.spec)
            let table = spec.types.table
            for (offset, endpoint) in spec.endpoints.enumerated() {
                let response = endpoint.response.map { table.describe($0) } ?? "Void"
                // A factory without arguments is a `static var`: its name alone identifies it.
                let arguments = endpoint.arguments.map { "\($0.label ?? $0.name): \(table.describe($0.type))" }.joined(
                    separator: ", ")
                // Response headers make the factory's kind another (`WithResponseHeaders<…>`).
                let headers = endpoint.responseHeaders.map { " " + table[$0].qualifiedName } ?? ""
                let key = "\(endpoint.kind)\(headers) \(response) \(endpoint.name)(\(arguments))"
                let location =
                    spec.spec.endpoints.indices.contains(offset)
                    ? spec.spec.endpoints[offset].name.location : spec.spec.location
                if let first = seen[key], first.path != spec.path {
                    sink.moduleError(
                        "DTG3072", location,
                        "endpoint '\(endpoint.name)' gives the same factory as one in \(first.path):\(first.location) (same kind, response and arguments); generated factories share one module, so rename one"
                    )
                } else {
                    seen[key] = (spec.path, location)
                }
            }
            diagnostics += sink.diagnostics
        }
        return diagnostics
    }

    /// Two specs must not give files of the same name, nor types of the same name.
    static func checkNames(_ specs: [SpecResolver]) -> [Diagnostic] {
        var fileBases: [String: String] = [:]
        var topLevelTypes: [String: (path: String, location: SourceLocation)] = [:]
        var specNames: [String: (path: String, location: SourceLocation)] = [:]
        var namespaces: [String: (path: String, location: SourceLocation)] = [:]
        var diagnostics: [Diagnostic] = []
        for spec in specs {
            var sink = DiagnosticSink(spec: spec.spec)
            let path = spec.path
            var nameReported = false
            if let name = spec.spec.name {
                if let first = specNames[name.value] {
                    sink.moduleError(
                        "DTG3073", name.location,
                        "another spec is also named '\(name.value)' (\(first.path):\(first.location)); spec names must be unique, since they name the generated API types"
                    )
                    nameReported = true
                } else {
                    specNames[name.value] = (path, name.location)
                }
            }
            if let api = spec.api {
                let location = spec.spec.name?.location ?? spec.spec.baseURL?.location ?? spec.spec.location
                if let first = namespaces[api.name] {
                    if !nameReported {
                        sink.moduleError(
                            "DTG3074", location,
                            "the API namespace '\(api.name)' is also generated for \(first.path):\(first.location); give one of the specs another 'name'"
                        )
                    }
                } else {
                    namespaces[api.name] = (path, location)
                }
            }
            let base = spec.fileBase
            if let other = fileBases[base] {
                sink.moduleError(
                    "DTG3075", spec.spec.location,
                    "this spec's generated files would be named '\(base).*.swift', like those of '\(other)'; rename one of the files"
                )
            }
            fileBases[base] = path
            for id in spec.types.table.topLevel {
                let decl = spec.types.table[id]
                if let first = topLevelTypes[decl.qualifiedName], first.path != path {
                    sink.moduleError(
                        "DTG3076", decl.location,
                        "type '\(decl.qualifiedName)' is also generated by \(first.path):\(first.location); generated types share one module, so names must be unique across specs"
                    )
                } else {
                    topLevelTypes[decl.qualifiedName] = (path, decl.location)
                }
            }
            diagnostics += sink.diagnostics
        }
        return diagnostics
    }

    /// Whether each mapping's `init(from:)` throws: it does when one of its own arguments
    /// can fail, or when it calls (through `model:`) a mapping that throws. A fix-point,
    /// since those calls may cross specs and chain.
    /// Which (model, DTO) pairs' inits are deprecated: those that spell a deprecated type or
    /// read a deprecated field, and those that call one through `model:`.
    static func mappingDeprecations(_ mappings: [MappingIR]) -> [MappingKey: Deprecation] {
        var deprecated: [MappingKey: Deprecation] = [:]
        for mapping in mappings where mapping.declaresInit {
            if let own = mapping.deprecation { deprecated[mapping.key] = own }
        }
        var changed = !deprecated.isEmpty
        while changed {
            changed = false
            for mapping in mappings where mapping.declaresInit && deprecated[mapping.key] == nil {
                guard let called = mapping.dependsOn.first(where: { deprecated[$0] != nil }) else { continue }
                deprecated[mapping.key] = DeprecatedTypes.spelling(
                    "\(called.model).init(from: \(called.dtoType))", deprecated[called])
                changed = true
            }
        }
        return deprecated
    }

    static func mappingThrows(_ mappings: [MappingIR], declared: Set<MappingKey>) -> [MappingKey: Bool] {
        var throwing = Dictionary(declared.map { ($0, false) }, uniquingKeysWith: { first, _ in first })
        var dependencies: [MappingKey: [MappingKey]] = [:]
        for mapping in mappings where mapping.declaresInit {
            throwing[mapping.key] = mapping.ownArgumentsThrow
            dependencies[mapping.key] = mapping.dependsOn
        }
        var changed = true
        while changed {
            changed = false
            for (key, deps) in dependencies.sorted(by: {
                ($0.key.model, $0.key.dtoType) < ($1.key.model, $1.key.dtoType)
            })
            where throwing[key] == false && deps.contains(where: { throwing[$0] == true }) {
                throwing[key] = true
                changed = true
            }
        }
        return throwing
    }
}
