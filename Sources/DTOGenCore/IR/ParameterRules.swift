/// What a URL, a header or a form body can carry, decided from a type's kind one level at a
/// time. The resolver asks them of its type table; a spec backed by a document asks them of
/// its shapes before resolving (`BackedSpecPrecheck`), so what its document says that they
/// reject is left out before the one resolve, not found by it. One set of rules for both.
enum TypeLevel<Ref> {
    case scalar(TypeRef.Scalar)
    case json
    case optional(Ref)
    case array(Ref)
    case dictionary(Ref)
    case enumeration
    /// A one-of (its variants' types: `TypeLevels.variants(of:)`).
    case oneOf(Ref)
    /// A struct, generic or not (its fields' types: `TypeLevels.fields(of:)`).
    case structure(Ref)
    /// An app's own type, a type parameter, an endpoint's response enum: no rule accepts it.
    case other
}

/// A view of types through aliases, one level at a time.
protocol TypeLevels {
    associatedtype Ref
    /// The kind of `type`, its aliases followed.
    func level(_ type: Ref) -> TypeLevel<Ref>
    /// The types of the variants of a one-of that `level` gave.
    func variants(of oneOf: Ref) -> [Ref]
    /// The types of the fields of a struct that `level` gave.
    func fields(of structure: Ref) -> [Ref]
}

extension TypeLevels {
    /// `type` without the optionals around it, its aliases followed.
    func nonOptional(_ type: Ref) -> TypeLevel<Ref> {
        var current = level(type)
        var steps = 0
        while case .optional(let wrapped) = current, steps < 64 {
            current = level(wrapped)
            steps += 1
        }
        return current
    }

    func isStructure(_ level: TypeLevel<Ref>) -> Bool {
        if case .structure = level { return true }
        return false
    }

    func containsDate(_ type: Ref) -> Bool { containsDate(level(type)) }

    func containsDate(_ level: TypeLevel<Ref>) -> Bool {
        switch level {
        case .scalar(let scalar): scalar == .date
        case .array(let inner), .dictionary(let inner), .optional(let inner): containsDate(inner)
        default: false
        }
    }

    /// A value a path, a query item or a header carries as text: a scalar (not a file or
    /// bytes), an enum, or an array of those (not of optionals or of arrays).
    func isParameterType(_ level: TypeLevel<Ref>) -> Bool {
        switch level {
        case .scalar(let scalar): scalar != .file && scalar != .data
        case .enumeration: true
        case .array(let element): isParameterElement(self.level(element), rule: isParameterType)
        default: false
        }
    }

    /// A value typed only as JSON, sent as the JSON scalars it encodes to: `JSONValue`, a
    /// one-of whose variants are all parameter values without dates (Kubernetes's
    /// `IntOrString`), or an array of those.
    func isEncodedParameterType(_ level: TypeLevel<Ref>) -> Bool {
        switch level {
        case .json: true
        case .array(let element): isParameterElement(self.level(element), rule: isEncodedParameterType)
        case .oneOf(let type): variants(of: type).allSatisfy { isScalarWithoutDate(self.level($0)) }
        default: false
        }
    }

    /// What a query item can send in the bracket style: a struct, a dictionary, an array of
    /// either, or a one-of of those and scalars, with no dates inside (their format would be
    /// the encoder's, not the spec's).
    func isObjectQueryType(_ level: TypeLevel<Ref>) -> Bool {
        switch level {
        case .dictionary(let value):
            let inner = nonOptional(value)
            return isStructure(inner) ? isObjectQueryType(inner) : !containsDate(inner) && !isFile(inner)
        case .array(let element):
            let inner = nonOptional(element)
            return isStructure(inner) && isObjectQueryType(inner)
        case .oneOf(let type):
            // Stripe's `created`: a range object or a number, whichever the caller gives.
            return variants(of: type).allSatisfy { variant in
                let level = self.level(variant)
                return isObjectQueryType(level) || isScalarWithoutDate(level)
            }
        case .structure(let type):
            return !fields(of: type).contains { containsDate($0) || isFile(nonOptional($0)) }
        default:
            return false
        }
    }

    private func isParameterElement(_ element: TypeLevel<Ref>, rule: (TypeLevel<Ref>) -> Bool) -> Bool {
        switch element {
        case .optional, .array: false
        default: rule(element)
        }
    }

    private func isScalarWithoutDate(_ level: TypeLevel<Ref>) -> Bool {
        isParameterType(level) && !containsDate(level)
    }

    private func isFile(_ level: TypeLevel<Ref>) -> Bool {
        if case .scalar(.file) = level { return true }
        return false
    }
}

/// The rules' errors, raised by the resolver and the precheck alike.
enum ParameterRules {
    /// A parameter no rule accepts. `found`: its type as a diagnostic spells it.
    static func reportUnsendable(
        _ place: ParameterPlace, key: String, found: String, at location: SourceLocation, in sink: inout DiagnosticSink
    ) {
        let objects =
            place == .query
            ? "; a query item may also be an object, a dictionary or an array of objects without dates" : ""
        let others = place == .path ? "" : "; any other value can be sent as its JSON text with '$style: \"json\"'"
        sink.error(
            "DTG3006", location,
            "\(place.rawValue) '\(key)' must be a scalar, an enum, a Date, or an array of those\(objects); found \(found)\(others)"
        )
    }

    /// A form or multipart body that is not an object.
    static func reportFormBodyNotObject(_ encoding: Located<BodyEncoding>, in sink: inout DiagnosticSink) {
        sink.error(
            "DTG3029", encoding.location,
            "'bodyEncoding: \(encoding.value.rawValue)' needs a 'body' that is an object (its fields become \(encoding.value == .multipart ? "parts" : "form fields"))"
        )
    }

    /// Whether a parameter's type is sent some way: as text, in the bracket style (a query
    /// item), or as the JSON scalars it encodes to (not a path parameter). `$style: "json"`
    /// sends any value (but in a path) and is not asked here.
    static func isSendable<Levels: TypeLevels>(
        _ type: TypeLevel<Levels.Ref>, at place: ParameterPlace, in levels: Levels
    ) -> Bool {
        levels.isParameterType(type) || (place == .query && levels.isObjectQueryType(type))
            || (place != .path && levels.isEncodedParameterType(type))
    }
}

/// The resolver's view: its type table, aliases followed.
extension TypeTable: TypeLevels {
    func level(_ type: TypeRef) -> TypeLevel<TypeRef> {
        let resolved = resolved(type)
        switch resolved {
        case .scalar(let scalar): return .scalar(scalar)
        case .json: return .json
        case .optional(let wrapped): return .optional(wrapped)
        case .array(let element): return .array(element)
        case .dictionary(let value): return .dictionary(value)
        case .parameter: return .other
        case .named(let id):
            switch self[id].kind {
            case .structure: return .structure(resolved)
            case .enumeration: return .enumeration
            case .oneOf: return .oneOf(resolved)
            default: return .other
            }
        case .generic(let id, _):
            guard case .structure = self[id].kind else { return .other }
            return .structure(resolved)
        }
    }

    func variants(of oneOf: TypeRef) -> [TypeRef] {
        guard case .named(let id) = oneOf, case .oneOf(let info) = self[id].kind else { return [] }
        return info.variants.map(\.type)
    }

    func fields(of structure: TypeRef) -> [TypeRef] {
        guard let id = self.structure(structure), case .structure(let fields) = self[id].kind else { return [] }
        return fields.map(\.type)
    }
}
