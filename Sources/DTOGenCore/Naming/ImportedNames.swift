/// The names import writes into a spec, each from where its thing is in the document (an
/// operation's id, method and path; a schema's key; a security scheme's; a shape's first
/// use). Unique in their scope through `NameScope`, which the importer holds.
enum ImportedNames {
    /// An operation's endpoint: its `operationId` in lower camel case, else its method and
    /// path (`GET /pets/{petId}` → `getPetsByPetID`), else its method.
    static func endpoint(operationId: String?, method: String, path: String, style: NamingStyle) -> String {
        let name = operationId.map { SwiftName.lowerCamel($0, style: style) } ?? ""
        guard name.isEmpty || !SwiftName.isIdentifier(name) || SwiftName.keywords.contains(name) else { return name }
        let segments = path.split(separator: "/").map(String.init)
        let words = segments.filter { !$0.hasPrefix("{") }.joined(separator: "_")
        let parameters = segments.filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
        let made = SwiftName.lowerCamel(
            method + "_" + words + (parameters.isEmpty ? "" : "_by_" + parameters.joined(separator: "_and_")),
            style: style)
        return SwiftName.isIdentifier(made) ? made : method
    }

    /// A component schema's type name before it is made unique: its key as a type, with
    /// `Object` after a name that means a built-in of dtogen specs (`File`, `JSON`, `Data`)
    /// or, inside a factory's extension, the endpoint's generic parameters (`builtin`).
    static func component(_ key: String, style: NamingStyle) -> (candidate: String, builtin: Bool) {
        let name = SwiftName.type(key, style: style)
        let builtin = SpecReader.builtinScalars.contains(name) || EndpointResolver.genericParameterNames.contains(name)
        return (builtin ? name + "Object" : name, builtin)
    }

    /// The kind an API-key scheme becomes: the scheme's name as a type, never a runtime
    /// type's or Swift's (`api_key` → `APIKeyAuth`, not `APIKey`).
    static func apiKeyKind(scheme: String, style: NamingStyle) -> String {
        let base = SwiftName.type(scheme, style: style)
        return SwiftName.runtimeTypes.contains(base) || SwiftName.reservedTypes.contains(base) ? base + "Auth" : base
    }

    /// An untagged one-of's inline enum variant: named by its values (`<Hint>EmptyOrNow`),
    /// or by its place when they make no name (`<Hint>Variant2`).
    static func enumVariant(hint: String, values: [String]?, index: Int, style: NamingStyle) -> String {
        hint + (values.flatMap { valuesName($0, style: style) } ?? "Variant\(index + 1)")
    }

    /// `EmptyOrNow` for `["", "now"]`: a name made of at most three values, nil when they
    /// are more or one makes no name.
    static func valuesName(_ values: [String], style: NamingStyle) -> String? {
        guard (1...3).contains(values.count) else { return nil }
        var parts: [String] = []
        for value in values {
            if value.isEmpty {
                parts.append("Empty")
                continue
            }
            let name = SwiftName.type(value, style: style)
            guard SwiftName.isTypeName(name), !name.hasPrefix("_") else { return nil }
            parts.append(name)
        }
        return parts.joined(separator: "Or")
    }

    /// What a shape the document writes in several places may be named, best first. A one-of
    /// of named types (`variants`) is named from them: an ID or an object (`String` then one
    /// or two types: `ExpandableCustomer`, `ExpandableCustomerOrDeletedCustomer`, as Stripe's
    /// expandable fields), two or three types (`BankAccountOrCard`). An enum with the type it
    /// is first written in (`PetStatus`), so the enums of that field's name elsewhere keep
    /// their names. Else the field's name with `Choice` or `Object` (`MetadataChoice`), so no
    /// nested type of that field's name elsewhere has to take another name, or with the
    /// type it is first written in when that is taken (`ChargeRefunds`); an endpoint's body
    /// or response from the endpoint (`PostChargesBody`, its `position`).
    static func sharedShape(
        isChoice: Bool, isEnum: Bool, variants: [String]?, parent: String, field: String?, position: String?,
        style: NamingStyle
    ) -> [String] {
        var candidates: [String] = []
        if isChoice, let variants {
            let types = variants.map { SpecReader.builtinScalars.contains($0) ? $0 : SwiftName.type($0, style: style) }
            let objects = types.dropFirst()
            if types.first == "String", objects.count <= 2, !objects.contains(where: SpecReader.builtinScalars.contains)
            {
                candidates.append("Expandable" + objects.joined(separator: "Or"))
            } else if types.count <= 3 {
                candidates.append(types.joined(separator: "Or"))
            }
        }
        let parent = SwiftName.type(parent, style: style)
        if isEnum, let field {
            candidates += [parent + SwiftName.type(field, style: style), SwiftName.type(field, style: style) + "Value"]
        } else if let field {
            candidates += [
                SwiftName.type(field, style: style) + (isChoice ? "Choice" : "Object"),
                parent + SwiftName.type(field, style: style),
            ]
        } else {
            candidates.append(parent + SwiftName.type(position ?? "Shape", style: style))
        }
        return candidates
    }

    /// The `$name` an imported key needs (an argument's, a field's) when its Swift name is
    /// taken in `taken` (nil when it is free): what a comparison means (`startTimeBefore`),
    /// a sign spelled out (`+1` → `plus1`), else its place (`pathQuery`), numbered as a last
    /// resort.
    static func explicitName(_ key: String, taken: inout NameScope, place: String, style: NamingStyle = .swift)
        -> String?
    {
        let base = SwiftName.property(key, style: style)
        guard taken.contains(base) else {
            taken.reserve(base)
            return nil
        }
        let signs: [(String, String)] = [("+", "plus "), ("-", "minus ")]
        let spelled = signs.first { key.hasPrefix($0.0) }.map {
            SwiftName.property($0.1 + key.dropFirst($0.0.count), style: style)
        }
        var candidate = base + comparison(key)
        if candidate == base, let spelled { candidate = spelled }
        if candidate == base || taken.contains(candidate) { candidate = base + place }
        return taken.claim(candidate)
    }

    /// What a key's trailing comparison (`DateCreated<`, `Price>=`) means, as a name's ending.
    static func comparison(_ key: String) -> String {
        let timely = ["date", "time", "created", "updated", "at"].contains { key.lowercased().contains($0) }
        let endings: [(String, String, String)] = [
            ("<=", "AtOrBefore", "AtMost"), (">=", "AtOrAfter", "AtLeast"), ("<", "Before", "Below"),
            (">", "After", "Above"),
        ]
        guard let ending = endings.first(where: { key.hasSuffix($0.0) }) else { return "" }
        return timely ? ending.1 : ending.2
    }
}
