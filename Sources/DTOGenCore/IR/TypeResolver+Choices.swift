/// The types that choose among values: `$oneOf` variants (their cases and the JSON each
/// accepts) and `$enum` cases.
extension TypeResolver {
    /// The variants of a `$oneOf`: their types (inline objects become nested types named
    /// `<TypeName><Tag>`), case names, and the JSON kind each accepts. Checks that a tagged
    /// one-of has object variants and that untagged object variants can be told apart.
    mutating func resolveOneOf(_ specs: [OneOfVariantSpec], shape: ShapeSpec, id: DeclID) -> OneOfInfo {
        let typeName = table[id].name
        var info = OneOfInfo(variants: [], discriminator: shape.discriminator?.value)
        var taken = NameScope()
        var siblings: Set<String> = []
        var locations: [SourceLocation] = []
        for spec in specs {
            let hint = typeName + SwiftName.upperCamel(spec.tag?.value ?? "object", style: naming)
            guard let type = resolve(spec.shape, hint: hint, parent: id, element: false, siblings: &siblings) else {
                continue
            }
            if type.isOptional {
                sink.error(
                    "DTG3081", spec.shape.location,
                    "a '$oneOf' variant cannot be optional; make the field optional instead")
            }
            let kind = jsonKind(type)
            if containsDate(type) {
                sink.error(
                    "DTG3082", spec.shape.location,
                    "a Date cannot be a '$oneOf' variant (its format would be ambiguous); use \"String\" and convert it in a mapping"
                )
            }
            // In a tagged one-of, a variant that is no object (an id beside the objects) is
            // chosen by its JSON kind, and its key only names its case.
            var tag = spec.tag?.value
            if shape.discriminator != nil {
                if kind == .any || (kind == .object && table.structure(type) == nil) {
                    sink.error(
                        "DTG3083", spec.shape.location,
                        "the variants of a '$oneOf' with '$discriminator' must be objects, or values of one JSON kind each (a string, a number, a bool, an array); '\(spec.tag?.value ?? "")' is \(table.describe(type))"
                    )
                } else if kind != .object {
                    tag = nil
                    if let other = info.variants.first(where: { $0.kind == kind }) {
                        sink.error(
                            "DTG3084", spec.shape.location,
                            "'\(spec.tag?.value ?? "")' and '\(other.name)' are both \(kind.rawValue)s; in a '$oneOf' with '$discriminator', only objects are told apart by the tag, so one variant of each other JSON kind"
                        )
                    }
                }
            }
            if shape.discriminator == nil, let tag = spec.tag {
                sink.error(
                    "DTG3085", tag.location,
                    "a '$oneOf' written as an object of tags needs '$discriminator', the key that holds the tag; for variants told apart by their JSON, write an array of shapes"
                )
            }
            let base = spec.tag.map { SwiftName.enumCase($0.value, style: naming) } ?? variantCaseName(type)
            let name = taken.claim(base)
            info.variants.append(OneOfInfo.Variant(name: name, tag: tag, type: type, kind: kind))
            locations.append(spec.shape.location)
        }
        if shape.discriminator != nil, !info.variants.isEmpty, !info.variants.contains(where: { $0.tag != nil }) {
            sink.error(
                "DTG3086", shape.location,
                "a '$oneOf' with '$discriminator' tells objects apart by their tag, and none of its variants is an object; for variants told apart by their JSON, write an array of shapes"
            )
        }
        if let unknown = shape.unknownVariant {
            var name = unknown.value
            if !SwiftName.isIdentifier(name) || SwiftName.reservedMembers.contains(name) {
                sink.error(
                    "DTG3087", unknown.location,
                    "'$unknown' must be true or a case name such as \"unknown\", found '\(name)'")
                name = "unknown"
            }
            info.unknownCaseName = taken.free(name)
        }
        if !table.evidenceGroups(info).isEmpty { info.shapesName = taken.claim("variantShapes") }
        if shape.discriminator == nil { warnUnreachableVariants(info, locations: locations) }
        return info
    }

    /// Warns about an untagged object variant that is never chosen: an earlier variant
    /// declares every key it declares, with the same type, requires no key it does not, and
    /// declares no other key that could contradict a value or take an unknown one. Such an
    /// earlier variant decodes every object of the later one, with evidence as good
    /// (`EvidenceShape.covers`), and ties go to the order written.
    mutating func warnUnreachableVariants(_ info: OneOfInfo, locations: [SourceLocation]) {
        for group in table.evidenceGroups(info) {
            for (position, earlier) in group.enumerated() {
                for later in group.dropFirst(position + 1)
                where table.decodesEveryObject(of: info.variants[later].type, as: info.variants[earlier].type) {
                    let (name, earlierName) = (info.variants[later].name, info.variants[earlier].name)
                    sink.warning(
                        "DTG3088", locations[later],
                        "'\(name)' cannot be told apart from '\(earlierName)': '\(earlierName)' declares every key it declares, with the same type, requires no other, and fixes no key to another value, so an object of it decodes as '\(earlierName)', which is listed first; add '$discriminator', or list it first"
                    )
                }
            }
        }
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
        let names = SwiftName.enumCaseNames(values.map(\.value), style: naming)
        var result = EnumInfo(cases: zip(values, names).map { EnumInfo.Case(name: $1, rawValue: $0.value) })
        let taken = NameScope(names)
        if let unknown = shape.unknownCase {
            var name = unknown.value
            if !SwiftName.isIdentifier(name) || SwiftName.reservedMembers.contains(name) {
                sink.error(
                    "DTG3089", unknown.location, "'$unknown' must be a case name such as \"unknown\", found '\(name)'")
                name = "unknown"
            }
            if taken.contains(name) {
                let distinct = taken.free(name)
                sink.warning(
                    "DTG3090", unknown.location,
                    "the '$unknown' case '\(name)' is also an enum value; the catch-all case is generated as '\(distinct)'"
                )
                name = distinct
            }
            result.unknownCaseName = name
        } else if openEnums {
            // `options.enums: "open"` names the catch-all itself: `unknown`, or, when a value
            // is "unknown", `unknownValue` (nothing the spec wrote clashes, so no warning).
            result.unknownCaseName =
                taken.contains("unknown") ? taken.free("unknownValue") : "unknown"
        }
        return result
    }
}
