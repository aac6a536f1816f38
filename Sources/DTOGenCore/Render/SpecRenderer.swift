/// Renders one spec's IR into its three files with the run's templates.
struct SpecRenderer: Sendable {
    let templates: TemplateSet
    let runtimeModule: String?

    func render(_ ir: SpecIR) -> Result<[GeneratedFile], MustacheError> {
        let runtime = RuntimeSymbols(module: runtimeModule)
        let file = FileContext(header: Generator.header(forSpecPath: ir.path), runtimeModule: runtimeModule, runtime: runtime)
        let printer = SwiftPrinter(table: ir.types, runtime: runtime)
        let access = ir.access == .public ? "public " : ""
        let names = Generator.outputFileNames(forSpecPath: ir.path)
        do {
            let dtos = try templates.render("dtos.swift", DTOContextBuilder(table: ir.types, access: access, printer: printer).context(file))
            let mappings = try templates.render("mappings.swift", MappingContextBuilder(access: access, printer: printer).context(file, mappings: ir.mappings))
            let endpoints = try templates.render("endpoints.swift", EndpointContextBuilder(access: access, printer: printer).context(file, endpoints: ir.endpoints, api: ir.api))
            return .success([
                GeneratedFile(path: names[0], contents: dtos),
                GeneratedFile(path: names[1], contents: mappings),
                GeneratedFile(path: names[2], contents: endpoints),
            ])
        } catch {
            return .failure(error)
        }
    }
}
