/// Which of a file's imports are `public import` (SE-0409): with `options.access: "public"`,
/// a module whose types the file's public declarations name. Under `InternalImportsByDefault`
/// a plain import is internal, so such a file would not compile; a `public import` that no
/// public declaration of the file uses draws a warning. So each file says it of exactly the
/// modules it needs, decided from the IR rather than from the text it prints.
struct ImportAccess: Equatable, Sendable {
    /// `Date`, `URL`, `UUID`, `Data` or `Decimal` in a public declaration.
    var foundation = false
    /// A runtime type in a public declaration, a conformance to a runtime protocol or an
    /// extension of a runtime type.
    var runtime = false

    /// Notes the modules that `type` names.
    mutating func add(_ type: TypeRef) {
        switch type {
        case .scalar(.file), .json: runtime = true
        case .scalar(.date), .scalar(.url), .scalar(.uuid), .scalar(.data), .scalar(.decimal): foundation = true
        case .scalar, .named, .parameter: break
        case .array(let inner), .dictionary(let inner), .optional(let inner): add(inner)
        case .generic(_, let arguments): arguments.forEach { add($0) }
        }
    }

    /// A DTO file's: the public members of `decls` (with their nested types), and the
    /// runtime when the file has fast paths.
    static func dtos(_ decls: [DeclID], in table: TypeTable, fastPaths: Bool) -> ImportAccess {
        var access = ImportAccess(runtime: fastPaths)
        var pending = decls
        while let id = pending.popLast() {
            let decl = table[id]
            pending += decl.nested
            switch decl.kind {
            case .structure:
                for field in decl.storedFields {
                    access.add(field.type)
                    // A nullable field is stored as the runtime's `Nullable`.
                    if field.coding.strategy.isNullable && !field.boxed { access.runtime = true }
                }
            case .alias(let target): access.add(target)
            case .appType: break
            case .oneOf(let info):
                info.variants.forEach { access.add($0.type) }
                if info.unknownCaseName != nil { access.runtime = true }
            case .enumeration: break
            case .statusResponses(let cases):
                cases.compactMap(\.payload).forEach { access.add($0) }
                access.runtime = true
                access.foundation = true
            case .responseHeaders(let fields):
                fields.forEach { access.add($0.type) }
                access.runtime = true
            }
        }
        return access
    }

    /// An endpoints file's: the base URL, the factories (extensions of the runtime's endpoint
    /// types), generated kinds and the repository.
    static func endpoints(_ endpoints: [EndpointIR], api: Bool, kinds: Bool, repository: RepositoryIR?) -> ImportAccess
    {
        var access = ImportAccess(foundation: api, runtime: !endpoints.isEmpty || kinds || repository != nil)
        for endpoint in endpoints + (repository?.methods.map(\.endpoint) ?? []) {
            endpoint.arguments.forEach { access.add($0.type) }
            endpoint.response.map { access.add($0) }
        }
        return access
    }

    /// A mappings file's: the DTO and response types its public initializers and mappers take.
    static func mappings(_ mappings: [MappingIR]) -> ImportAccess {
        var access = ImportAccess()
        for mapping in mappings {
            access.add(.named(mapping.dtoType))
            mapping.response.map { access.add($0) }
        }
        return access
    }
}
