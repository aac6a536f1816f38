/// What holds across the specs of one run, which all land in one Swift module: file names
/// and type names are unique, each (model, DTO) pair is mapped once, and whether a mapping
/// throws follows the `model:` conversions it calls, in whichever spec they are.
enum ModuleLinker {
    /// Checks names across specs, resolves every spec's mappings and returns the IR of each.
    static func link(_ specs: inout [SpecResolver]) -> [SpecIR] {
        checkNames(&specs)
        checkFactories(&specs)
        let throwing = mappingThrows(specs)
        var seen: [MappingKey: (path: String, location: SourceLocation)] = [:]
        var result: [SpecIR] = []
        var declaredNamespaces: Set<String> = []
        for index in specs.indices {
            var mappings = specs[index].mappings(throwing: throwing, report: true)
            for i in mappings.indices where mappings[i].declaresInit {
                let mapping = mappings[i]
                mappings[i].initThrows = throwing[mapping.key] ?? mapping.initThrows
                if let first = seen[mapping.key] {
                    let message = "'\(mapping.model)' is already mapped from \(mapping.dtoTypeName) (at \(first.path):\(first.location)); map each DTO type to a model once"
                    if first.path == specs[index].path {
                        specs[index].types.sink.error(mapping.location, message)
                    } else {
                        specs[index].types.sink.moduleError(mapping.location, message)
                    }
                }
                seen[mapping.key] = (specs[index].path, mapping.location)
            }
            let declares = specs[index].types.namespace.map { declaredNamespaces.insert($0).inserted } ?? false
            let repository = specs[index].repository(mappings: mappings)
            result.append(specs[index].ir(mappings: mappings, declaresNamespace: declares, repository: repository))
        }
        return result
    }

    /// Two specs must not declare the same factory: same name, kind, response and argument
    /// labels and types extend the same `Endpoint` with the same member.
    static func checkFactories(_ specs: inout [SpecResolver]) {
        var seen: [String: (path: String, location: SourceLocation)] = [:]
        for index in specs.indices where specs[index].generates {
            let table = specs[index].types.table
            for (offset, endpoint) in specs[index].endpoints.enumerated() {
                let response = endpoint.response.map { table.describe($0) } ?? "Void"
                // A factory without arguments is a `static var`: its name alone identifies it.
                let arguments = endpoint.arguments.map { "\($0.label ?? $0.name): \(table.describe($0.type))" }.joined(separator: ", ")
                let key = "\(endpoint.kind) \(response) \(endpoint.name)(\(arguments))"
                let location = specs[index].spec.endpoints.indices.contains(offset) ? specs[index].spec.endpoints[offset].name.location : specs[index].spec.location
                if let first = seen[key], first.path != specs[index].path {
                    specs[index].types.sink.moduleError(location, "endpoint '\(endpoint.name)' gives the same factory as one in \(first.path):\(first.location) (same kind, response and arguments); generated factories share one module, so rename one")
                } else {
                    seen[key] = (specs[index].path, location)
                }
            }
        }
    }

    /// Two specs must not give files of the same name, nor types of the same name.
    static func checkNames(_ specs: inout [SpecResolver]) {
        var fileBases: [String: String] = [:]
        var topLevelTypes: [String: (path: String, location: SourceLocation)] = [:]
        var specNames: [String: (path: String, location: SourceLocation)] = [:]
        var namespaces: [String: (path: String, location: SourceLocation)] = [:]
        for index in specs.indices {
            let path = specs[index].path
            var nameReported = false
            if let name = specs[index].spec.name {
                if let first = specNames[name.value] {
                    specs[index].types.sink.moduleError(name.location, "another spec is also named '\(name.value)' (\(first.path):\(first.location)); spec names must be unique, since they name the generated API types")
                    nameReported = true
                } else {
                    specNames[name.value] = (path, name.location)
                }
            }
            if let api = specs[index].api {
                let location = specs[index].spec.name?.location ?? specs[index].spec.baseURL?.location ?? specs[index].spec.location
                if let first = namespaces[api.name] {
                    if !nameReported {
                        specs[index].types.sink.moduleError(location, "the API namespace '\(api.name)' is also generated for \(first.path):\(first.location); give one of the specs another 'name'")
                    }
                } else {
                    namespaces[api.name] = (path, location)
                }
            }
            let base = specs[index].fileBase
            if let other = fileBases[base] {
                specs[index].types.sink.moduleError(specs[index].spec.location, "this spec's generated files would be named '\(base).*.swift', like those of '\(other)'; rename one of the files")
            }
            fileBases[base] = path
            for id in specs[index].types.table.topLevel {
                let decl = specs[index].types.table[id]
                if let first = topLevelTypes[decl.qualifiedName], first.path != path {
                    specs[index].types.sink.moduleError(decl.location, "type '\(decl.qualifiedName)' is also generated by \(first.path):\(first.location); generated types share one module, so names must be unique across specs")
                } else {
                    topLevelTypes[decl.qualifiedName] = (path, decl.location)
                }
            }
        }
    }

    /// Whether each mapping's `init(from:)` throws: it does when one of its own arguments
    /// can fail, or when it calls (through `model:`) a mapping that throws. A fix-point,
    /// since those calls may cross specs and chain.
    static func mappingThrows(_ specs: [SpecResolver]) -> [MappingKey: Bool] {
        var throwing: [MappingKey: Bool] = [:]
        for spec in specs {
            for key in spec.declaredMappings() { throwing[key] = throwing[key] ?? false }
        }
        var dependencies: [MappingKey: [MappingKey]] = [:]
        for var spec in specs {
            for mapping in spec.mappings(throwing: throwing, report: false) where mapping.declaresInit {
                throwing[mapping.key] = mapping.ownArgumentsThrow
                dependencies[mapping.key] = mapping.dependsOn
            }
        }
        var changed = true
        while changed {
            changed = false
            for (key, deps) in dependencies.sorted(by: { ($0.key.model, $0.key.dtoType) < ($1.key.model, $1.key.dtoType) })
            where throwing[key] == false && deps.contains(where: { throwing[$0] == true }) {
                throwing[key] = true
                changed = true
            }
        }
        return throwing
    }
}
