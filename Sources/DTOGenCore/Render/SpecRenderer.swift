/// Renders one spec's IR into its files with the run's templates: DTOs, mappings and
/// endpoints, each only when it declares something (unless `keepsEmptyFiles`).
struct SpecRenderer: Sendable {
    let templates: TemplateSet
    let runtimeModule: String?
    let keepsEmptyFiles: Bool
    let specLocationFolder: String?
    /// Example payloads by path, for repository stubs.
    var payloads: [String: [UInt8]] = [:]
    var fastDecoding = false

    func render(_ ir: SpecIR) -> Result<[GeneratedFile], MustacheError> {
        guard ir.generates else { return .success([]) }
        let runtime = RuntimeSymbols(
            module: runtimeModule, version: RuntimeVersion.required(by: ir, fastDecoding: fastDecoding))
        var file = FileContext(header: Generator.header(forSpecPath: ir.path), runtime: runtime)
        file.access = ir.access
        let printer = SwiftPrinter(table: ir.types, runtime: runtime)
        let access = SwiftPrinter.accessModifier(ir.access)
        let dtoNames = SpecFileNaming.dtoFileNames(base: ir.fileBase, count: ir.dtoFiles)
        do {
            var files: [GeneratedFile] = []
            if keepsEmptyFiles || !ir.types.topLevel.isEmpty || ir.namespace?.declares == true
                || !ir.types.declaredAppTypes.isEmpty
            {
                var builder = DTOContextBuilder(table: ir.types, access: access, printer: printer)
                builder.fastDecoding = fastDecoding
                builder.decoded = ir.decoded
                builder.identifiable = ir.identifiable
                for (name, context) in zip(
                    dtoNames, builder.contexts(file, namespace: ir.namespace, files: ir.dtoFiles))
                {
                    // A file of a split spec that holds no type is written only where every
                    // file must be (the build plugin names them all beforehand).
                    guard
                        keepsEmptyFiles || !context.declarations.isEmpty || context.namespace?.declares == true
                            || !context.appTypes.isEmpty
                    else {
                        continue
                    }
                    files.append(GeneratedFile(path: name, contents: try templates.render("dtos.swift", context.value)))
                }
            }
            // One `init(from model:)` per body type and model, however many endpoints send it.
            var bodies: [BodyFromIR] = []
            for body in ir.endpoints.compactMap(\.bodyFrom)
            where !bodies.contains(where: { $0.bodyType == body.bodyType && $0.model == body.model }) {
                bodies.append(body)
            }
            if keepsEmptyFiles || !ir.mappings.isEmpty || !bodies.isEmpty {
                var file = file
                if ir.access != .internal { file.exposedImports = ImportAccess.mappings(ir.mappings) }
                let specFile = specLocationFolder.map { folder in
                    folder.isEmpty ? ir.path : (folder.hasSuffix("/") ? folder : folder + "/") + ir.path
                }
                let builder = MappingContextBuilder(access: access, printer: printer, specFile: specFile)
                let mappings = try templates.render(
                    "mappings.swift", builder.context(file, mappings: ir.mappings, bodies: bodies).value)
                files.append(
                    GeneratedFile(path: SpecFileNaming.mappingsFileName(base: ir.fileBase), contents: mappings))
            }
            if keepsEmptyFiles || !ir.endpoints.isEmpty || ir.api != nil || !ir.kinds.isEmpty {
                var file = file
                if ir.access != .internal {
                    file.exposedImports = ImportAccess.endpoints(
                        ir.endpoints, api: ir.api != nil, kinds: !ir.kinds.isEmpty, repository: ir.repository)
                }
                var context = EndpointContextBuilder(access: access, printer: printer).context(
                    file, endpoints: ir.endpoints, api: ir.api, kinds: ir.kinds)
                context.repository = ir.repository.map {
                    RepositoryContextBuilder(access: access, printer: printer, payloads: payloads).context(
                        $0, api: ir.api)
                }
                let endpoints = try templates.render("endpoints.swift", context.value)
                files.append(
                    GeneratedFile(path: SpecFileNaming.endpointsFileName(base: ir.fileBase), contents: endpoints))
            }
            return .success(files)
        } catch {
            return .failure(error)
        }
    }
}
