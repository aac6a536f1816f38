/// Inline shapes: a shape written in place (a field's, an element's, an endpoint's) becomes a
/// type, declaring nested structs, enums and one-ofs under collision-free names.
extension TypeResolver {
    /// Resolves a shape to a type. `hint` names an inline struct or enum; `element` says the
    /// shape is an array element (its name is made singular).
    mutating func resolve(_ shape: ShapeSpec, hint: String, parent: DeclID?, element: Bool, siblings: inout Set<String>)
        -> TypeRef?
    {
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
                guard
                    let resolved = resolveGeneric(
                        generic, written: name, shape: shape, parent: parent, siblings: &siblings)
                else { return nil }
                type = resolved
            } else if let id = named[name] {
                resolveNamedType(name)
                if !table[id].genericParameters.isEmpty {
                    let parameters = table[id].genericParameters
                    sink.error(
                        "DTG3105", shape.location,
                        "'\(name)' is generic (\(name)<\(parameters.joined(separator: ", "))>); write it with type arguments, such as \"\(name)<\(parameters.map { _ in "String" }.joined(separator: ", "))>\""
                    )
                    return nil
                }
                type = .named(id)
            } else {
                // The spec's own names first, then the built-ins from common to rare, so
                // 'Dat' suggests 'Date' before 'Data'.
                let candidates = named.keys.sorted() + SpecReader.builtinScalars
                var hintText = Suggest.hint(for: name, in: candidates)
                if name.hasPrefix("[") || name.hasSuffix("]") {
                    // Swift's spelling of an array or a dictionary, written as one type name.
                    let inner = name.trimmingCharacters(in: ["[", "]"])
                    let parts = inner.split(separator: ":", maxSplits: 1).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    hintText =
                        parts.count == 2 && parts[0] == "String"
                        ? "; did you mean { \"$dict\": \"\(parts[1])\" }? (a dictionary is written with '$dict')"
                        : "; did you mean [\"\(inner)\"]? (an array is written as a JSON array of its element)"
                }
                sink.error(
                    .unknownType, shape.location,
                    "unknown type '\(name)'\(hintText.isEmpty ? "; expected String, Int, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, JSON or a name from 'types'" : hintText)",
                    subject: name)
                return nil
            }
        case .array(let inner):
            guard let element = resolve(inner, hint: hint, parent: parent, element: true, siblings: &siblings) else {
                return nil
            }
            type = .array(element)
        case .dictionary(let inner):
            guard let value = resolve(inner, hint: hint, parent: parent, element: false, siblings: &siblings) else {
                return nil
            }
            type = .dictionary(value)
        case .object:
            if nesting(of: parent) >= Self.maximumNesting {
                sink.error(
                    "DTG3107", shape.location,
                    "objects are nested more than \(Self.maximumNesting) levels deep here; declare inner objects in 'types'"
                )
                return nil
            }
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(name: name, parent: parent, kind: .structure([]), shape: shape)
            table[id].kind = .structure(inScope(of: shape, if: parent == nil) { $0.resolveFields(shape, of: id) })
            type = .named(id)
        case .enumeration(let values):
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(
                name: name, parent: parent, kind: .enumeration(resolveEnum(values, shape: shape)), shape: shape)
            type = .named(id)
        case .oneOf(let variants):
            let name = nestedName(shape, hint: hint, parent: parent, element: element, siblings: &siblings)
            let id = addDecl(name: name, parent: parent, kind: .oneOf(OneOfInfo(variants: [])), shape: shape)
            table[id].kind = .oneOf(
                inScope(of: shape, if: parent == nil) { $0.resolveOneOf(variants, shape: shape, id: id) })
            type = .named(id)
        }
        if let typeName = shape.typeName {
            switch shape.kind {
            case .object, .enumeration, .oneOf: break
            default:
                sink.error(
                    "DTG3108", typeName.location,
                    "'$typeName' names an inline object or enum; this shape declares no type")
            }
        }
        // Elements of arrays and values of dictionaries carry their own optionality (`["Int?"]`).
        if shape.optional { type = .optional(type) }
        return type
    }

    /// `Page<Charge>`: a generic named type with as many arguments as it has parameters.
    mutating func resolveGeneric(
        _ generic: GenericName, written: String, shape: ShapeSpec, parent: DeclID?, siblings: inout Set<String>
    ) -> TypeRef? {
        guard !generic.base.isEmpty else {
            sink.error(
                "DTG3109", shape.location, "'\(written)' is not a valid generic type; write it as \"Page<Charge>\"")
            return nil
        }
        guard let id = named[generic.base] else {
            let hint = Suggest.hint(for: generic.base, in: named.keys.sorted())
            sink.error(
                "DTG3110", shape.location,
                "unknown generic type '\(generic.base)'\(hint.isEmpty ? "; declare it in 'types' as \"\(generic.base)<T>\"" : hint)"
            )
            return nil
        }
        resolveNamedType(generic.base)
        let parameters = table[id].genericParameters
        guard parameters.count == generic.arguments.count else {
            let expected =
                parameters.isEmpty
                ? "is not generic"
                : "takes \(parameters.count) type argument\(parameters.count == 1 ? "" : "s") (\(parameters.joined(separator: ", ")))"
            sink.error(
                "DTG3111", shape.location,
                "'\(generic.base)' \(expected), found \(generic.arguments.count) in '\(written)'")
            return nil
        }
        var arguments: [TypeRef] = []
        for argument in generic.arguments {
            var argumentShape = ShapeSpec(kind: .reference(argument), location: shape.location)
            if argument.hasSuffix("?") {
                argumentShape.kind = .reference(String(argument.dropLast()))
                argumentShape.optional = true
            }
            guard
                let resolved = resolve(
                    argumentShape, hint: generic.base, parent: parent, element: false, siblings: &siblings)
            else { return nil }
            if containsDate(resolved) {
                sink.error(
                    "DTG3112", shape.location,
                    "a Date cannot be a generic argument (generic code would decode it without its format); use a type that holds the Date"
                )
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
        let id = table.add(
            Decl(
                name: name, qualifiedName: qualified, parent: parent, kind: kind, doc: shape.doc?.value,
                location: shape.location))
        if let parent {
            table[parent].nested.append(id)
        } else {
            table.topLevel.append(id)
            topLevelNames.insert(name)
        }
        return id
    }

    /// `body` run with `namesInScope` those of `shape` when it is a top-level declaration's.
    mutating func inScope<T>(of shape: ShapeSpec, if topLevel: Bool = true, _ body: (inout TypeResolver) -> T) -> T {
        guard topLevel else { return body(&self) }
        let outer = namesInScope
        namesInScope = namesReferenced(in: shape)
        defer { namesInScope = outer }
        return body(&self)
    }

    /// The Swift names of the top-level types `shape` refers to anywhere inside it (generic
    /// arguments too), with the type parameters in scope and the namespace: what a type
    /// nested in it must not be named. From the shape alone, so a nested type's name never
    /// depends on what else the spec declares.
    func namesReferenced(in shape: ShapeSpec) -> Set<String> {
        var names = Set(typeParameters)
        if let namespace { names.insert(namespace) }
        func reference(_ written: String) {
            var text = written
            if text.hasSuffix("?") { text.removeLast() }
            if let generic = GenericName.parse(text) {
                reference(generic.base)
                generic.arguments.forEach(reference)
            } else if let id = named[text] {
                // The app's own type by how generated code spells it (`Shop` of `Shop.Geo`).
                names.insert(String(table[id].spelledName.prefix { $0 != "." }))
            }
        }
        func walk(_ shape: ShapeSpec) {
            switch shape.kind {
            case .reference(let name): reference(name)
            case .array(let inner), .dictionary(let inner): walk(inner)
            case .object(let properties):
                for property in properties { walk(property.shape) }
                if let additional = shape.additionalProperties { walk(additional.shape) }
            case .enumeration: break
            case .oneOf(let variants): for variant in variants { walk(variant.shape) }
            }
        }
        walk(shape)
        return names
    }

    /// The name of an inline struct or enum: `$typeName`, else the key in PascalCase (singular
    /// for array elements), never shadowing Swift's types, an enclosing type, a sibling, or
    /// a file-scope type: any when it is at file scope itself, else those its top-level
    /// declaration refers to (`namesInScope`).
    mutating func nestedName(
        _ shape: ShapeSpec, hint: String, parent: DeclID?, element: Bool, siblings: inout Set<String>
    ) -> String {
        // Checked in place: copying the file's top-level names for every nested type made
        // big specs quadratic.
        var ancestors: [String] = []
        var ancestor = parent
        while let id = ancestor {
            ancestors.append(table[id].name)
            ancestor = table[id].parent
        }
        let fileScope = parent == nil ? self.topLevelNames : namesInScope
        let outer = siblings
        let isTaken = { (name: String) in
            fileScope.contains(name) || outer.contains(name) || ancestors.contains(name)
        }
        var isEnum = false
        if case .enumeration = shape.kind { isEnum = true }
        let decided = NestedTypeName.decide(
            spelled: shape.typeName?.value, hint: hint, element: element, isEnum: isEnum, style: naming,
            avoided: avoidedTypeNames, isTaken: isTaken)
        if let typeName = shape.typeName {
            if let shadowing = decided.shadowing {
                sink.warning(
                    "DTG3113", typeName.location,
                    "'$typeName' '\(shadowing)' would shadow Swift's '\(shadowing)'; it is generated as '\(decided.taken ?? decided.name)'"
                )
            }
            if decided.invalid != nil {
                sink.error(
                    "DTG3114", typeName.location, "'$typeName' '\(typeName.value)' is not a valid Swift type name")
            }
            if let taken = decided.taken {
                sink.warning(
                    "DTG3115", typeName.location,
                    "type name '\(taken)' is already used here; this type is generated as '\(decided.name)'")
            }
        }
        let name = decided.name
        siblings.insert(name)
        return name
    }

    /// `responses`: each status's body resolved (an inline one named after the endpoint and
    /// the status, `CreateJobAccepted`), then the enum of them, `<Endpoint>Response`, declared
    /// beside the spec's types under a name none of them has.
    mutating func statusResponses(_ entries: [StatusResponseSpec], of endpoint: String, pascal: String) -> TypeRef {
        let cases = entries.map { entry -> Decl.StatusCase in
            let code = entry.status.value
            let name = HTTPStatus.caseName(code)
            let suffix = code == 200 ? "OK" : name.prefix(1).uppercased() + name.dropFirst()
            let payload = entry.shape.flatMap { shape in
                resolve(
                    shape, hint: SwiftName.inlineEndpointType(pascal, suffix, isArray: shape.isArray), parent: nil,
                    element: false)
            }
            return Decl.StatusCase(code: code, name: name, payload: payload)
        }
        let wanted = pascal + "Response"
        let name = freeTopLevelName(wanted)
        let location = entries.first?.status.location ?? .unplaced
        if name != wanted {
            sink.warning(
                "DTG3153", location,
                "'\(wanted)', the name of '\(endpoint)''s response by status, is also a type's; it is generated as '\(name)'"
            )
        }
        return .named(
            declareEndpointType(
                name, kind: .statusResponses(cases), doc: "What `\(endpoint)` answers: a case per success status.",
                at: location))
    }

    /// The name a type dtogen declares for an endpoint (`CreateJobResponse`) gets among the
    /// spec's top-level names.
    func freeTopLevelName(_ wanted: String) -> String {
        NameScope.free(wanted) {
            topLevelNames.contains($0) || avoidedTypeNames.contains($0) || SwiftName.reservedTypes.contains($0)
        }
    }

    /// Declares a top-level type dtogen writes for an endpoint (no spec shape of its own).
    mutating func declareEndpointType(_ name: String, kind: Decl.Kind, doc: String, at location: SourceLocation)
        -> DeclID
    {
        var shape = ShapeSpec(.object([]))
        shape.location = location
        shape.doc = Located(doc, at: location)
        return addDecl(name: name, parent: nil, kind: kind, shape: shape)
    }
}
