/// A struct may contain itself (directly or through other structs) through an optional, an
/// array or a dictionary (§2). Arrays and dictionaries store out of line already; on a cycle
/// of plain and optional fields, the first optional field is stored boxed
/// (`DTORuntime.Indirect`), which keeps value semantics. A cycle with no optional field cannot
/// exist in any value: an error that names a field to make optional.
enum RecursiveStorage {
    /// A field of a struct.
    struct Edge: Hashable {
        var `struct`: DeclID
        var field: Int
    }

    struct Plan {
        /// The fields to store out of line, each under a private name next to its own.
        var boxed: [(Edge, storage: String)] = []
        var errors: [(location: SourceLocation, message: String)] = []
    }

    /// What breaking every cycle of inline storage in `table` takes.
    static func plan(_ table: TypeTable) -> Plan {
        var plan = Plan()
        var boxed: [Edge: String] = [:]
        var reported: Set<Edge> = []
        /// The struct a value of this type stores inline (through optionals and aliases).
        func storedStruct(_ type: TypeRef) -> (id: DeclID, optional: Bool)? {
            switch type {
            case .optional(let wrapped): return storedStruct(wrapped).map { ($0.id, true) }
            case .generic(let id, _):
                if case .structure = table[id].kind { return (id, false) }
                return nil
            case .named(let id):
                switch table[id].kind {
                case .structure: return (id, false)
                case .alias(let target): return storedStruct(target)
                // One-of enums are `indirect`: their values live out of line.
                case .enumeration, .oneOf: return nil
                // The app's type holds what it holds; a response by status is no field's.
                case .appType, .statusResponses, .responseHeaders: return nil
                }
            default: return nil
            }
        }
        func field(_ edge: Edge) -> Field? {
            if case .structure(let fields) = table[edge.struct].kind { return fields[edge.field] }
            return nil
        }
        // Each round finds one cycle of inline storage and boxes (or reports) one field on it.
        while true {
            var cycle: [Edge]?
            var state: [DeclID: Int] = [:]  // 1: on the path, 2: done
            var path: [Edge] = []
            func visit(_ id: DeclID) {
                guard cycle == nil else { return }
                state[id] = 1
                if case .structure(let fields) = table[id].kind {
                    for (index, field) in fields.enumerated() {
                        let edge = Edge(struct: id, field: index)
                        guard field.storage == nil, boxed[edge] == nil, !reported.contains(edge),
                            let target = storedStruct(field.type)?.id
                        else { continue }
                        path.append(edge)
                        if state[target] == 1 {
                            let start = path.firstIndex { $0.struct == target } ?? 0
                            cycle = Array(path[start...])
                            return
                        }
                        if state[target] == nil { visit(target) }
                        if cycle != nil { return }
                        path.removeLast()
                    }
                }
                state[id] = 2
            }
            for index in table.decls.indices where cycle == nil && state[DeclID(index: index)] == nil {
                path = []
                visit(DeclID(index: index))
            }
            guard let found = cycle else { return plan }
            if let breakable = found.first(where: { field($0).flatMap { storedStruct($0.type)?.optional } == true }),
                case .structure(let fields) = table[breakable.struct].kind
            {
                let taken = NameScope(
                    fields.map(\.name) + fields.compactMap(\.storage)
                        + boxed.filter { $0.key.struct == breakable.struct }.map(\.value))
                let storage = taken.free("_" + fields[breakable.field].name)
                boxed[breakable] = storage
                plan.boxed.append((breakable, storage))
            } else if let closing = found.last, let f = field(closing) {
                let names = found.compactMap { field($0).map { "'\($0.jsonKey)'" } }
                plan.errors.append(
                    (
                        f.keyLocation,
                        "'\(f.jsonKey)' makes '\(table[closing.struct].qualifiedName)' contain itself (through \(names.joined(separator: ", "))), which no JSON value can end; make '\(f.jsonKey)' optional (\"\(table.describe(f.type))?\") or an array"
                    ))
                reported.formUnion(found)
            }
        }
    }
}
