/// Which of a translation's named types are used, for a document read in part (`dtogen
/// import --operations`, a backed spec's `operations`): one walk for the draft the importer
/// writes and the tree a backed spec merges.
enum ImportedTypes {
    /// The names of `types` that `roots` refer to, directly or through other types; `names`
    /// gives every identifier a value could refer to a type by.
    static func reached<Value>(from roots: [Value], types: [String: Value], names: (Value) -> [String]) -> Set<String> {
        var reached: Set<String> = []
        var pending = roots
        while let next = pending.popLast() {
            for name in names(next) where types[name] != nil && reached.insert(name).inserted {
                if let type = types[name] { pending.append(type) }
            }
        }
        return reached
    }

    /// The identifiers in a type reference as written (`Pet?`, `[Pet]`, `Page<Pet>`, `Pet.Kind`).
    static func identifiers(in text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
    }
}
