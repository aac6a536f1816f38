/// Questions about how a spec's declarations refer to each other, asked once every type is
/// resolved: which types some roots use, and which aliases end in themselves.
struct TypeGraph {
    let table: TypeTable

    /// The declarations `roots` use, directly or through fields, alias targets, variants,
    /// generic arguments and nested types.
    func reachable(from roots: [TypeRef]) -> Set<DeclID> {
        var used: Set<DeclID> = []
        var pending = roots
        while let next = pending.popLast() {
            switch next {
            case .named(let id):
                guard used.insert(id).inserted else { continue }
                switch table[id].kind {
                case .structure: pending += table[id].storedFields.map(\.type)
                case .alias(let target): pending.append(target)
                case .oneOf(let info): pending += info.variants.map(\.type)
                case .statusResponses(let cases): pending += cases.compactMap(\.payload)
                case .responseHeaders(let fields): pending += fields.map(\.type)
                case .enumeration, .appType: break
                }
                pending += table[id].nested.map { TypeRef.named($0) }
            case .array(let inner), .dictionary(let inner), .optional(let inner):
                pending.append(inner)
            case .generic(let id, let args):
                pending.append(.named(id))
                pending += args
            default:
                break
            }
        }
        return used
    }

    /// Whether following `start`'s alias targets comes back to one already passed.
    func aliasIsCyclic(_ start: DeclID) -> Bool {
        var seen: Set<DeclID> = [start]
        var current = start
        while case .alias(let target) = table[current].kind, case .named(let next) = target.nonOptional {
            guard seen.insert(next).inserted else { return true }
            current = next
        }
        return false
    }
}
