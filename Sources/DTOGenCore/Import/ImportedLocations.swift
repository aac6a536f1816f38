import PositionalJSON

/// Where each value of the spec import builds is, for the stages that check it: as the spec
/// reader would place it reading the spec's located text (`SpecWriter.json(_:locating:)`).
/// A type's shape, a property, an element, a variant, an endpoint and its path are at the
/// document node each translates; what has no node of its own (an `unplaced` shape, every
/// name, modifier and value) is at its holder's; the spec's own keys (`name`, `options`) at
/// the first line. The stages' errors, and so the warnings of what import leaves out, point
/// there.
enum ImportedLocations {
    /// Where the spec's own keys are.
    static let top = SourceLocation(line: 1, column: 1)

    static func settled(_ spec: Spec) -> Spec {
        var spec = spec
        spec.location = top
        spec.name = spec.name.map { at($0, top) }
        spec.baseURL = spec.baseURL.map { at($0, top) }
        spec.namespace = spec.namespace.map { at($0, top) }
        spec.enums = spec.enums.map { at($0, top) }
        spec.naming = spec.naming.map { at($0, top) }
        spec.unusedTypes = spec.unusedTypes.map { at($0, top) }
        spec.dtoFiles = spec.dtoFiles.map { at($0, top) }
        spec.envelope = spec.envelope.map { Located($0.value.map { envelope($0, top) }, at: top) }
        spec.kinds = spec.kinds.map { kind in
            var kind = kind
            kind.name = at(kind.name, top)
            return kind
        }
        spec.externalTypes = spec.externalTypes.map { entry in
            var entry = entry
            entry.name = at(entry.name, top)
            entry.swiftType = at(entry.swiftType, top)
            entry.schema = entry.schema.map { settled($0, holder: top) }
            return entry
        }
        spec.types = spec.types.map { type in
            var type = type
            type.shape = settled(type.shape, holder: top)
            type.nameLocation = type.shape.location
            return type
        }
        spec.endpoints = spec.endpoints.map { settled($0) }
        return spec
    }

    static func settled(_ endpoint: EndpointSpec) -> EndpointSpec {
        var endpoint = endpoint
        let here = endpoint.location == .unplaced ? top : endpoint.location
        endpoint.location = here
        endpoint.name = at(endpoint.name, here)
        if endpoint.path.location == .unplaced { endpoint.path = at(endpoint.path, here) }
        endpoint.method = endpoint.method.map { at($0, here) }
        endpoint.kind = endpoint.kind.map { at($0, here) }
        func arguments(_ arguments: [PropertySpec]) -> [PropertySpec] { arguments.map { property($0, holder: here) } }
        endpoint.params = arguments(endpoint.params)
        endpoint.query = arguments(endpoint.query)
        endpoint.headers = arguments(endpoint.headers)
        endpoint.cookies = arguments(endpoint.cookies)
        endpoint.responseHeaders = arguments(endpoint.responseHeaders)
        endpoint.body = endpoint.body.map { settled($0, holder: here) }
        endpoint.response = endpoint.response.map { settled($0, holder: here) }
        // A status is where its body is, as a property's key is where its shape is.
        endpoint.responses = endpoint.responses.map { entry in
            let shape = entry.shape.map { settled($0, holder: here) }
            return StatusResponseSpec(status: at(entry.status, shape?.location ?? here), shape: shape)
        }
        endpoint.envelope = endpoint.envelope.map { Located($0.value.map { envelope($0, here) }, at: here) }
        endpoint.error = endpoint.error.map { at($0, here) }
        endpoint.errors = endpoint.errors.map { StatusErrorSpec(status: at($0.status, here), type: at($0.type, here)) }
        endpoint.timeout = endpoint.timeout.map { at($0, here) }
        endpoint.paginate = endpoint.paginate.map { paginate in
            var paginate = paginate
            paginate.location = here
            paginate.style = at(paginate.style, here)
            paginate.param = paginate.param.map { at($0, here) }
            paginate.from = paginate.from.map { at($0, here) }
            paginate.whileKey = paginate.whileKey.map { at($0, here) }
            return paginate
        }
        endpoint.bodyEncoding = endpoint.bodyEncoding.map { at($0, here) }
        endpoint.bodyStyles = endpoint.bodyStyles.map { style in
            var style = style
            style.keyLocation = here
            style.style = style.style.map { at($0, here) }
            style.explode = style.explode.map { at($0, here) }
            return style
        }
        endpoint.contentType = endpoint.contentType.map { at($0, here) }
        endpoint.doc = endpoint.doc.map { at($0, here) }
        endpoint.deprecated = endpoint.deprecated.map { at($0, here) }
        endpoint.examples = endpoint.examples.map { at($0, here) }
        endpoint.stream = endpoint.stream.map { at($0, here) }
        endpoint.end = endpoint.end.map { at($0, here) }
        endpoint.events = endpoint.events.map { at($0, here) }
        return endpoint
    }

    /// A shape at its own node, or at `holder`'s; what it holds below it.
    static func settled(_ shape: ShapeSpec, holder: SourceLocation) -> ShapeSpec {
        var shape = shape
        let here = shape.location == .unplaced ? holder : shape.location
        shape.location = here
        switch shape.kind {
        case .reference: break
        case .array(let element): shape.kind = .array(settled(element, holder: here))
        case .dictionary(let value): shape.kind = .dictionary(settled(value, holder: here))
        case .object(let properties): shape.kind = .object(properties.map { property($0, holder: here) })
        case .enumeration(let values): shape.kind = .enumeration(values.map { at($0, here) })
        case .oneOf(let variants):
            shape.kind = .oneOf(
                variants.map { variant in
                    var variant = variant
                    variant.shape = settled(variant.shape, holder: here)
                    variant.tag = variant.tag.map { at($0, variant.shape.location) }
                    return variant
                })
        }
        if let additional = shape.additionalProperties {
            let values = settled(additional.shape, holder: here)
            shape.additionalProperties = AdditionalPropertiesSpec(shape: values, keyLocation: values.location)
        }
        shape.optionalLocation = shape.optional ? here : nil
        shape.name = shape.name.map { at($0, here) }
        shape.label = shape.label.map { at($0, here) }
        shape.typeName = shape.typeName.map { at($0, here) }
        shape.doc = shape.doc.map { at($0, here) }
        shape.defaultValue = shape.defaultValue.map { node($0, here) }
        shape.lossy = shape.lossy.map { at($0, here) }
        shape.constant = shape.constant.map { at($0, here) }
        shape.style = shape.style.map { at($0, here) }
        shape.explode = shape.explode.map { at($0, here) }
        shape.allowReserved = shape.allowReserved.map { at($0, here) }
        shape.nullable = shape.nullable.map { at($0, here) }
        shape.writeNull = shape.writeNull.map { at($0, here) }
        shape.readOnly = shape.readOnly.map { at($0, here) }
        shape.deprecated = shape.deprecated.map { at($0, here) }
        shape.format = shape.format.map { at($0, here) }
        shape.unknownCase = shape.unknownCase.map { at($0, here) }
        shape.discriminator = shape.discriminator.map { at($0, here) }
        shape.unknownVariant = shape.unknownVariant.map { at($0, here) }
        shape.examples = shape.examples.map { at($0, here) }
        return shape
    }

    /// A property or argument: its key where its shape is.
    private static func property(_ property: PropertySpec, holder: SourceLocation) -> PropertySpec {
        var property = property
        property.shape = settled(property.shape, holder: holder)
        property.keyLocation = property.shape.location
        return property
    }

    private static func envelope(_ envelope: EnvelopeSpec, _ here: SourceLocation) -> EnvelopeSpec {
        var envelope = envelope
        envelope.location = here
        envelope.data = at(envelope.data, here)
        envelope.message = envelope.message.map { at($0, here) }
        envelope.path = envelope.path.map { at($0, here) }
        switch envelope.success {
        case .key(let key): envelope.success = .key(at(key, here))
        case .equals(let key, let value): envelope.success = .equals(key: at(key, here), value: node(value, here))
        case nil: break
        }
        return envelope
    }

    private static func at<Value>(_ value: Located<Value>, _ location: SourceLocation) -> Located<Value> {
        Located(value.value, at: location)
    }

    /// A JSON value, every node and key of it at `location`.
    private static func node(_ node: JSONNode, _ location: SourceLocation) -> JSONNode {
        let value: JSONNode.Value =
            switch node.value {
            case .array(let elements): .array(elements.map { self.node($0, location) })
            case .object(let members):
                .object(
                    members.map {
                        JSONNode.Member(key: $0.key, keyLocation: location, value: self.node($0.value, location))
                    })
            default: node.value
            }
        return JSONNode(value: value, location: location)
    }
}
