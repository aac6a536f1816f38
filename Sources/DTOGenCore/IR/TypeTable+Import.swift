extension TypeTable {
    /// Appends a copy of an imported spec's whole table (so its types' fields can be checked
    /// and mapped here) and returns where each of its declarations now is. Copies are
    /// `external`: never rendered, never counted as this spec's types.
    mutating func importing(_ other: TypeTable, specFile: String) -> (DeclID) -> DeclID {
        let offset = decls.count
        let moved = { (id: DeclID) in DeclID(index: id.index + offset) }
        func remap(_ type: TypeRef) -> TypeRef {
            switch type {
            case .named(let id): .named(moved(id))
            case .generic(let id, let args): .generic(moved(id), args.map(remap))
            case .array(let element): .array(remap(element))
            case .dictionary(let value): .dictionary(remap(value))
            case .optional(let wrapped): .optional(remap(wrapped))
            default: type
            }
        }
        for var decl in other.decls {
            decl.external = true
            decl.specFile = decl.specFile ?? specFile
            decl.parent = decl.parent.map(moved)
            decl.nested = decl.nested.map(moved)
            switch decl.kind {
            case .structure(let fields):
                decl.kind = .structure(
                    fields.map { field in
                        var field = field
                        field.type = remap(field.type)
                        if case .lossyArray(let element) = field.coding.strategy {
                            field.coding.strategy = .lossyArray(element: remap(element))
                        }
                        return field
                    })
                if let additional = decl.additionalProperties {
                    decl.additionalProperties?.type = remap(additional.type)
                }
            case .alias(let target): decl.kind = .alias(remap(target))
            case .appType: break
            case .oneOf(var info):
                for index in info.variants.indices { info.variants[index].type = remap(info.variants[index].type) }
                decl.kind = .oneOf(info)
            case .statusResponses(var cases):
                for index in cases.indices { cases[index].payload = cases[index].payload.map(remap) }
                decl.kind = .statusResponses(cases)
            case .responseHeaders(var fields):
                for index in fields.indices { fields[index].type = remap(fields[index].type) }
                decl.kind = .responseHeaders(fields)
            case .enumeration: break
            }
            decls.append(decl)
        }
        return moved
    }
}
