/// Turns the shapes of one spec (its `types` and the inline shapes of its endpoints) into
/// declarations with final, collision-free Swift names, checking every reference and modifier.
struct TypeResolver {
    var sink: DiagnosticSink
    var table = TypeTable()
    /// Spec type name → declaration.
    var named: [String: DeclID] = [:]
    /// Names taken at file scope (named types and inline endpoint types).
    var topLevelNames: Set<String> = []
    let defaultDates: DateFormatSpec
    /// `options.naming`.
    var naming: NamingStyle = .swift
    /// `options.enums: "open"`: every enum without `$unknown` keeps unknown values.
    var openEnums = false
    /// `options.namespace`: the enum every top-level type is nested in.
    var namespace: String?

    /// How a top-level type is named from outside its file: inside the namespace, if any.
    func namespaced(_ name: String) -> String {
        namespace.map { "\($0).\(name)" } ?? name
    }
    /// Types of endpoint parameters, which count as uses of named types.
    var parameterTypes: [TypeRef] = []
    /// Named types declared but not resolved yet.
    var pendingNamed: [String: NamedShape] = [:]
    /// Aliases whose target is resolving: a field inside that target that names the alias
    /// (`Children = [Node]`, `Node.children: Children`) sees a placeholder until it is done.
    var resolvingAliases: Set<DeclID> = []
    /// `$lossy` fields whose alias was still resolving: checked once every named type is.
    var deferredLossy: [(parent: DeclID, key: String, location: SourceLocation)] = []
    /// `externalTypes` schemas, resolved once the named types are declared.
    var pendingAppSchemas: [(id: DeclID, schema: ShapeSpec)] = []
    /// The type parameters in scope (while a generic type's body resolves).
    var typeParameters: [String] = []
    /// Type names generated types must not take besides Swift's (the runtime's, when it is
    /// compiled into the same module).
    var avoidedTypeNames: Set<String> = []
    /// The module generated code spells DTORuntime's types with (nil: compiled into this one).
    var runtimeModule: String? = "DTORuntime"
    /// The top-level names (and type parameters) the top-level declaration being resolved
    /// refers to anywhere inside it: a type nested in it must not take one, or it would
    /// shadow that type there. Other top-level names are free for nested types, so a schema
    /// added to a document renames no nested type of another.
    var namesInScope: Set<String> = []

    init(sink: DiagnosticSink, defaultDates: DateFormatSpec) {
        self.sink = sink
        self.defaultDates = defaultDates
    }

    // MARK: Imported types

    /// Makes an imported spec's types known here: its whole table is copied (so its types'
    /// fields can be checked and mapped), and its own named types become usable by name.
    mutating func importTypes(from other: TypeResolver) {
        let moved = table.importing(other.table, specFile: other.sink.file)
        // Only the imported spec's own types: imports are not transitive.
        for (name, id) in other.named where !other.table[id].external && named[name] == nil {
            named[name] = moved(id)
        }
        topLevelNames.formUnion(other.table.topLevel.map { other.table[$0].name })
    }

    // MARK: Named types

    mutating func declareNamedTypes(_ types: [NamedShape]) {
        let builtins = SpecReader.builtinScalars
        // A type renamed so as not to shadow Swift's (`Error` → `ErrorObject`) yields to a
        // type that spells that name, wherever the spec declares it.
        let spelled = Set(types.map(\.name))
        for type in types {
            if builtins.contains(type.name) {
                sink.error(
                    "DTG3116", type.nameLocation, "'\(type.name)' is a built-in type and cannot be redefined in 'types'"
                )
                continue
            }
            guard SwiftName.isTypeName(type.name) else {
                sink.error(
                    "DTG3117", type.nameLocation,
                    "type name '\(type.name)' is not a valid Swift type name; use letters, digits and '_', starting with a letter"
                )
                continue
            }
            var swiftName = SwiftName.unshadowed(type.name, also: avoidedTypeNames)
            if swiftName != type.name {
                swiftName = NameScope.free(swiftName) { topLevelNames.contains($0) || spelled.contains($0) }
                let owner =
                    avoidedTypeNames.contains(type.name) ? "DTORuntime's (compiled into this module)" : "Swift's"
                sink.warning(
                    "DTG3118", type.nameLocation,
                    "type name '\(type.name)' would shadow \(owner) '\(type.name)'; it is generated as '\(swiftName)'")
            }
            var decl = Decl(
                name: swiftName, qualifiedName: namespaced(swiftName), parent: nil, kind: .alias(.json),
                doc: type.shape.doc?.value, deprecation: type.shape.deprecated?.value, location: type.nameLocation)
            decl.genericParameters = type.genericParameters
            for parameter in type.genericParameters where builtins.contains(parameter) || named[parameter] != nil {
                sink.error(
                    "DTG3119", type.nameLocation,
                    "generic parameter '\(parameter)' of '\(type.name)' is also a type name; choose another, such as 'T'"
                )
            }
            if !type.genericParameters.isEmpty {
                switch type.shape.kind {
                case .enumeration, .oneOf:
                    sink.error(
                        "DTG3120", type.nameLocation,
                        "'\(type.name)' cannot be generic: only objects and aliases take type parameters")
                default: break
                }
            }
            let id = table.add(decl)
            named[type.name] = id
            topLevelNames.insert(swiftName)
            table.topLevel.append(id)
        }
    }

    mutating func resolveNamedTypes(_ types: [NamedShape]) {
        for type in types where named[type.name] != nil { pendingNamed[type.name] = type }
        for type in types { resolveNamedType(type.name) }
        for deferred in deferredLossy { applyLossy(deferred.location, key: deferred.key, parent: deferred.parent) }
        deferredLossy = []
        checkAliasCycles(types)
        breakRecursiveStructs()
    }

    /// Resolves one named type the first time it is needed: in declaration order, or earlier
    /// when a field refers to it, so a field's checks (an enum default, a `Date` alias, an
    /// array alias) see what the type is whatever order the spec declares types in.
    mutating func resolveNamedType(_ name: String) {
        guard let type = pendingNamed.removeValue(forKey: name), let id = named[name] else { return }
        // Inside a generic type its parameters are types.
        let outerParameters = typeParameters
        typeParameters = type.genericParameters
        defer { typeParameters = outerParameters }
        inScope(of: type.shape) { $0.resolveNamedBody(type, id: id) }
    }

    /// The declaration of a named type, once its type parameters are in scope.
    mutating func resolveNamedBody(_ type: NamedShape, id: DeclID) {
        let shape = type.shape
        rejectFieldOnlyModifiers(shape, what: "a type in 'types'")
        switch shape.kind {
        case .object:
            // A struct is a struct while its own fields resolve (they may refer to it).
            table[id].kind = .structure([])
            table[id].kind = .structure(resolveFields(shape, of: id))
        case .enumeration(let values):
            table[id].kind = .enumeration(resolveEnum(values, shape: shape))
        case .oneOf(let variants):
            table[id].kind = .oneOf(OneOfInfo(variants: []))
            table[id].kind = .oneOf(resolveOneOf(variants, shape: shape, id: id))
        default:
            var aliased = shape
            aliased.optional = false
            resolvingAliases.insert(id)
            let target = resolve(aliased, hint: type.name, parent: nil, element: false)
            resolvingAliases.remove(id)
            if let target {
                table[id].kind = .alias(target)
            }
        }
    }

    /// Whether `type` is (through aliases) an alias whose target is still resolving.
    func namesResolvingAlias(_ type: TypeRef) -> Bool {
        var current = type
        var steps = 0
        while case .named(let id) = current, case .alias(let target) = table[id].kind, steps <= table.decls.count {
            if resolvingAliases.contains(id) { return true }
            current = target
            steps += 1
        }
        return false
    }

    /// `$lossy` on a field of `parent` whose type is an alias that was resolving when the
    /// field was: the same check and coding as in `resolveField`, now that the alias is known.
    mutating func applyLossy(_ location: SourceLocation, key: String, parent: DeclID) {
        guard case .structure(var fields) = table[parent].kind,
            let index = fields.firstIndex(where: { $0.jsonKey == key })
        else { return }
        guard case .array(let element) = table.resolved(fields[index].type.nonOptional) else {
            sink.error(
                "DTG3121", location,
                "'$lossy' applies to arrays; '\(key)' is \(table.describe(fields[index].type.nonOptional))")
            return
        }
        fields[index].coding.strategy = .lossyArray(element: element)
        table[parent].kind = .structure(fields)
    }

    mutating func rejectFieldOnlyModifiers(_ shape: ShapeSpec, what: String) {
        if shape.optional, let at = shape.optionalLocation {
            sink.error("DTG3122", at, "\(what) cannot be optional; make the field that uses it optional instead")
        }
        if shape.defaultValue != nil {
            sink.error("DTG3123", shape.location, "'$default' belongs on a field, not on \(what)")
        }
        if shape.lenient { sink.error("DTG3124", shape.location, "'$lenient' belongs on a field, not on \(what)") }
        if let lossy = shape.lossy {
            sink.error("DTG3125", lossy.location, "'$lossy' belongs on a field, not on \(what)")
        }
        if let format = shape.format {
            sink.error("DTG3126", format.location, "'$format' belongs on a Date field, not on \(what)")
        }
    }

    /// Warns about named types no endpoint uses (directly or through other types).
    mutating func warnAboutUnusedTypes(_ types: [NamedShape], roots: [TypeRef]) {
        let used = TypeGraph(table: table).reachable(from: roots)
        let unused = types.filter { type in named[type.name].map { !used.contains($0) } ?? false }
        guard let first = unused.first else { return }
        // An imported document declares hundreds such (events, webhooks): one line, not hundreds.
        guard unused.count > Self.unusedTypesListedOneByOne else {
            for type in unused {
                sink.warning(
                    "DTG3127", type.nameLocation,
                    "type '\(type.name)' is not used by any endpoint; it is still generated")
            }
            return
        }
        let names = unused.prefix(5).map { "'\($0.name)'" }.joined(separator: ", ")
        sink.warning(
            "DTG3128", first.nameLocation,
            "\(unused.count) types are not used by any endpoint (\(names), ...); they are still generated")
    }

    /// More unused types than this are reported in one warning.
    static let unusedTypesListedOneByOne = 10

    mutating func checkAliasCycles(_ types: [NamedShape]) {
        for type in types {
            // Asked again for each type: the cycle reported last is broken now (one error per cycle).
            guard let start = named[type.name], TypeGraph(table: table).aliasIsCyclic(start) else { continue }
            sink.error("DTG3129", type.nameLocation, "type '\(type.name)' is defined in terms of itself")
            table[start].kind = .alias(.json)
        }
    }

    /// A `$deprecated` property is computed from a private stored one (`_name`), which the
    /// generated init and coding use, so only the app's reads of it warn. One that spells a
    /// deprecated type is deprecated as it is stored instead (see `DeprecatedTypes`).
    mutating func storeDeprecatedFields() {
        let deprecated = DeprecatedTypes(table)
        for index in table.decls.indices {
            guard case .structure(var fields) = table.decls[index].kind,
                fields.contains(where: { $0.deprecation != nil })
            else { continue }
            var taken = NameScope(fields.map(\.name) + fields.compactMap(\.storage))
            for position in fields.indices where fields[position].deprecation != nil && fields[position].storage == nil
            {
                guard deprecated.mentioned(in: fields[position].type, table: table) == nil else { continue }
                fields[position].storage = taken.claim("_" + fields[position].name)
            }
            table.decls[index].kind = .structure(fields)
        }
    }

    /// Boxes the fields that break cycles of inline storage, and reports the cycles nothing can break.
    mutating func breakRecursiveStructs() {
        let plan = RecursiveStorage.plan(table)
        for (edge, storage) in plan.boxed {
            guard case .structure(var fields) = table[edge.struct].kind else { continue }
            fields[edge.field].storage = storage
            fields[edge.field].boxed = true
            table[edge.struct].kind = .structure(fields)
        }
        for error in plan.errors { sink.error("DTG3130", error.location, error.message) }
    }
}

extension TypeResolver {
    /// The type named by `error`: an object type declared here (it is generated conforming to
    /// `Error`) or imported from a spec that names it as its `error` too.
    /// `what`: the key that names it, for a message (`'error'`, or an `errors` entry's status).
    mutating func errorBody(_ written: Located<String>, what: String = "'error'") -> TypeRef? {
        guard let id = named[written.value] else {
            let hint = Suggest.hint(for: written.value, in: named.keys.sorted())
            sink.error(
                .unknownErrorType, written.location,
                "unknown error type '\(written.value)'\(hint.isEmpty ? "; declare it in 'types'" : hint)",
                subject: written.value)
            return nil
        }
        if table[id].providedByRuntime { return .named(id) }
        guard case .structure = table[id].kind, table[id].genericParameters.isEmpty else {
            sink.error(
                "DTG3132", written.location,
                "\(what) must name an object type, such as { \"code\": \"String\", \"message\": \"String\" }; '\(written.value)' is not one"
            )
            return nil
        }
        if table[id].external, !table[id].isErrorBody {
            sink.error(
                "DTG3133", written.location,
                "'\(written.value)' is declared in an imported spec; name it as an error type there too ('error' or 'errors'), so it is generated conforming to Error"
            )
            return nil
        }
        table[id].isErrorBody = true
        return .named(id)
    }
}
