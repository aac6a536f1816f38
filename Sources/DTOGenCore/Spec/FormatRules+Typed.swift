extension FormatRules {
    /// `spec` as the reader would read its text: each rule it breaks is an error where the
    /// value is, and the value goes as the reader leaves it out (a shape with an empty type
    /// name, a misplaced modifier, a repeated enum value, a kind it cannot generate); what
    /// the text of a kind of shape cannot say (an `$unknown` case beside no `$enum`) is not
    /// there. For the spec import builds, which no reader reads.
    static func applied(to spec: Spec) -> (spec: Spec, errors: [Diagnostic]) {
        var walk = TypedWalk(file: spec.path)
        var spec = spec
        spec.types = spec.types.compactMap { type in
            var type = type
            guard let shape = walk.shape(type.shape, .named) else { return nil }
            type.shape = shape
            return type
        }
        spec.externalTypes = spec.externalTypes.map { entry in
            var entry = entry
            entry.schema = entry.schema.flatMap { walk.shape($0, .inner) }
            return entry
        }
        spec.endpoints = spec.endpoints.map { walk.endpoint($0) }
        spec.kinds = spec.kinds.filter { walk.kind($0) }
        if let files = spec.dtoFiles, !SpecFileNaming.dtoFileCounts.contains(files.value) { spec.dtoFiles = nil }
        return (spec, walk.errors)
    }

    private struct TypedWalk {
        let file: String
        var errors: [Diagnostic] = []

        mutating func report(_ broken: Broken, at location: SourceLocation) {
            let code = broken.code
            errors.append(Diagnostic(.error, code, file: file, at: location, broken.message))
        }

        mutating func endpoint(_ endpoint: EndpointSpec) -> EndpointSpec {
            var endpoint = endpoint
            // A kind is read as written: an app's type name starts with an uppercase letter.
            if let kind = endpoint.kind, case .failure(let error) = KindReference.read(kind.value.written) {
                report(FormatRules.badKeyword(error), at: kind.location)
                endpoint.kind = nil
            }
            endpoint.params = arguments(endpoint.params)
            endpoint.query = arguments(endpoint.query)
            endpoint.headers = arguments(endpoint.headers)
            endpoint.cookies = arguments(endpoint.cookies)
            endpoint.body = endpoint.body.flatMap { shape($0, .inner) }
            endpoint.response = endpoint.response.flatMap { shape($0, .inner) }
            endpoint.responseHeaders = properties(endpoint.responseHeaders, .responseHeader)
            endpoint.responses = endpoint.responses.map { entry in
                StatusResponseSpec(status: entry.status, shape: entry.shape.flatMap { shape($0, .inner) })
            }
            return endpoint
        }

        mutating func arguments(_ arguments: [PropertySpec]) -> [PropertySpec] {
            properties(arguments, .argument)
        }

        mutating func properties(_ properties: [PropertySpec], _ context: Context) -> [PropertySpec] {
            properties.compactMap { property in
                var property = property
                guard let shape = shape(property.shape, context) else { return nil }
                property.shape = shape
                return property
            }
        }

        /// Whether the reader keeps a kind.
        mutating func kind(_ kind: KindDeclaration) -> Bool {
            guard FormatRules.isKindName(kind.name.value) else {
                report(FormatRules.badKindName(kind.name.value), at: kind.name.location)
                return false
            }
            switch kind.placement {
            case .header(let name) where !FormatRules.isHeaderName(name):
                report(FormatRules.badHeaderName(name), at: kind.name.location)
                return false
            case .header(let name), .query(let name): return !name.isEmpty
            }
        }

        /// The shape as read, nil where the reader reads none.
        mutating func shape(_ shape: ShapeSpec, _ context: Context) -> ShapeSpec? {
            var shape = shape
            switch shape.kind {
            case .reference(let name):
                guard !name.isEmpty else {
                    report(FormatRules.emptyTypeName, at: shape.location)
                    return nil
                }
            case .array(let element):
                guard let element = self.shape(element, .inner) else { return nil }
                shape.kind = .array(element)
            case .dictionary(let value):
                guard let value = self.shape(value, .inner) else { return nil }
                shape.kind = .dictionary(value)
            case .object(let properties):
                shape.kind = .object(self.properties(properties, .property))
            case .enumeration(let values):
                shape.kind = .enumeration(enumeration(values, at: shape.location))
            case .oneOf(let variants):
                if variants.isEmpty { report(FormatRules.emptyOneOf, at: shape.location) }
                shape.kind = .oneOf(
                    variants.compactMap { variant in
                        var variant = variant
                        guard let shape = self.shape(variant.shape, .inner) else { return nil }
                        variant.shape = shape
                        return variant
                    })
            }
            kindModifiers(&shape)
            placeModifiers(&shape, context)
            return shape
        }

        mutating func enumeration(_ values: [Located<String>], at location: SourceLocation) -> [Located<String>] {
            if values.isEmpty { report(FormatRules.emptyEnum, at: location) }
            var seen: Set<String> = []
            return values.filter { value in
                guard seen.insert(value.value).inserted else {
                    report(FormatRules.duplicateEnumValue(value.value), at: value.location)
                    return false
                }
                return true
            }
        }

        /// The modifiers that belong to one kind of shape: only its text says them.
        mutating func kindModifiers(_ shape: inout ShapeSpec) {
            if case .enumeration = shape.kind {} else { shape.unknownCase = nil }
            if case .oneOf = shape.kind {
            } else {
                shape.unknownVariant = nil
                shape.discriminator = nil
            }
            guard let additional = shape.additionalProperties else { return }
            guard case .object(let properties) = shape.kind else {
                shape.additionalProperties = nil
                return
            }
            guard !properties.isEmpty else {
                report(FormatRules.additionalPropertiesOutsideAnObject, at: additional.keyLocation)
                shape.additionalProperties = nil
                return
            }
            shape.additionalProperties = self.shape(additional.shape, .property).map {
                AdditionalPropertiesSpec(shape: $0, keyLocation: additional.keyLocation)
            }
        }

        /// The modifiers `context` allows; an error at each other one.
        mutating func placeModifiers(_ shape: inout ShapeSpec, _ context: Context) {
            let location = shape.location
            func check<Value>(_ modifier: Modifier, _ value: inout Value?) {
                guard value != nil, let misplaced = FormatRules.misplaced(modifier, in: context) else { return }
                report(misplaced, at: location)
                value = nil
            }
            // `{ "$value": "1" }` is a String only where a constant may be: elsewhere the
            // reader reads an object of no properties.
            if shape.constant != nil, misplaced(.value, in: context) != nil, !shape.optional,
                case .reference("String") = shape.kind
            {
                shape.kind = .object([])
            }
            check(.name, &shape.name)
            check(.label, &shape.label)
            check(.writeNull, &shape.writeNull)
            check(.readOnly, &shape.readOnly)
            check(.deprecated, &shape.deprecated)
            check(.value, &shape.constant)
            check(.style, &shape.style)
            check(.explode, &shape.explode)
            check(.allowReserved, &shape.allowReserved)
            if !shape.examples.isEmpty, let misplaced = FormatRules.misplaced(.examples, in: context) {
                report(misplaced, at: location)
                shape.examples = []
            }
        }
    }
}
