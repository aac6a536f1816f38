/// What the resolver would reject in a spec backed by a document, found before resolving it:
/// a query item, header or path parameter no rule lets a request carry, and a form or
/// multipart body that is not an object (the parts of real documents the format cannot
/// express that only the resolver finds: Jira's, Linode's). They are left out of the spec
/// before its one resolve, with the warnings a second resolve would give. The same
/// `TypeLevels` rules decide, asked of the spec's shapes; a parameter whose type reaches a
/// name they cannot see (a generic, an imported spec's type) is left to the resolver, and
/// what it finds then is left out by a second resolve, as before.
enum BackedSpecPrecheck {
    /// The errors the resolver would report for these parts, at the same locations with the
    /// same messages (a type written inline is spelled by the name it would be given).
    static func errors(in spec: Spec) -> [Diagnostic] {
        let levels = ShapeLevels(spec)
        var sink = DiagnosticSink(spec: spec)
        let naming = spec.naming?.value ?? .swift
        for endpoint in spec.endpoints {
            let pascal = SwiftName.upperCamel(endpoint.name.value, style: naming)
            func check(_ property: PropertySpec, _ place: ParameterPlace) {
                let shape = property.shape
                guard shape.constant == nil, shape.style?.value != .json || place == .path else { return }
                let hint = SwiftName.parameterType(endpoint: pascal, key: property.key, style: naming)
                var bare = shape
                bare.optional = false
                levels.sawUnknown = false
                let level = levels.level(bare)
                guard !ParameterRules.isSendable(level, at: place, in: levels), !levels.sawUnknown else { return }
                ParameterRules.reportUnsendable(
                    place, key: property.key, found: levels.describe(shape, hint: hint), at: shape.location,
                    in: &sink)
            }
            let declared = Dictionary(endpoint.params.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for case .placeholder(let key, _) in PathTemplate(endpoint.path.value).parts {
                if let property = declared[key] { check(property, .path) }
            }
            for property in endpoint.query { check(property, .query) }
            for property in endpoint.headers where FormatRules.isHeaderName(property.key) { check(property, .header) }
            for property in endpoint.cookies where FormatRules.isHeaderName(property.key) { check(property, .cookie) }
            if let encoding = endpoint.bodyEncoding, encoding.value != .json {
                levels.sawUnknown = false
                let isObject = endpoint.body.map { levels.isStructure(levels.level($0)) } ?? false
                if !isObject, !levels.sawUnknown { ParameterRules.reportFormBodyNotObject(encoding, in: &sink) }
            }
        }
        return sink.diagnostics
    }
}

/// A spec's shapes as the rules see types: a name stands for the shape `types` gives it,
/// through aliases. A name it cannot see (generic, nested, an imported spec's) is noted in
/// `sawUnknown`, so what the rules then say is not taken.
private final class ShapeLevels: TypeLevels {
    private let types: [String: ShapeSpec]
    /// The app's own types: their Swift types, by the names the spec's shapes use.
    private let appTypes: [String: String]
    private let naming: NamingStyle
    private let namespace: String?
    var sawUnknown = false

    /// A name declared twice, or generic, is not seen: the resolver says what it is.
    init(_ spec: Spec) {
        let declared = Dictionary(grouping: spec.types, by: \.name)
        types = declared.compactMapValues { types in
            guard types.count == 1, let type = types.first, type.genericParameters.isEmpty else { return nil }
            return type.shape
        }
        appTypes = Dictionary(
            spec.externalTypes.map { ($0.name.value, $0.swiftType.value) }, uniquingKeysWith: { first, _ in first })
        naming = spec.naming?.value ?? .swift
        namespace = spec.namespace?.value
    }

    func level(_ shape: ShapeSpec) -> TypeLevel<ShapeSpec> {
        if shape.optional {
            var wrapped = shape
            wrapped.optional = false
            return .optional(wrapped)
        }
        switch shape.kind {
        case .reference(let name): return reference(name)
        case .array(let element): return .array(element)
        case .dictionary(let value): return .dictionary(value)
        case .object: return .structure(shape)
        case .enumeration: return .enumeration
        case .oneOf: return .oneOf(shape)
        }
    }

    func variants(of oneOf: ShapeSpec) -> [ShapeSpec] {
        guard case .oneOf(let variants) = oneOf.kind else { return [] }
        return variants.map(\.shape)
    }

    func fields(of structure: ShapeSpec) -> [ShapeSpec] {
        guard case .object(let properties) = structure.kind else { return [] }
        return properties.map(\.shape)
    }

    /// A name's level: a built-in's, an app type's (which no rule accepts), or that of the
    /// shape `types` gives it, its aliases followed.
    private func reference(_ written: String) -> TypeLevel<ShapeSpec> {
        var name = written
        for _ in 0...types.count {
            if let scalar = TypeRef.Scalar(rawValue: name) { return .scalar(scalar) }
            if name == "JSON" { return .json }
            let shape = types[name]
            if appTypes[name] != nil, shape == nil { return .other }
            guard let shape, appTypes[name] == nil else { break }
            guard case .reference(let next) = shape.kind, !shape.optional else { return level(shape) }
            name = next
        }
        sawUnknown = true
        return .other
    }

    /// A type as the resolver's diagnostics spell it: a name as it is generated (un-shadowed,
    /// in the spec's namespace), an object, enum or one-of written in place by the name the
    /// resolver gives it from `hint` (a name a clash would number is not foreseen).
    func describe(_ shape: ShapeSpec, hint: String, element: Bool = false) -> String {
        let spelled: String
        switch shape.kind {
        case .reference(let name):
            if TypeRef.Scalar(rawValue: name) != nil {
                spelled = name
            } else if name == "JSON" {
                spelled = "JSONValue"
            } else {
                spelled = appTypes[name] ?? qualified(SwiftName.unshadowed(name))
            }
        case .array(let inner): spelled = "[\(describe(inner, hint: hint, element: true))]"
        case .dictionary(let inner): spelled = "[String: \(describe(inner, hint: hint))]"
        case .object, .enumeration, .oneOf:
            var isEnum = false
            if case .enumeration = shape.kind { isEnum = true }
            let decided = NestedTypeName.decide(
                spelled: shape.typeName?.value, hint: hint, element: element, isEnum: isEnum, style: naming,
                avoided: [],
                isTaken: { _ in false })
            spelled = qualified(decided.name)
        }
        return shape.optional ? spelled + "?" : spelled
    }

    private func qualified(_ name: String) -> String {
        namespace.map { "\($0).\(name)" } ?? name
    }
}
