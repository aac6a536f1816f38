/// The type names a spec's shapes refer to, where they are written: what leaves a part out
/// with the type it uses (import's check) follows these.
enum SpecReferences {
    /// A type name used at a location.
    struct Use {
        var name: String
        var location: SourceLocation
    }

    /// Every use in a shape, in the order written (`Page<Pet>` uses `Page` and `Pet`).
    static func uses(in shape: ShapeSpec) -> [Use] {
        var result: [Use] = []
        collect(shape, into: &result)
        return result
    }

    /// Every use in what an endpoint sends and receives but its query items, headers and
    /// error types, which can be left out alone.
    static func uses(in endpoint: EndpointSpec) -> [Use] {
        var result: [Use] = []
        let shapes =
            (endpoint.params + endpoint.cookies).map(\.shape) + [endpoint.body, endpoint.response]
            + endpoint.responses.map(\.shape)
        for case let shape? in shapes { collect(shape, into: &result) }
        return result
    }

    /// An error type's use (`error`, or an entry of `errors`).
    static func uses(inErrorType written: Located<String>) -> [Use] {
        ImportedTypes.identifiers(in: written.value).map { Use(name: $0, location: written.location) }
    }

    /// The first use of one of `names`.
    static func first(in shape: ShapeSpec, among names: Set<String>) -> Use? {
        uses(in: shape).first { names.contains($0.name) }
    }

    static func first(in endpoint: EndpointSpec, among names: Set<String>) -> Use? {
        uses(in: endpoint).first { names.contains($0.name) }
    }

    private static func collect(_ shape: ShapeSpec, into result: inout [Use]) {
        switch shape.kind {
        case .reference(let text):
            result += ImportedTypes.identifiers(in: text).map { Use(name: $0, location: shape.location) }
        case .array(let element), .dictionary(let element): collect(element, into: &result)
        case .object(let properties): for property in properties { collect(property.shape, into: &result) }
        case .oneOf(let variants): for variant in variants { collect(variant.shape, into: &result) }
        case .enumeration: break
        }
        if let additional = shape.additionalProperties { collect(additional.shape, into: &result) }
    }
}
