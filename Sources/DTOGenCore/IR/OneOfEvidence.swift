/// How an untagged one-of tells its variants apart: by evidence, not order. The variants
/// that share a JSON kind (two objects, two arrays) are ranked, for each value, by what
/// their shapes declare (the runtime's `OneOf.Shape`): a variant whose enum or constant
/// contradicts the value goes last, then the one that names most of the value's keys (its
/// own and those of the objects it holds), then the one that keeps more of the others, then
/// the one whose open enums take fewer unknown values, then the order of the list; each is
/// tried in that order until one decodes.
indirect enum EvidenceShape: Sendable, Equatable {
    /// Nothing the ranking looks into: a scalar, JSON, another one-of, an app type, or an
    /// object deeper than `TypeTable.evidenceDepth` levels.
    case any
    /// An object's keys, the shapes of those worth looking into, and the shape of the keys
    /// it does not declare when it keeps them (a dictionary, `$additionalProperties`).
    case object(keys: [String], nested: [Nested], others: EvidenceShape?)
    case array(EvidenceShape)
    /// A string enum's values; `open` when it takes others as unknown (`$unknown`, a lenient field).
    case values([String], open: Bool)

    struct Nested: Sendable, Equatable {
        var key: String
        var shape: EvidenceShape
    }

    /// Whether the shape can contradict a value or count its unknown values.
    var hasValues: Bool {
        switch self {
        case .any: false
        case .values: true
        case .array(let element): element.hasValues
        case .object(_, let nested, let others): nested.contains { $0.shape.hasValues } || others?.hasValues == true
        }
    }
}

extension TypeTable {
    /// Object levels an evidence shape looks into: the variant's keys and those of the
    /// objects it holds, enough for a variant's own part beside a shared base
    /// (`configuration.type`) while the shapes stay short in generated code (Stripe's output
    /// grows by 1.3 %; a third level would double that).
    static let evidenceDepth = 2

    /// The variants of an untagged one-of ranked by evidence: for each JSON kind that two
    /// or more variants have (objects, arrays), their indices in the list.
    func evidenceGroups(_ info: OneOfInfo) -> [[Int]] {
        guard info.discriminator == nil else { return [] }
        return [OneOfInfo.JSONKind.object, .array].compactMap { kind in
            let members = info.variants.indices.filter { info.variants[$0].kind == kind }
            return members.count >= 2 ? members : nil
        }
    }

    /// Whether a declaration is generic or nested in a generic type, where Swift has no
    /// stored static property.
    func isGeneric(_ decl: Decl) -> Bool {
        var current: Decl? = decl
        while let declaration = current {
            if !declaration.genericParameters.isEmpty { return true }
            current = declaration.parent.map { self[$0] }
        }
        return false
    }

    /// Whether every object of `later` (with its keys) decodes as `earlier` with evidence at
    /// least as good: `earlier` declares each of its keys with the same type and coding,
    /// requires none it does not, keeps other keys only as it does, and its own other keys
    /// neither contradict a value nor take an unknown one.
    func decodesEveryObject(of later: TypeRef, as earlier: TypeRef) -> Bool {
        guard let (laterID, laterFields) = fields(of: later), let (earlierID, earlierFields) = fields(of: earlier),
            self[laterID].additionalProperties == nil, self[earlierID].additionalProperties == nil
        else { return false }
        let byKey = Dictionary(laterFields.map { ($0.jsonKey, $0) }, uniquingKeysWith: { first, _ in first })
        let required = { (field: Field) in !field.type.isOptional && field.defaultValue == nil && !field.coding.lenient
        }
        guard laterFields.allSatisfy({ field in earlierFields.contains { $0.jsonKey == field.jsonKey } }) else {
            return false
        }
        return earlierFields.allSatisfy { field in
            guard let other = byKey[field.jsonKey] else {
                return !required(field) && !evidenceShape(field.type, depth: 1, lenient: field.coding.lenient).hasValues
            }
            return field.type.nonOptional == other.type.nonOptional && field.coding == other.coding
                && (!required(field) || required(other))
        }
    }

    /// What a value of `type` declares, as evidence of which variant a value is.
    func evidenceShape(_ type: TypeRef, depth: Int = 0, lenient: Bool = false, visiting: Set<DeclID> = [])
        -> EvidenceShape
    {
        switch resolved(type.nonOptional) {
        case .array(let element):
            let shape = evidenceShape(element, depth: depth, lenient: lenient, visiting: visiting)
            return shape == .any ? .any : .array(shape)
        case .dictionary(let value):
            guard depth < Self.evidenceDepth else { return .any }
            return .object(
                keys: [], nested: [],
                others: evidenceShape(value, depth: depth + 1, lenient: lenient, visiting: visiting))
        case .named(let id), .generic(let id, _):
            switch self[id].kind {
            case .enumeration(let info):
                return .values(info.cases.map(\.rawValue), open: lenient || info.unknownCaseName != nil)
            case .structure:
                guard depth < Self.evidenceDepth, !visiting.contains(id), let (_, fields) = fields(of: type.nonOptional)
                else { return .any }
                let inside = visiting.union([id])
                // What a lenient field, or a lossy array's element, fails to read is dropped,
                // not a failure: its enums, at any depth, take other values.
                let nested = fields.compactMap { field -> EvidenceShape.Nested? in
                    let lossy = if case .lossyArray = field.coding.strategy { true } else { false }
                    let shape = evidenceShape(
                        field.type, depth: depth + 1, lenient: lenient || field.coding.lenient || lossy,
                        visiting: inside)
                    return shape == .any ? nil : EvidenceShape.Nested(key: field.jsonKey, shape: shape)
                }
                let others = self[id].additionalProperties.map { field -> EvidenceShape in
                    guard case .dictionary(let value) = field.type.nonOptional else { return .any }
                    return evidenceShape(
                        value, depth: depth + 1, lenient: lenient || field.coding.lenient, visiting: inside)
                }
                return .object(keys: fields.map(\.jsonKey), nested: nested, others: others)
            case .alias, .oneOf, .appType, .statusResponses, .responseHeaders:
                return .any
            }
        case .scalar, .json, .optional, .parameter:
            return .any
        }
    }
}
