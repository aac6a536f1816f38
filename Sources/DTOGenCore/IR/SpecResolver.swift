/// Resolves one validated spec: its types, the inline shapes of its endpoints, the
/// endpoint factories and the API namespace. Mappings need every spec, so `ModuleLinker`
/// resolves them afterwards.
struct SpecResolver {
    var spec: Spec
    var access: AccessLevel
    var types: TypeResolver
    /// Per endpoint, in spec order: the response and body types.
    var responses: [TypeRef?] = []
    var bodies: [TypeRef?] = []
    var endpoints: [EndpointIR] = []
    var api: APINamespace?
    /// Sample payloads the spec names, to verify.
    var examples: [ExampleIR] = []
    /// The base name of this spec's files (`Charges` for `Charges.DTOs.swift`).
    let fileBase: String
    /// False when the spec is only read for a spec that imports it.
    var generates = true

    var path: String { spec.path }

    /// `sink` holds what earlier stages reported for this spec.
    /// `runtimeModule`: the module generated code spells DTORuntime's types with; nil when
    /// the runtime's sources are compiled into the generated code's module.
    init(
        spec: Spec, sink: DiagnosticSink, accessOverride: AccessLevel?, fileBase: String,
        runtimeModule: String? = "DTORuntime"
    ) {
        self.spec = Self.leavingOutWhatResponsesExclude(spec)
        self.fileBase = fileBase
        access = accessOverride ?? spec.access?.value ?? .internal
        var dates = DateFormatSpec.iso8601
        if let written = spec.dates { dates = written.value }
        types = TypeResolver(sink: sink, defaultDates: dates)
        types.naming = spec.naming?.value ?? .swift
        types.openEnums = spec.enums?.value == .open
        if runtimeModule == nil { types.avoidedTypeNames = SwiftName.runtimeTypes }
        types.runtimeModule = runtimeModule
        if let namespace = spec.namespace, SwiftName.isTypeName(namespace.value) { types.namespace = namespace.value }
    }

    /// Pages, examples and domain mappings take one response: beside `responses` they are
    /// the validator's error (DTG2032), so they are left out here, once, and no later step
    /// meets them.
    static func leavingOutWhatResponsesExclude(_ spec: Spec) -> Spec {
        var spec = spec
        for index in spec.endpoints.indices where !spec.endpoints[index].responses.isEmpty {
            spec.endpoints[index].paginate = nil
            spec.endpoints[index].examples = []
            spec.endpoints[index].domains = []
        }
        return spec
    }

    /// `imports`: the resolved specs this one imports; their types are usable by name here.
    mutating func resolve(imports: [SpecResolver] = []) {
        for imported in imports { types.importTypes(from: imported.types) }
        types.declareAppTypes(spec.externalTypes, besides: spec.types)
        types.declareRuntimeErrorTypes(usedBy: spec)
        types.declareNamedTypes(spec.types)
        types.resolveNamedTypes(spec.types)
        types.resolveAppTypeSchemas()
        for endpoint in spec.endpoints {
            let pascal = SwiftName.upperCamel(endpoint.name.value, style: types.naming)
            if !endpoint.responses.isEmpty {
                responses.append(types.statusResponses(endpoint.responses, of: endpoint.name.value, pascal: pascal))
                bodies.append(
                    endpoint.body.flatMap { shape in
                        types.resolve(
                            shape, hint: SwiftName.inlineEndpointType(pascal, "Body", isArray: shape.isArray),
                            parent: nil, element: false)
                    })
                continue
            }
            responses.append(
                endpoint.response.flatMap { shape in
                    types.resolve(
                        shape, hint: SwiftName.inlineEndpointType(pascal, "Response", isArray: shape.isArray),
                        parent: nil, element: false)
                })
            bodies.append(
                endpoint.body.flatMap { shape in
                    types.resolve(
                        shape, hint: SwiftName.inlineEndpointType(pascal, "Body", isArray: shape.isArray), parent: nil,
                        element: false)
                })
        }
        // A spec-level error type conforms to `Error` even when no endpoint uses it (others may import it).
        // The spec's error types, for every endpoint (and, in a spec without endpoints, for
        // specs that import it): resolved once, so a problem with one is reported once.
        var endpointResolver = EndpointResolver(types: types)
        endpointResolver.resolveSpecErrors(spec)
        for (index, endpoint) in spec.endpoints.enumerated() {
            endpoints.append(
                endpointResolver.endpoint(endpoint, response: responses[index], body: bodies[index], spec: spec))
        }
        types = endpointResolver.types
        // Response headers last (after the parameters' enums), so declaring them moves no
        // other type's name.
        for (index, endpoint) in spec.endpoints.enumerated() where !endpoint.responseHeaders.isEmpty {
            let pascal = SwiftName.upperCamel(endpoint.name.value, style: types.naming)
            endpoints[index].responseHeaders = types.responseHeaders(
                endpoint.responseHeaders, of: endpoint.name.value, pascal: pascal)
        }
        // Once every struct is declared: the inline bodies', responses' and query objects' too.
        types.storeDeprecatedFields()
        // A spec without endpoints is a library of DTOs: every type is its own use.
        if !spec.endpoints.isEmpty, spec.unusedTypes?.value != .generate {
            types.warnAboutUnusedTypes(
                spec.types,
                roots: responses.compactMap { $0 } + bodies.compactMap { $0 } + types.parameterTypes
                    + endpoints.flatMap(\.errorTypes))
        }
        resolveExamples()
        if let baseURL = spec.baseURL {
            let name = SwiftName.apiNamespace(specName: spec.name?.value, fileBase: fileBase)
            let distinct = NameScope(types.topLevelNames.union(SwiftName.reservedTypes)).free(name)
            if distinct != name {
                types.sink.warning(
                    "DTG3077", spec.name?.location ?? baseURL.location,
                    "the API namespace '\(name)' is also a type name; it is generated as '\(distinct)'")
            }
            types.topLevelNames.insert(distinct)
            api = APINamespace(name: distinct, baseURL: baseURL.value, namespace: types.namespace)
        }
    }

    /// `$examples` on types and `examples` on endpoints, with what each is checked against.
    mutating func resolveExamples() {
        func entries(_ written: [Located<String>], _ target: ExampleTarget) -> [ExampleIR] {
            written.compactMap { path in
                SpecPaths.example(path.value, from: spec.path).map {
                    ExampleIR(written: path.value, path: $0, location: path.location, target: target)
                }
            }
        }
        for type in spec.types where !type.shape.examples.isEmpty {
            guard let id = types.named[type.name] else { continue }
            examples += entries(type.shape.examples, .type(.named(id)))
        }
        for (index, endpoint) in spec.endpoints.enumerated() where !endpoint.examples.isEmpty {
            let resolved = endpoints[index]
            if resolved.rawResponse != nil {
                types.sink.warning(
                    "DTG3078", endpoint.examples[0].location,
                    "the response of '\(endpoint.name.value)' is not JSON, so its examples are not checked")
                continue
            }
            examples += entries(
                endpoint.examples,
                .endpoint(name: resolved.name, response: resolved.response, envelope: resolved.envelope))
        }
    }

    /// This spec's domain mappings, given the (model, DTO) pairs the whole run maps, and what
    /// is wrong with them. Whether each throws is settled by Link (`MappingIR.linked`).
    func mappings(declared: Set<MappingKey>) -> ([MappingIR], [Diagnostic]) {
        var resolver = MappingResolver(
            sink: DiagnosticSink(spec: spec), table: types.table, declared: declared, namespace: types.namespace)
        var mappings: [MappingIR] = []
        for (index, endpoint) in spec.endpoints.enumerated() {
            for (position, domain) in endpoint.domains.enumerated() {
                if var mapping = resolver.mapping(domain: domain, response: responses[index]) {
                    if position == 0 { mapping.endpointIndex = index }
                    mappings.append(mapping)
                }
            }
        }
        for domain in spec.mappings {
            if let mapping = resolver.mapping(domain: domain, response: nil) { mappings.append(mapping) }
        }
        return (mappings, resolver.sink.diagnostics)
    }

    /// The (model, DTO) pairs this spec maps, before their sources are checked.
    func declaredMappings() -> [MappingKey] {
        var quiet = MappingResolver(
            sink: DiagnosticSink(spec: spec), table: types.table, declared: [], namespace: types.namespace)
        var keys: [MappingKey] = []
        let domains =
            spec.endpoints.indices.flatMap { index in spec.endpoints[index].domains.map { ($0, responses[index]) } }
            + spec.mappings.map { ($0, TypeRef?.none) }
        for (domain, response) in domains where domain.fields != nil {
            guard let target = quiet.target(domain: domain, response: response) else { continue }
            keys.append(MappingKey(model: domain.model.value, dtoType: types.table[target.element].qualifiedName))
        }
        return keys
    }

    /// The repository over this spec's endpoints, with each method's return type.
    func repository(mappings: [MappingIR], sink: inout DiagnosticSink) -> RepositoryIR? {
        guard let written = spec.repository else { return nil }
        var name = written.value
        if name.isEmpty {
            let base =
                api.map { $0.name.hasSuffix("API") ? String($0.name.dropLast(3)) : $0.name }
                ?? SwiftName.upperCamel(spec.name?.value ?? fileBase)
            name = (base.isEmpty ? "API" : base) + "Repository"
        }
        guard SwiftName.isTypeName(name) else {
            sink.error("DTG3079", written.location, "'\(name)' is not a valid Swift type name for the repository")
            return nil
        }
        let liveName = name + "Live"
        let stubName = name + "Stub"
        for taken in [name, liveName, stubName] where types.topLevelNames.contains(taken) {
            sink.error(
                "DTG3080", written.location,
                "the repository's '\(taken)' is also a type of this spec; give the repository another name ({ \"name\": ... })"
            )
            return nil
        }
        var methods: [RepositoryIR.Method] = []
        // A stream is read in a loop, not returned: streams stay on `APIClient.stream`.
        for (index, endpoint) in endpoints.enumerated() where endpoint.stream == nil {
            var result = RepositoryIR.Method.Result.response(endpoint.response)
            let mapping = mappings.first(where: { $0.endpointIndex == index })
            if let mapping {
                if mapping.response != nil, mapping.elements != nil {
                    result = .mapped(model: mapping.model, form: .each, throwing: mapping.responseThrows)
                } else if let response = endpoint.response, types.table.isArray(response) {
                    result = .mapped(model: mapping.model, form: .array, throwing: mapping.initThrows)
                } else {
                    result = .mapped(model: mapping.model, form: .single, throwing: mapping.initThrows)
                }
            }
            let example = examples.first { example in
                if case .endpoint(let name, _, _) = example.target { return name == endpoint.name }
                return false
            }
            methods.append(
                RepositoryIR.Method(
                    endpoint: endpoint, result: result,
                    deprecation: mapping.flatMap { mapping in
                        mapping.elements == nil
                            ? mapping.deprecation : mapping.responseDeprecation ?? mapping.deprecation
                    }, example: example?.path,
                    exampleProperty: example.map { _ in endpoint.name + "Example" }))
        }
        return RepositoryIR(
            name: name, liveName: liveName, stubName: stubName, providers: Self.providers(for: methods),
            methods: methods)
    }

    /// The live repository's request-data properties: `accessToken`, `tokenProvider`,
    /// `credentials`, or `<kind>Data` for a kind of the app's own; none shares a name with
    /// another or with `client`.
    static func providers(for methods: [RepositoryIR.Method]) -> [RepositoryIR.Provider] {
        var providers: [RepositoryIR.Provider] = []
        var taken = NameScope(["client"])
        for method in methods where !providers.contains(where: { $0.kind == method.endpoint.kind }) {
            let base: String
            switch method.endpoint.kind {
            case .public: continue
            case .private: base = "accessToken"
            case .refreshing: base = "tokenProvider"
            case .basic: base = "credentials"
            case .custom(let kind): base = SwiftName.lowerCamel(kind) + "Data"
            }
            let name = taken.claim(base)
            providers.append(RepositoryIR.Provider(kind: method.endpoint.kind, name: name))
        }
        return providers
    }

    /// `declaresNamespace`: this spec declares the namespace enum (the first spec that uses it).
    func ir(mappings: [MappingIR], declaresNamespace: Bool, repository: RepositoryIR? = nil) -> SpecIR {
        SpecIR(
            path: spec.path, fileBase: fileBase, generates: generates, access: access, types: types.table,
            mappings: mappings, endpoints: endpoints, api: api,
            examples: examples,
            namespace: types.namespace.map { NamespaceIR(name: $0, declares: declaresNamespace) },
            repository: repository, kinds: spec.kinds, dtoFiles: spec.dtoFiles?.value ?? 1,
            identifiable: spec.identifiable?.value ?? true, otherFiles: spec.otherFiles
        )
    }
}

extension ShapeSpec {
    var isArray: Bool {
        if case .array = kind { return true }
        return false
    }
}
