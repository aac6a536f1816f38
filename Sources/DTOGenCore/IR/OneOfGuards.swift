/// How an untagged one-of tells its object variants apart beyond "the first that decodes":
/// an object is passed over by a variant when it has a key that only a later variant
/// declares (a deleted invoice's `deleted`), or when a key that the variant fixes to one
/// value (`object: "card"`) holds another value that another variant fixes. Rendering writes
/// these guards; the resolver warns only about variants no guard can reach.
struct OneOfGuard: Sendable, Equatable {
    /// Keys the object variants after this one declare and this one does not.
    var passOverKeys: [String] = []
    /// Keys this variant fixes to one string that another object variant fixes to another.
    var fixedValues: [FixedValue] = []

    struct FixedValue: Sendable, Equatable {
        var key: String
        var value: String
    }

    var isEmpty: Bool { passOverKeys.isEmpty && fixedValues.isEmpty }
}

extension TypeTable {
    /// The JSON keys of an object variant, and the keys it fixes to one value (a one-case
    /// enum), in declaration order; nil for a variant that is no struct.
    func objectKeys(_ variant: OneOfInfo.Variant) -> (keys: [String], fixed: [OneOfGuard.FixedValue])? {
        guard variant.kind == .object, let id = structure(variant.type), case .structure(let fields) = self[id].kind
        else { return nil }
        let fixed = fields.compactMap { field -> OneOfGuard.FixedValue? in
            guard case .named(let enumID) = resolved(field.type.nonOptional),
                case .enumeration(let info) = self[enumID].kind,
                info.cases.count == 1, let only = info.cases.first
            else { return nil }
            return OneOfGuard.FixedValue(key: field.jsonKey, value: only.rawValue)
        }
        return (fields.map(\.jsonKey), fixed)
    }

    /// One guard per variant of an untagged one-of (empty for variants that are no struct).
    func guards(_ info: OneOfInfo) -> [OneOfGuard] {
        guard info.discriminator == nil else { return info.variants.map { _ in OneOfGuard() } }
        let objects = info.variants.map(objectKeys)
        return objects.indices.map { index in
            guard let own = objects[index] else { return OneOfGuard() }
            let ownKeys = Set(own.keys)
            var result = OneOfGuard()
            for later in objects[(index + 1)...].compactMap({ $0 }) {
                for key in later.keys where !ownKeys.contains(key) && !result.passOverKeys.contains(key) {
                    result.passOverKeys.append(key)
                }
            }
            let others = objects.indices.filter { $0 != index }.compactMap { objects[$0] }
            result.fixedValues = own.fixed.filter { fixed in
                others.contains { other in other.fixed.contains { $0.key == fixed.key && $0.value != fixed.value } }
            }
            return result
        }
    }

    /// Whether two object variants fix one key to different values.
    static func fixedApart(_ a: [OneOfGuard.FixedValue], _ b: [OneOfGuard.FixedValue]) -> Bool {
        a.contains { fixed in b.contains { $0.key == fixed.key && $0.value != fixed.value } }
    }
}
