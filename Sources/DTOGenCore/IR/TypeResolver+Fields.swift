/// Fields: each property's Swift name, type, and how it is coded (dates, lenient, lossy,
/// string-encoded, nullable, defaults).
extension TypeResolver {
    /// The fields of an object shape, and the field that keeps its other keys
    /// (`$additionalProperties`, set on `parent`'s declaration).
    mutating func resolveFields(_ shape: ShapeSpec, of parent: DeclID) -> [Field] {
        guard case .object(let properties) = shape.kind else { return [] }
        var fields: [Field] = []
        var names = OwnedNames()  // Swift name → JSON key
        // Properties and nested types share the struct's member names: name every property
        // first, so a nested type never takes a property's name (`2fa`: property `_2fa`, type `_2fa2`).
        let propertyNames = properties.map { uniqueName(for: $0, taken: &names, noun: "Swift name") }
        var siblings = Set(propertyNames)
        let additionalName = shape.additionalProperties.map { additionalPropertiesName($0, taken: &names) }
        if let additionalName { siblings.insert(additionalName) }
        for (property, name) in zip(properties, propertyNames) {
            guard let field = resolveField(property, name: name, parent: parent, siblings: &siblings) else {
                table[parent].failedKeys.insert(property.key)
                continue
            }
            fields.append(field)
        }
        if let additional = shape.additionalProperties, let additionalName {
            table[parent].additionalProperties = resolveAdditionalProperties(
                additional, name: additionalName, parent: parent, siblings: &siblings)
        }
        return fields
    }

    /// `additionalProperties`, or its `$name`; a property's name is never taken.
    mutating func additionalPropertiesName(_ additional: AdditionalPropertiesSpec, taken: inout OwnedNames)
        -> String
    {
        var name = Self.additionalPropertiesName
        if let custom = additional.shape.name {
            if SwiftName.isIdentifier(custom.value), !SwiftName.reservedMembers.contains(custom.value) {
                name = custom.value
            } else {
                sink.error(
                    "DTG3141", custom.location,
                    "'$name' '\(custom.value)' of '$additionalProperties' is not a valid Swift property name")
            }
        }
        let claimed = taken.claim(name, for: Modifier.additionalProperties.rawValue)
        if let key = claimed.takenBy {
            sink.warning(
                "DTG3142", additional.keyLocation,
                "key '\(key)' and '$additionalProperties' both give the Swift name '\(name)'; '$additionalProperties' is generated as '\(claimed.name)' (set its '$name' to choose)"
            )
        }
        return claimed.name
    }

    /// The Swift property that holds every key the object does not declare.
    static let additionalPropertiesName = "additionalProperties"

    /// The field of `$additionalProperties`: a `[String: T]` of the values' shape, coded by
    /// the runtime's `decodeAdditionalProperties` and `encodeAdditionalProperties`.
    mutating func resolveAdditionalProperties(
        _ additional: AdditionalPropertiesSpec, name: String, parent: DeclID, siblings: inout Set<String>
    ) -> Field? {
        let shape = additional.shape
        let modifiers: [(String, SourceLocation?)] = [
            ("$default", shape.defaultValue?.location), ("$lenient", shape.lenient ? shape.location : nil),
            ("$lossy", shape.lossy?.location), ("$format", shape.format?.location),
            ("$nullable", shape.nullable?.location), ("$writeNull", shape.writeNull?.location),
            ("$readOnly", shape.readOnly?.location),
        ]
        for case (let modifier, let location?) in modifiers {
            sink.error(
                "DTG3139", location,
                "'\(modifier)' is not allowed in '$additionalProperties', which takes the values' shape, '$name' and '$doc'"
            )
        }
        guard
            let value = resolve(
                shape, hint: shape.typeName?.value ?? "AdditionalProperty", parent: parent, element: false,
                siblings: &siblings)
        else { return nil }
        if containsDate(value) {
            sink.error(
                "DTG3140", shape.location,
                "dates cannot be additional properties (no field says their format); declare the keys, or use String")
            return nil
        }
        return Field(
            jsonKey: "", keyLocation: additional.keyLocation, name: name, type: .dictionary(value),
            defaultValue: .dictionary([]),
            doc: shape.doc?.value ?? "Every key the JSON object has that this type does not declare.")
    }

    /// The Swift name of a property or argument: `$name` if it is usable, else the key's
    /// name; made distinct from `taken` (Swift name → JSON key) with a warning naming both keys.
    /// `derived`: the name the key gives, where it is not the usual property name (a
    /// response header's drops its `X-`).
    mutating func uniqueName(
        for property: PropertySpec, taken: inout OwnedNames, noun: String, derived: String? = nil
    ) -> String {
        var name = derived ?? SwiftName.property(property.key, style: naming)
        if let custom = property.shape.name {
            if !SwiftName.isIdentifier(custom.value) {
                sink.error("DTG3091", custom.location, "'$name' '\(custom.value)' is not a valid Swift identifier")
            } else if SwiftName.reservedMembers.contains(custom.value) {
                sink.error(
                    "DTG3092", custom.location,
                    "'$name' '\(custom.value)' cannot be used as a name here; choose another")
            } else {
                name = custom.value
            }
        }
        let claimed = taken.claim(name, for: property.key)
        if let other = claimed.takenBy {
            sink.warning(
                "DTG3093", property.keyLocation,
                "keys '\(other)' and '\(property.key)' both give the \(noun) '\(name)'; '\(property.key)' is generated as '\(claimed.name)' (set '$name' to choose)"
            )
        }
        return claimed.name
    }

    mutating func resolveField(_ property: PropertySpec, name: String, parent: DeclID, siblings: inout Set<String>)
        -> Field?
    {
        let shape = property.shape
        let hint = shape.typeName?.value ?? property.key
        guard let declared = resolve(shape, hint: hint, parent: parent, element: false, siblings: &siblings) else {
            return nil
        }
        var field = Field(
            jsonKey: property.key, keyLocation: property.keyLocation, name: name, type: declared, doc: shape.doc?.value,
            deprecation: shape.deprecated?.value)
        let base = declared.nonOptional
        let resolvedBase = table.resolved(base)

        // Numbers and booleans written as strings.
        let stringEncoded = shape.format?.value == .stringEncoded
        if let written = shape.format, stringEncoded {
            guard case .scalar(let scalar) = resolvedBase, [.int, .int64, .double, .decimal, .bool].contains(scalar)
            else {
                sink.error(
                    "DTG3094", written.location,
                    "'$format: \"string\"' applies to Int, Int64, Double, Decimal and Bool fields; '\(property.key)' is \(table.describe(base))"
                )
                return field
            }
            if shape.lenient {
                sink.error(
                    "DTG3095", written.location,
                    "'$format: \"string\"' and '$lenient' cannot be combined; '$lenient' already reads numbers from strings"
                )
            }
        }
        // A date's `$nullable` and `$writeNull` read and write it in its format; dates nested
        // in arrays or dictionaries take neither.
        let nestedDates = containsDate(base) && dateNesting(resolvedBase) != .single
        // `$nullable`: absent, `null` and a value are three states.
        let nullable = shape.nullable?.value == true
        if let marked = shape.nullable, marked.value {
            if !declared.isOptional {
                sink.error(
                    "DTG3096", marked.location,
                    "'$nullable' applies to optional fields (absent, null or a value); make '\(property.key)' optional")
            }
            if shape.lenient || shape.lossy?.value == true || shape.defaultValue != nil || stringEncoded
                || nestedDates
            {
                sink.error(
                    "DTG3097", marked.location,
                    "'$nullable' cannot be combined with '$lenient', '$lossy', '$default', '$format: \"string\"' or arrays and dictionaries of dates"
                )
            }
        }

        // `$writeNull`: nil goes out as `null`. Only where `encode` of an Optional does that.
        var writesNull = false
        if let marked = shape.writeNull, marked.value {
            if !declared.isOptional {
                sink.error(
                    "DTG3137", marked.location,
                    "'$writeNull' applies to optional fields (nil is written as null); make '\(property.key)' optional")
            } else if nullable || stringEncoded || nestedDates {
                sink.error(
                    "DTG3138", marked.location,
                    "'$writeNull' cannot be combined with '$nullable' (whose .null is written as null already), '$format: \"string\"' or arrays and dictionaries of dates"
                )
            } else {
                writesNull = true
            }
        }

        // Dates: a field holds Date, or arrays, dictionaries and optionals of them.
        let dateDepth = dateNesting(resolvedBase)
        var format: DateFormatSpec?
        if let written = shape.format, case .date(let f) = written.value {
            format = f
            if dateDepth == nil {
                sink.error(
                    "DTG3098", written.location,
                    "'$format' applies to Date fields; '\(property.key)' is \(table.describe(base))")
            }
        }
        var strategy = FieldCoding.Strategy.plain
        if let container = dateDepth {
            format = format ?? defaultDates
            strategy = .date(format ?? defaultDates, container)
        }

        if let lossy = shape.lossy, lossy.value, namesResolvingAlias(base) {
            deferredLossy.append((parent, property.key, lossy.location))
        } else if let lossy = shape.lossy, lossy.value {
            guard case .array(let element) = resolvedBase else {
                sink.error(
                    "DTG3100", lossy.location,
                    "'$lossy' applies to arrays; '\(property.key)' is \(table.describe(base))")
                return field
            }
            if dateDepth == .array || dateDepth == .nested {
                sink.error("DTG3101", lossy.location, "'$lossy' is not supported on arrays of dates")
            } else {
                strategy = .lossyArray(element: element)
            }
        }
        if shape.lenient, strategy == .plain { strategy = .lenient }
        if stringEncoded, !shape.lenient { strategy = .stringEncoded }
        if nullable, case .date(let format, .single) = strategy {
            strategy = .nullableDate(format)
        } else if nullable {
            strategy = .nullable
        }

        if let defaultNode = shape.defaultValue {
            if case .null = defaultNode.value {
                sink.error(
                    "DTG3102", defaultNode.location,
                    "'$default' is null; leave it out and make the field optional instead")
            } else {
                if let literal = Literals.value(
                    defaultNode, as: base, in: table, dateFormat: format, what: "'$default' of '\(property.key)'",
                    into: &sink)
                {
                    field.defaultValue = literal
                    if shape.optional {
                        sink.warning(
                            "DTG3103", shape.optionalLocation ?? defaultNode.location,
                            "'\(property.key)' has a '$default', so it is never nil: it is generated as non-optional \(table.describe(base))"
                        )
                    }
                    field.type = base
                }
            }
        }
        var fallback = field.defaultValue
        if shape.lenient, fallback == nil, !field.type.isOptional {
            fallback = Literals.empty(base, in: table)
            if fallback == nil {
                sink.error(
                    "DTG3104", shape.location,
                    "'$lenient' field '\(property.key)' of type \(table.describe(base)) has no empty value; give it a '$default' or make it optional"
                )
            }
        }
        field.coding = FieldCoding(
            strategy: strategy, lenient: shape.lenient,
            mayBeAbsent: field.type.isOptional || field.defaultValue != nil || shape.lenient, fallback: fallback,
            writesNull: writesNull, readOnly: shape.readOnly?.value == true
        )
        return field
    }

    /// Where a type holds dates: nil when it holds none.
    func dateNesting(_ type: TypeRef) -> DateContainer? {
        switch table.resolved(type) {
        case .scalar(.date): return .single
        case .array(let inner), .dictionary(let inner):
            guard containsDate(inner) else { return nil }
            guard table.resolved(inner) == .scalar(.date) else { return .nested }
            if case .array = table.resolved(type) { return .array }
            return .dictionary
        default: return nil
        }
    }

    func containsDate(_ type: TypeRef) -> Bool { table.containsDate(type) }
}
