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
    /// The type parameters in scope (while a generic type's body resolves).
    var typeParameters: [String] = []
    /// Type names generated types must not take besides Swift's (the runtime's, when it is
    /// compiled into the same module).
    var avoidedTypeNames: Set<String> = []

    init(sink: DiagnosticSink, defaultDates: DateFormatSpec) {
        self.sink = sink
        self.defaultDates = defaultDates
    }

    // MARK: Imported types

    /// Makes an imported spec's types known here: its whole table is copied (so its
    /// types' fields can be checked and mapped), and its own named types become usable by
    /// name. Copies are `external`: never rendered, never counted as this spec's types.
    mutating func importTypes(from other: TypeResolver) {
        let offset = table.decls.count
        func moved(_ id: DeclID) -> DeclID { DeclID(index: id.index + offset) }
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
        for var decl in other.table.decls {
            decl.external = true
            decl.specFile = decl.specFile ?? other.sink.file
            decl.parent = decl.parent.map(moved)
            decl.nested = decl.nested.map(moved)
            switch decl.kind {
            case .structure(let fields):
                decl.kind = .structure(fields.map { field in
                    var field = field
                    field.type = remap(field.type)
                    if case .lossyArray(let element) = field.coding.strategy { field.coding.strategy = .lossyArray(element: remap(element)) }
                    return field
                })
            case .alias(let target): decl.kind = .alias(remap(target))
            case .oneOf(var info):
                for index in info.variants.indices { info.variants[index].type = remap(info.variants[index].type) }
                decl.kind = .oneOf(info)
            case .enumeration: break
            }
            table.decls.append(decl)
        }
        // Only the imported spec's own types: imports are not transitive.
        for (name, id) in other.named where !other.table[id].external && named[name] == nil {
            named[name] = moved(id)
        }
        topLevelNames.formUnion(other.table.topLevel.map { other.table[$0].name })
    }

    // MARK: Named types

    mutating func declareNamedTypes(_ types: [NamedShape]) {
        let builtins = SpecReader.builtinScalars
        for type in types {
            if builtins.contains(type.name) {
                sink.error(type.nameLocation, "'\(type.name)' is a built-in type and cannot be redefined in 'types'")
                continue
            }
            guard SwiftName.isTypeName(type.name) else {
                sink.error(type.nameLocation, "type name '\(type.name)' is not a valid Swift type name; use letters, digits and '_', starting with a letter")
                continue
            }
            var swiftName = SwiftName.unshadowed(type.name, also: avoidedTypeNames)
            if swiftName != type.name {
                swiftName = SwiftName.distinct(swiftName, from: topLevelNames)
                let owner = avoidedTypeNames.contains(type.name) ? "DTORuntime's (compiled into this module)" : "Swift's"
                sink.warning(type.nameLocation, "type name '\(type.name)' would shadow \(owner) '\(type.name)'; it is generated as '\(swiftName)'")
            }
            var decl = Decl(name: swiftName, qualifiedName: namespaced(swiftName), parent: nil, kind: .alias(.json), doc: type.shape.doc?.value, location: type.nameLocation)
            decl.genericParameters = type.genericParameters
            for parameter in type.genericParameters where builtins.contains(parameter) || named[parameter] != nil {
                sink.error(type.nameLocation, "generic parameter '\(parameter)' of '\(type.name)' is also a type name; choose another, such as 'T'")
            }
            if !type.genericParameters.isEmpty {
                switch type.shape.kind {
                case .enumeration, .oneOf:
                    sink.error(type.nameLocation, "'\(type.name)' cannot be generic: only objects and aliases take type parameters")
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
        let shape = type.shape
        rejectFieldOnlyModifiers(shape, what: "a type in 'types'")
        switch shape.kind {
        case .object(let properties):
            // A struct is a struct while its own fields resolve (they may refer to it).
            table[id].kind = .structure([])
            table[id].kind = .structure(resolveFields(properties, of: id))
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
        guard case .structure(var fields) = table[parent].kind, let index = fields.firstIndex(where: { $0.jsonKey == key }) else { return }
        guard case .array(let element) = table.resolved(fields[index].type.nonOptional) else {
            sink.error(location, "'$lossy' applies to arrays; '\(key)' is \(table.describe(fields[index].type.nonOptional))")
            return
        }
        fields[index].coding.strategy = .lossyArray(element: element)
        table[parent].kind = .structure(fields)
    }

    mutating func rejectFieldOnlyModifiers(_ shape: ShapeSpec, what: String) {
        if shape.optional, let at = shape.optionalLocation {
            sink.error(at, "\(what) cannot be optional; make the field that uses it optional instead")
        }
        if shape.defaultValue != nil { sink.error(shape.location, "'$default' belongs on a field, not on \(what)") }
        if shape.lenient { sink.error(shape.location, "'$lenient' belongs on a field, not on \(what)") }
        if let lossy = shape.lossy { sink.error(lossy.location, "'$lossy' belongs on a field, not on \(what)") }
        if let format = shape.format {
            sink.error(format.location, "'$format' belongs on a Date field, not on \(what)")
        }
    }

    /// Warns about named types no endpoint uses (directly or through other types).
    mutating func warnAboutUnusedTypes(_ types: [NamedShape], roots: [TypeRef]) {
        var used: Set<DeclID> = []
        var pending = roots
        func visit(_ type: TypeRef) {
            switch type {
            case .named(let id):
                guard used.insert(id).inserted else { return }
                switch table[id].kind {
                case .structure(let fields): pending += fields.map(\.type)
                case .alias(let target): pending.append(target)
                case .oneOf(let info): pending += info.variants.map(\.type)
                case .enumeration: break
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
        while let next = pending.popLast() { visit(next) }
        for type in types {
            guard let id = named[type.name], !used.contains(id) else { continue }
            sink.warning(type.nameLocation, "type '\(type.name)' is not used by any endpoint; it is still generated")
        }
    }

    mutating func checkAliasCycles(_ types: [NamedShape]) {
        for type in types {
            guard let start = named[type.name] else { continue }
            var seen: Set<DeclID> = [start]
            var current = start
            while case .alias(let target) = table[current].kind, case .named(let next) = target.nonOptional {
                if seen.contains(next) {
                    sink.error(type.nameLocation, "type '\(type.name)' is defined in terms of itself")
                    table[start].kind = .alias(.json)
                    break
                }
                seen.insert(next)
                current = next
            }
        }
    }

    /// A struct may contain itself (directly or through other structs) through an optional,
    /// an array or a dictionary (§2). Arrays and dictionaries store out of line already; on a
    /// cycle of plain and optional fields, the first optional field is stored boxed
    /// (`DTORuntime.Indirect`), which keeps value semantics. A cycle with no optional field
    /// cannot exist in any value: an error that names a field to make optional.
    mutating func breakRecursiveStructs() {
        /// The structs a value of this type stores inline (through optionals and aliases).
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
                }
            default: return nil
            }
        }
        struct Edge: Hashable {
            var from: DeclID
            var field: Int
        }
        var reported: Set<Edge> = []
        // Each round finds one cycle of inline storage and boxes (or reports) one field on it.
        while true {
            var cycle: [Edge]?
            var state: [DeclID: Int] = [:]  // 1: on the path, 2: done
            var path: [Edge] = []
            func visit(_ id: DeclID) {
                guard cycle == nil else { return }
                state[id] = 1
                if case .structure(let fields) = table[id].kind {
                    for (index, field) in fields.enumerated() where field.storage == nil && !reported.contains(Edge(from: id, field: index)) {
                        guard let target = storedStruct(field.type)?.id else { continue }
                        path.append(Edge(from: id, field: index))
                        if state[target] == 1 {
                            let start = path.firstIndex { $0.from == target } ?? 0
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
            guard let found = cycle else { return }
            func field(_ edge: Edge) -> Field? {
                if case .structure(let fields) = table[edge.from].kind { return fields[edge.field] }
                return nil
            }
            if let breakable = found.first(where: { field($0).flatMap { storedStruct($0.type)?.optional } == true }) {
                box(breakable)
            } else if let closing = found.last, let f = field(closing) {
                let decl = table[closing.from]
                let names = found.compactMap { field($0).map { "'\($0.jsonKey)'" } }
                sink.error(f.keyLocation, "'\(f.jsonKey)' makes '\(decl.qualifiedName)' contain itself (through \(names.joined(separator: ", "))), which no JSON value can end; make '\(f.jsonKey)' optional (\"\(table.describe(f.type))?\") or an array")
                reported.formUnion(found)
            }
        }

        /// Stores the field out of line, under a private name next to its own.
        func box(_ edge: Edge) {
            guard case .structure(var fields) = table[edge.from].kind else { return }
            let taken = Set(fields.map(\.name) + fields.compactMap(\.storage))
            fields[edge.field].storage = SwiftName.distinct("_" + fields[edge.field].name, from: taken)
            table[edge.from].kind = .structure(fields)
        }
    }

    // MARK: Inline shapes

    /// Resolves a shape to a type. `hint` names an inline struct or enum; `element` says the
    /// shape is an array element (its name is made singular).
    mutating func resolve(_ shape: ShapeSpec, hint: String, parent: DeclID?, element: Bool, siblings: inout Set<String>) -> TypeRef? {
        var type: TypeRef
        switch shape.kind {
        case .reference(let name):
            if let scalar = TypeRef.Scalar(rawValue: name) {
                type = .scalar(scalar)
            } else if name == "JSON" {
                type = .json
            } else if typeParameters.contains(name) {
                type = .parameter(name)
            } else if let generic = GenericName.parse(name) {
                guard let resolved = resolveGeneric(generic, written: name, shape: shape, parent: parent, siblings: &siblings) else { return nil }
                type = resolved
            } else if let id = named[name] {
                resolveNamedType(name)
                if !table[id].genericParameters.isEmpty {
                    let parameters = table[id].genericParameters
                    sink.error(shape.location, "'\(name)' is generic (\(name)<\(parameters.joined(separator: ", "))>); write it with type arguments, such as \"\(name)<\(parameters.map { _ in "String" }.joined(separator: ", "))>\"")
                    return nil
                }
                type = .named(id)
            } else {
                // The spec's own names first, then the built-ins from common to rare, so
                // 'Dat' suggests 'Date' before 'Data'.
                let candidates = named.keys.sorted() + SpecReader.builtinScalars
                var hintText = Suggest.hint(for: name, in: candidates)
                if hintText.isEmpty, name.hasPrefix("[") || name.hasSuffix("]") {
                    hintText = "; write an array as a JSON array: [\"\(name.trimmingCharacters(in: ["[", "]"]))\"]"
                }
                sink.error(shape.location, "unknown type '\(name)'\(hintText.isEmpty ? "; expected String, Int, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, JSON or a name from 'types'" : hintText)")
                return nil
            }
        case .array(let inner):
            guard let element = resolve(inner, hint: hint, parent: parent, element: true, siblings: &siblings) else { return nil }
            type = .array(element)
        case .dictionary(let inner):
            guard let value = resolve(inner, hint: hint, parent: parent, element: false, siblings: &siblings) else { return nil }
            type = .dictionary(value)
        case .object(let properties):
            if nesting(of: parent) >= Self.maximumNesting {
                sink.error(shape.location, "objects are nested more than \(Self.maximumNesting) levels deep here; declare inner objects in 'types'")
                return nil
            }
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(name: name, parent: parent, kind: .structure([]), shape: shape)
            table[id].kind = .structure(resolveFields(properties, of: id))
            type = .named(id)
        case .enumeration(let values):
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(name: name, parent: parent, kind: .enumeration(resolveEnum(values, shape: shape)), shape: shape)
            type = .named(id)
        case .oneOf(let variants):
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(name: name, parent: parent, kind: .oneOf(OneOfInfo(variants: [])), shape: shape)
            table[id].kind = .oneOf(resolveOneOf(variants, shape: shape, id: id))
            type = .named(id)
        }
        if let typeName = shape.typeName {
            switch shape.kind {
            case .object, .enumeration, .oneOf: break
            default: sink.error(typeName.location, "'$typeName' names an inline object or enum; this shape declares no type")
            }
        }
        // Elements of arrays and values of dictionaries carry their own optionality (`["Int?"]`).
        if shape.optional { type = .optional(type) }
        return type
    }

    /// `Page<Charge>`: a generic named type with as many arguments as it has parameters.
    mutating func resolveGeneric(_ generic: GenericName, written: String, shape: ShapeSpec, parent: DeclID?, siblings: inout Set<String>) -> TypeRef? {
        guard !generic.base.isEmpty else {
            sink.error(shape.location, "'\(written)' is not a valid generic type; write it as \"Page<Charge>\"")
            return nil
        }
        guard let id = named[generic.base] else {
            let hint = Suggest.hint(for: generic.base, in: named.keys.sorted())
            sink.error(shape.location, "unknown generic type '\(generic.base)'\(hint.isEmpty ? "; declare it in 'types' as \"\(generic.base)<T>\"" : hint)")
            return nil
        }
        resolveNamedType(generic.base)
        let parameters = table[id].genericParameters
        guard parameters.count == generic.arguments.count else {
            let expected = parameters.isEmpty ? "is not generic" : "takes \(parameters.count) type argument\(parameters.count == 1 ? "" : "s") (\(parameters.joined(separator: ", ")))"
            sink.error(shape.location, "'\(generic.base)' \(expected), found \(generic.arguments.count) in '\(written)'")
            return nil
        }
        var arguments: [TypeRef] = []
        for argument in generic.arguments {
            var argumentShape = ShapeSpec(kind: .reference(argument), location: shape.location)
            if argument.hasSuffix("?") {
                argumentShape.kind = .reference(String(argument.dropLast()))
                argumentShape.optional = true
            }
            guard let resolved = resolve(argumentShape, hint: generic.base, parent: parent, element: false, siblings: &siblings) else { return nil }
            if containsDate(resolved) {
                sink.error(shape.location, "a Date cannot be a generic argument (generic code would decode it without its format); use a type that holds the Date")
                return nil
            }
            arguments.append(resolved)
        }
        return .generic(id, arguments)
    }

    mutating func resolve(_ shape: ShapeSpec, hint: String, parent: DeclID?, element: Bool) -> TypeRef? {
        var siblings: Set<String> = []
        return resolve(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
    }

    /// How deeply inline objects may nest: generated code this deep is unreadable, and the
    /// limit keeps rendering bounded whatever a spec says.
    static let maximumNesting = 64

    func nesting(of parent: DeclID?) -> Int {
        var depth = 0
        var current = parent
        while let id = current {
            depth += 1
            current = table[id].parent
        }
        return depth
    }

    mutating func addDecl(name: String, parent: DeclID?, kind: Decl.Kind, shape: ShapeSpec) -> DeclID {
        let qualified = parent.map { table[$0].qualifiedName + "." + name } ?? namespaced(name)
        let id = table.add(Decl(name: name, qualifiedName: qualified, parent: parent, kind: kind, doc: shape.doc?.value, location: shape.location))
        if let parent {
            table[parent].nested.append(id)
        } else {
            table.topLevel.append(id)
            topLevelNames.insert(name)
        }
        return id
    }

    /// The name of an inline struct or enum: `$typeName`, else the key in PascalCase (singular
    /// for array elements), never shadowing Swift's types, a file-scope type, an enclosing type or a sibling.
    mutating func nestedName(_ shape: ShapeSpec, hint: String, parent: DeclID?, element: Bool, siblings: inout Set<String>) -> String {
        // Checked in place: copying the file's top-level names for every nested type made
        // big specs quadratic.
        var ancestors: [String] = []
        var ancestor = parent
        while let id = ancestor {
            ancestors.append(table[id].name)
            ancestor = table[id].parent
        }
        let topLevelNames = self.topLevelNames
        let outer = siblings
        let isTaken = { (name: String) in topLevelNames.contains(name) || outer.contains(name) || ancestors.contains(name) }
        var name: String
        if let typeName = shape.typeName {
            if SwiftName.isTypeName(typeName.value) {
                name = SwiftName.unshadowed(typeName.value, also: avoidedTypeNames)
                if name != typeName.value {
                    sink.warning(typeName.location, "'$typeName' '\(typeName.value)' would shadow Swift's '\(typeName.value)'; it is generated as '\(name)'")
                }
            } else {
                sink.error(typeName.location, "'$typeName' '\(typeName.value)' is not a valid Swift type name")
                name = SwiftName.type(typeName.value, style: naming)
            }
            let distinct = SwiftName.distinct(name, isTaken: isTaken)
            if distinct != name {
                sink.warning(typeName.location, "type name '\(name)' is already used here; this type is generated as '\(distinct)'")
            }
            name = distinct
        } else {
            var isEnum = false
            if case .enumeration = shape.kind { isEnum = true }
            name = SwiftName.inlineType(hint, isElement: element, isEnum: isEnum, style: naming)
            if avoidedTypeNames.contains(name) { name += isEnum ? "Value" : "Object" }
            name = SwiftName.distinct(name, isTaken: isTaken)
        }
        siblings.insert(name)
        return name
    }

    /// The variants of a `$oneOf`: their types (inline objects become nested types named
    /// `<TypeName><Tag>`), case names, and the JSON kind each accepts. Checks that a tagged
    /// one-of has object variants and that untagged object variants can be told apart.
    mutating func resolveOneOf(_ specs: [OneOfVariantSpec], shape: ShapeSpec, id: DeclID) -> OneOfInfo {
        let typeName = table[id].name
        var info = OneOfInfo(variants: [], discriminator: shape.discriminator?.value)
        var taken: Set<String> = []
        var siblings: Set<String> = []
        for spec in specs {
            let hint = typeName + SwiftName.upperCamel(spec.tag?.value ?? "object", style: naming)
            guard let type = resolve(spec.shape, hint: hint, parent: id, element: false, siblings: &siblings) else { continue }
            if type.isOptional {
                sink.error(spec.shape.location, "a '$oneOf' variant cannot be optional; make the field optional instead")
            }
            let kind = jsonKind(type)
            if containsDate(type) {
                sink.error(spec.shape.location, "a Date cannot be a '$oneOf' variant (its format would be ambiguous); use \"String\" and convert it in a mapping")
            }
            if shape.discriminator != nil, kind != .object || table.structure(type) == nil {
                sink.error(spec.shape.location, "the variants of a '$oneOf' with '$discriminator' must be objects; '\(spec.tag?.value ?? "")' is \(table.describe(type))")
            }
            if shape.discriminator == nil, let tag = spec.tag {
                sink.error(tag.location, "a '$oneOf' written as an object of tags needs '$discriminator', the key that holds the tag; for variants told apart by their JSON, write an array of shapes")
            }
            let base = spec.tag.map { SwiftName.enumCase($0.value, style: naming) } ?? variantCaseName(type)
            let name = SwiftName.distinct(base, from: taken)
            taken.insert(name)
            info.variants.append(OneOfInfo.Variant(name: name, tag: spec.tag?.value, type: type, kind: kind))
        }
        if let unknown = shape.unknownVariant {
            var name = unknown.value
            if !SwiftName.isIdentifier(name) || SwiftName.reservedMembers.contains(name) {
                sink.error(unknown.location, "'$unknown' must be true or a case name such as \"unknown\", found '\(name)'")
                name = "unknown"
            }
            info.unknownCaseName = SwiftName.distinct(name, from: taken)
        }
        if shape.discriminator == nil {
            // An object variant after another whose required keys it has can never be reached.
            let objects = info.variants.enumerated().filter { $0.element.kind == .object }
            for (i, earlier) in objects.enumerated() {
                guard let earlierID = table.structure(earlier.element.type), case .structure(let earlierFields) = table[earlierID].kind else { continue }
                let required = Set(earlierFields.filter { !$0.type.isOptional && $0.defaultValue == nil && !$0.coding.lenient }.map(\.jsonKey))
                for later in objects.dropFirst(i + 1) {
                    guard let laterID = table.structure(later.element.type), case .structure(let laterFields) = table[laterID].kind else { continue }
                    if required.isSubset(of: Set(laterFields.map(\.jsonKey))) {
                        sink.warning(specs[later.offset].shape.location, "'\(later.element.name)' cannot be told apart from '\(earlier.element.name)' by a required key: an object of it also decodes as '\(earlier.element.name)', which is tried first; add '$discriminator', or list it first")
                    }
                }
            }
        }
        return info
    }

    /// The JSON kind values of a type have.
    func jsonKind(_ type: TypeRef) -> OneOfInfo.JSONKind {
        switch table.resolved(type.nonOptional) {
        case .scalar(let s):
            switch s {
            case .string, .url, .uuid, .date, .data: return .string
            case .file: return .object
            case .bool: return .bool
            default: return .number
            }
        case .json: return .any
        case .array: return .array
        case .dictionary: return .object
        case .named(let id), .generic(let id, _):
            switch table[id].kind {
            case .structure: return .object
            case .enumeration: return .string
            default: return .any
            }
        case .optional, .parameter: return .any
        }
    }

    /// The case name of an untagged variant, from its type: `string`, `customer`, `intList`.
    func variantCaseName(_ type: TypeRef) -> String {
        switch type.nonOptional {
        case .scalar(let s): return SwiftName.lowerCamel(s.rawValue, style: naming)
        case .json: return "json"
        case .named(let id): return SwiftName.lowerCamel(table[id].name, style: naming)
        case .array(let element): return variantCaseName(element) + "List"
        case .dictionary: return "dictionary"
        case .optional(let wrapped): return variantCaseName(wrapped)
        case .generic(let id, _): return SwiftName.lowerCamel(table[id].name, style: naming)
        case .parameter(let name): return SwiftName.lowerCamel(name, style: naming)
        }
    }

    mutating func resolveEnum(_ values: [Located<String>], shape: ShapeSpec) -> EnumInfo {
        var info = EnumInfo(cases: [])
        var taken: Set<String> = []
        for value in values {
            let base = SwiftName.enumCase(value.value, style: naming)
            let name = SwiftName.distinct(base, from: taken)
            if name != base {
                sink.warning(value.location, "enum value '\(value.value)' gives the case name '\(base)', already used by another value; it is generated as '\(name)'")
            }
            taken.insert(name)
            info.cases.append(EnumInfo.Case(name: name, rawValue: value.value))
        }
        if let unknown = shape.unknownCase ?? (openEnums ? Located("unknown", at: shape.location) : nil) {
            var name = unknown.value
            if !SwiftName.isIdentifier(name) || SwiftName.reservedMembers.contains(name) {
                sink.error(unknown.location, "'$unknown' must be a case name such as \"unknown\", found '\(name)'")
                name = "unknown"
            }
            if taken.contains(name) {
                let distinct = SwiftName.distinct(name, from: taken)
                sink.warning(unknown.location, "the '$unknown' case '\(name)' is also an enum value; the catch-all case is generated as '\(distinct)'")
                name = distinct
            }
            info.unknownCaseName = name
        }
        return info
    }

    // MARK: Fields

    mutating func resolveFields(_ properties: [PropertySpec], of parent: DeclID) -> [Field] {
        var fields: [Field] = []
        var names: [String: String] = [:]  // Swift name → JSON key
        // Properties and nested types share the struct's member names: name every property
        // first, so a nested type never takes a property's name (`2fa`: property `_2fa`, type `_2fa2`).
        let propertyNames = properties.map { uniqueName(for: $0, taken: &names, noun: "Swift name") }
        var siblings = Set(propertyNames)
        for (property, name) in zip(properties, propertyNames) {
            guard let field = resolveField(property, name: name, parent: parent, siblings: &siblings) else {
                table[parent].failedKeys.insert(property.key)
                continue
            }
            fields.append(field)
        }
        return fields
    }

    /// The Swift name of a property or argument: `$name` if it is usable, else the key's
    /// name; made distinct from `taken` (Swift name → JSON key) with a warning naming both keys.
    mutating func uniqueName(for property: PropertySpec, taken: inout [String: String], noun: String) -> String {
        var name = SwiftName.property(property.key, style: naming)
        if let custom = property.shape.name {
            if !SwiftName.isIdentifier(custom.value) {
                sink.error(custom.location, "'$name' '\(custom.value)' is not a valid Swift identifier")
            } else if SwiftName.reservedMembers.contains(custom.value) {
                sink.error(custom.location, "'$name' '\(custom.value)' cannot be used as a name here; choose another")
            } else {
                name = custom.value
            }
        }
        if let other = taken[name] {
            let distinct = SwiftName.distinct(name, from: Set(taken.keys))
            sink.warning(property.keyLocation, "keys '\(other)' and '\(property.key)' both give the \(noun) '\(name)'; '\(property.key)' is generated as '\(distinct)' (set '$name' to choose)")
            name = distinct
        }
        taken[name] = property.key
        return name
    }

    mutating func resolveField(_ property: PropertySpec, name: String, parent: DeclID, siblings: inout Set<String>) -> Field? {
        let shape = property.shape
        let hint = shape.typeName?.value ?? property.key
        guard let declared = resolve(shape, hint: hint, parent: parent, element: false, siblings: &siblings) else { return nil }
        var field = Field(jsonKey: property.key, keyLocation: property.keyLocation, name: name, type: declared, doc: shape.doc?.value)
        let base = declared.nonOptional
        let resolvedBase = table.resolved(base)

        // Numbers and booleans written as strings.
        let stringEncoded = shape.format?.value == .stringEncoded
        if let written = shape.format, stringEncoded {
            guard case .scalar(let scalar) = resolvedBase, [.int, .int64, .double, .decimal, .bool].contains(scalar) else {
                sink.error(written.location, "'$format: \"string\"' applies to Int, Int64, Double, Decimal and Bool fields; '\(property.key)' is \(table.describe(base))")
                return field
            }
            if shape.lenient {
                sink.error(written.location, "'$format: \"string\"' and '$lenient' cannot be combined; '$lenient' already reads numbers from strings")
            }
        }
        // `$nullable`: absent, `null` and a value are three states.
        let nullable = shape.nullable?.value == true
        if let marked = shape.nullable, marked.value {
            if !declared.isOptional {
                sink.error(marked.location, "'$nullable' applies to optional fields (absent, null or a value); make '\(property.key)' optional")
            }
            if shape.lenient || shape.lossy?.value == true || shape.defaultValue != nil || stringEncoded || containsDate(base) {
                sink.error(marked.location, "'$nullable' cannot be combined with '$lenient', '$lossy', '$default', '$format' or dates")
            }
        }

        // Dates: a field holds Date, [Date] (optional or not); deeper nesting is not supported.
        let dateDepth = dateNesting(resolvedBase)
        var format: DateFormatSpec?
        if let written = shape.format, case .date(let f) = written.value {
            format = f
            if dateDepth == nil {
                sink.error(written.location, "'$format' applies to Date fields; '\(property.key)' is \(table.describe(base))")
            }
        }
        var strategy = FieldCoding.Strategy.plain
        if let depth = dateDepth {
            switch depth {
            case .direct, .array:
                format = format ?? defaultDates
                strategy = .date(format ?? defaultDates, array: depth == .array)
            case .unsupported:
                sink.error(shape.location, "dates nested inside dictionaries, arrays of arrays or optional elements are not supported; declare the innermost value as \"String\" and convert it in a mapping")
            }
        }

        if let lossy = shape.lossy, lossy.value, namesResolvingAlias(base) {
            deferredLossy.append((parent, property.key, lossy.location))
        } else if let lossy = shape.lossy, lossy.value {
            guard case .array(let element) = resolvedBase else {
                sink.error(lossy.location, "'$lossy' applies to arrays; '\(property.key)' is \(table.describe(base))")
                return field
            }
            if dateDepth == .array {
                sink.error(lossy.location, "'$lossy' is not supported on arrays of dates")
            } else {
                strategy = .lossyArray(element: element)
            }
        }
        if shape.lenient, strategy == .plain { strategy = .lenient }
        if stringEncoded, !shape.lenient { strategy = .stringEncoded }
        if nullable { strategy = .nullable }

        if let defaultNode = shape.defaultValue {
            if case .null = defaultNode.value {
                sink.error(defaultNode.location, "'$default' is null; leave it out and make the field optional instead")
            } else {
                if let literal = Literals.value(defaultNode, as: base, in: table, dateFormat: format, what: "'$default' of '\(property.key)'", into: &sink) {
                    field.defaultValue = literal
                    if shape.optional {
                        sink.warning(shape.optionalLocation ?? defaultNode.location, "'\(property.key)' has a '$default', so it is never nil: it is generated as non-optional \(table.describe(base))")
                    }
                    field.type = base
                }
            }
        }
        var fallback = field.defaultValue
        if shape.lenient, fallback == nil, !field.type.isOptional {
            fallback = Literals.empty(base, in: table)
            if fallback == nil {
                sink.error(shape.location, "'$lenient' field '\(property.key)' of type \(table.describe(base)) has no empty value; give it a '$default' or make it optional")
            }
        }
        field.coding = FieldCoding(
            strategy: strategy, lenient: shape.lenient,
            mayBeAbsent: field.type.isOptional || field.defaultValue != nil || shape.lenient, fallback: fallback
        )
        return field
    }

    enum DateNesting { case direct, array, unsupported }

    func dateNesting(_ type: TypeRef) -> DateNesting? {
        switch table.resolved(type) {
        case .scalar(.date): return .direct
        case .array(let element):
            switch table.resolved(element) {
            case .scalar(.date): return .array
            default: return containsDate(element) ? .unsupported : nil
            }
        case .dictionary(let value): return containsDate(value) ? .unsupported : nil
        default: return nil
        }
    }

    func containsDate(_ type: TypeRef) -> Bool {
        switch table.resolved(type) {
        case .scalar(.date): return true
        case .array(let e), .dictionary(let e), .optional(let e): return containsDate(e)
        default: return false
        }
    }
}

extension TypeResolver {
    /// The type named by `error`: an object type declared here (it is generated conforming to
    /// `Error`) or imported from a spec that names it as its `error` too.
    mutating func errorBody(_ written: Located<String>) -> TypeRef? {
        guard let id = named[written.value] else {
            let hint = Suggest.hint(for: written.value, in: named.keys.sorted())
            sink.error(written.location, "unknown error type '\(written.value)'\(hint.isEmpty ? "; declare it in 'types'" : hint)")
            return nil
        }
        guard case .structure = table[id].kind, table[id].genericParameters.isEmpty else {
            sink.error(written.location, "'error' must name an object type, such as { \"code\": \"String\", \"message\": \"String\" }; '\(written.value)' is not one")
            return nil
        }
        if table[id].external, !table[id].isErrorBody {
            sink.error(written.location, "'\(written.value)' is declared in an imported spec; name it as 'error' there too, so it is generated conforming to Error")
            return nil
        }
        table[id].isErrorBody = true
        return .named(id)
    }
}
