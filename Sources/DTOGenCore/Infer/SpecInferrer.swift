import Foundation

/// One sample payload given to `infer`.
public struct SamplePayload: Sendable {
    /// The path shown in diagnostics.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

public struct InferOptions: Sendable {
    /// The spec's `name`; the type name when nil.
    public var name: String?
    /// The name of the samples' type; from the first sample's file name when nil.
    public var typeName: String?
    /// `options.namespace` of the draft (keeps drafts of several APIs apart in one module).
    public var namespace: String?
    /// Sample paths as the draft's `$examples` should name them (relative to the draft); none: no `$examples`.
    public var examplePaths: [String]

    public init(name: String? = nil, typeName: String? = nil, namespace: String? = nil, examplePaths: [String] = []) {
        self.name = name
        self.typeName = typeName
        self.namespace = namespace
        self.examplePaths = examplePaths
    }
}

public struct InferResult: Sendable {
    /// The spec draft; empty when there are errors.
    public var spec: String
    /// Syntax errors in the samples, and warnings about what the samples could not decide.
    public var diagnostics: [Diagnostic]
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// `dtogen infer`: a spec draft from sample payloads. Samples are merged position by
/// position (`Observation`); each position becomes the narrowest shape that decodes every
/// value seen there and writes it back unchanged; identical object shapes become one named
/// type. What the samples cannot decide is a warning and a `$doc` in the draft.
public enum SpecInferrer {
    public static func infer(_ samples: [SamplePayload], options: InferOptions = InferOptions()) -> InferResult {
        var diagnostics: [Diagnostic] = []
        var roots: [(JSONNode, Int)] = []
        for (index, sample) in samples.enumerated() {
            do {
                roots.append((try JSONReader.parse(bytes: sample.bytes), index))
            } catch {
                diagnostics.append(Diagnostic(.error, "DTG6001", file: sample.path, at: error.location, error.message))
            }
        }
        guard diagnostics.isEmpty, !roots.isEmpty else {
            if samples.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, "DTG6002", file: "<arguments>", at: SourceLocation(line: 1, column: 1),
                        "no samples given"))
            }
            return InferResult(spec: "", diagnostics: diagnostics)
        }
        // Every sample an array: its elements are the samples (a list endpoint's response).
        let elementsAreSamples = roots.allSatisfy { $0.0.elements != nil }
        let root = Observation()
        for (node, sample) in roots {
            if elementsAreSamples {
                for element in node.elements ?? [] { root.observe(element, sample: sample) }
            } else {
                root.observe(node, sample: sample)
            }
        }
        var typeName = options.typeName ?? ""
        if typeName.isEmpty {
            let file = ((samples[0].path as NSString).lastPathComponent as NSString).deletingPathExtension
            let base = file.split(separator: ".").first.map(String.init) ?? file
            typeName = SwiftName.type(elementsAreSamples ? SwiftName.singular(base) : base)
        }
        var drafter = Drafter(samples: samples.map(\.path), rootName: typeName)
        drafter.mergeIdenticalShapes(root)
        let rootShape = drafter.rootShape(root, examples: options.examplePaths)
        var top: [(String, DraftJSON)] = [("name", .string(options.name ?? typeName))]
        if let namespace = options.namespace { top.append(("options", .object([("namespace", .string(namespace))]))) }
        top.append(("types", .object([(typeName, rootShape)] + drafter.namedTypes)))
        top.append(("endpoints", .array([])))
        // Read as a spec and printed by the spec format's writer, as import's are; a draft
        // the reader finds fault with is printed as it is, so nothing of it is lost unsaid.
        let draft = DraftJSON.object(top)
        let (spec, read) = SpecReader.read(root: draft.node(at: SourceLocation(line: 1, column: 1)), path: "infer.json")
        let written = read.contains { $0.severity == .error } ? nil : spec.map(SpecWriter.text)
        return InferResult(
            spec: written ?? draft.document, diagnostics: (diagnostics + drafter.warnings).sorted())
    }
}

/// Turns merged observations into spec shapes.
private struct Drafter {
    let samples: [String]
    let rootName: String
    var warnings: [Diagnostic] = []
    /// Named types after the root, in the order they are first used.
    var namedTypes: [(String, DraftJSON)] = []
    /// The name of each object observation that is a named type.
    var names: [ObjectIdentifier: String] = [:]
    var takenNames = NameScope()
    /// How each object observation is written, decided once.
    var forms: [ObjectIdentifier: ObjectForm] = [:]
    var variantNodes: Set<ObjectIdentifier> = []

    init(samples: [String], rootName: String) {
        self.samples = samples
        self.rootName = rootName
        takenNames = NameScope([rootName])
    }

    enum ObjectForm {
        /// A struct with one property per key.
        case structure
        /// Keys are data (ids, dates, numbers): `$dict` of the merged values.
        case dictionary(Observation)
        /// Objects told apart by a string key (`type`, `object`, `event`...).
        case tagged(key: String, variants: [(tag: String, observation: Observation)])
    }

    /// Where a value sits, for naming its type: the key, and whether it is an array element.
    struct Hint {
        var key: String
        var isElement: Bool
        var path: String
        /// A `Date` can stand here: a field's value, or an element of a field's array (the
        /// format then goes on the field). Deeper (dictionary values, nested arrays, one-of
        /// variants) dates stay strings.
        var datesAllowed = true

        func element() -> Hint {
            Hint(key: key, isElement: true, path: path + "[]", datesAllowed: !isElement && datesAllowed)
        }
        func dictionaryValue() -> Hint { Hint(key: key, isElement: true, path: path + "[]", datesAllowed: false) }
        func variant() -> Hint { Hint(key: key, isElement: isElement, path: path, datesAllowed: false) }
        func field(_ name: String) -> Hint {
            Hint(key: name, isElement: false, path: path.isEmpty ? name : path + "." + name)
        }
    }

    // MARK: deciding objects

    mutating func form(of observation: Observation) -> ObjectForm {
        let id = ObjectIdentifier(observation)
        if let known = forms[id] { return known }
        let form = decideForm(observation)
        forms[id] = form
        if case .tagged(_, let variants) = form {
            for variant in variants { variantNodes.insert(ObjectIdentifier(variant.observation)) }
        }
        return form
    }

    private func decideForm(_ observation: Observation) -> ObjectForm {
        let keys = observation.keyOrder
        if keys.isEmpty || keys.allSatisfy(Self.isDataKey) {
            let values = Observation()
            for members in observation.objectNodes {
                for member in members {
                    // Positions are kept per sample file; the first one found is close enough for a warning.
                    values.observe(member.value, sample: observation.firstPosition?.sample ?? 0)
                }
            }
            return .dictionary(values)
        }
        if let tagged = taggedForm(observation) { return tagged }
        return .structure
    }

    /// Keys that are data rather than names: numbers, ids, dates.
    static func isDataKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty else { return false }
        let digits = bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        let negative =
            bytes.count > 1 && bytes[0] == UInt8(ascii: "-")
            && bytes.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        return digits || negative
            || !StringForm.of(key).intersection([.uuid, .dateOnly, .iso8601, .iso8601Fractional, .iso8601Other]).isEmpty
    }

    static let tagKeys = ["type", "kind", "object", "event", "@type", "_type", "__typename"]

    /// A tagged one-of: a string key in every object whose values split the objects into
    /// groups with different keys.
    private func taggedForm(_ observation: Observation) -> ObjectForm? {
        guard observation.objects >= 2 else { return nil }
        // Only keys APIs use for tags: a `state` or `status` splits objects too, but by value, not shape.
        let candidates = Self.tagKeys.filter { key in
            guard let field = observation.fields[key], field.count == observation.objects, field.strings == field.count,
                let values = field.distinctStrings
            else { return false }
            return values.count >= 2
        }
        for key in candidates {
            var groups: [(tag: String, objects: [[JSONNode.Member]], positions: [SamplePosition])] = []
            for (members, position) in zip(observation.objectNodes, observation.objectPositions) {
                guard let tag = members.first(where: { $0.key == key })?.value.stringValue else { continue }
                if let index = groups.firstIndex(where: { $0.tag == tag }) {
                    groups[index].objects.append(members)
                    groups[index].positions.append(position)
                } else {
                    groups.append((tag, [members], [position]))
                }
            }
            let keySets = groups.map { group in Set(group.objects.flatMap { $0.map(\.key) }) }
            guard Set(keySets).count > 1 else { continue }
            return .tagged(
                key: key, variants: groups.map { ($0.tag, Observation.of(objects: $0.objects, at: $0.positions)) })
        }
        return nil
    }

    // MARK: merging identical shapes

    /// The shape of an object for grouping: its keys and the JSON kinds under each.
    private func signature(_ observation: Observation) -> String {
        observation.keyOrder.sorted().map { key in
            let kinds = observation.fields[key]?.resolved.kinds ?? []
            return key + ":" + kinds.map { "\($0)" }.joined(separator: "|")
        }.joined(separator: "\u{1}")
    }

    /// Objects with the same keys, seen at different positions, become one observation
    /// (later named once). Repeats while merging makes nested shapes meet.
    mutating func mergeIdenticalShapes(_ root: Observation) {
        for _ in 0..<4 {
            var structures: [Observation] = []
            var seen: Set<ObjectIdentifier> = []
            collectStructures(root, into: &structures, seen: &seen, isRoot: true)
            var groups: [String: [Observation]] = [:]
            var order: [String] = []
            for observation in structures where !variantNodes.contains(ObjectIdentifier(observation)) {
                let key = signature(observation)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(observation)
            }
            var merged = false
            for key in order {
                guard let members = groups[key], members.count > 1 else { continue }
                let combined = Observation.of(
                    objects: members.flatMap(\.objectNodes), at: members.flatMap(\.objectPositions))
                for member in members { member.canonical = combined }
                merged = true
            }
            if !merged { return }
        }
    }

    private mutating func collectStructures(
        _ node: Observation, into result: inout [Observation], seen: inout Set<ObjectIdentifier>, isRoot: Bool
    ) {
        let observation = node.resolved
        guard seen.insert(ObjectIdentifier(observation)).inserted else { return }
        if let element = observation.element { collectStructures(element, into: &result, seen: &seen, isRoot: false) }
        guard observation.objects > 0 else { return }
        switch form(of: observation) {
        case .structure:
            if !isRoot, !observation.keyOrder.isEmpty { result.append(observation) }
            for key in observation.keyOrder {
                if let field = observation.fields[key] {
                    collectStructures(field, into: &result, seen: &seen, isRoot: false)
                }
            }
        case .dictionary(let values):
            collectStructures(values, into: &result, seen: &seen, isRoot: false)
        case .tagged(_, let variants):
            for variant in variants {
                collectStructures(variant.observation, into: &result, seen: &seen, isRoot: false)
            }
        }
    }

    /// How many positions use each object observation: used twice, it is a named type.
    private mutating func countUses(_ node: Observation, _ uses: inout [ObjectIdentifier: Int]) {
        let observation = node.resolved
        let id = ObjectIdentifier(observation)
        uses[id, default: 0] += 1
        guard uses[id] == 1 else { return }
        if let element = observation.element { countUses(element, &uses) }
        guard observation.objects > 0 else { return }
        switch form(of: observation) {
        case .structure:
            for key in observation.keyOrder {
                if let field = observation.fields[key] { countUses(field, &uses) }
            }
        case .dictionary(let values): countUses(values, &uses)
        case .tagged(_, let variants):
            for variant in variants { countUses(variant.observation, &uses) }
        }
    }

    // MARK: writing shapes

    var uses: [ObjectIdentifier: Int] = [:]

    mutating func rootShape(_ root: Observation, examples: [String]) -> DraftJSON {
        var counted: [ObjectIdentifier: Int] = [:]
        countUses(root, &counted)
        uses = counted
        let observation = root.resolved
        names[ObjectIdentifier(observation)] = rootName
        var shape = value(observation, hint: Hint(key: rootName, isElement: false, path: ""), inline: true)
        shape.optional = false
        if !examples.isEmpty { shape.modifiers.append(("$examples", .array(examples.map { .string($0) }))) }
        return shape.json
    }

    typealias Shape = DraftShape

    /// The shape of the values at one position.
    mutating func value(_ node: Observation, hint: Hint, inline: Bool = false) -> Shape {
        let observation = node.resolved
        let kinds = observation.kinds
        var shape: Shape
        switch kinds.count {
        case 0:
            warn(
                "DTG6003", observation,
                "'\(hint.path.isEmpty ? hint.key : hint.path)' is null in every sample; the draft declares it JSON")
            shape = Shape(base: .string("JSON"))
            shape.modifiers.append(("$doc", .string("dtogen infer: null in every sample; declare its type")))
        case 1:
            shape = single(kinds[0], observation, hint: hint, inline: inline)
        default:
            let variants = kinds.map { single($0, observation, hint: hint.variant(), inline: false).json }
            shape = Shape(base: .object([("$oneOf", .array(variants))]))
        }
        if observation.nulls > 0 { shape.optional = true }
        return shape
    }

    private mutating func single(_ kind: Observation.JSONKind, _ observation: Observation, hint: Hint, inline: Bool)
        -> Shape
    {
        switch kind {
        case .bool: return Shape(base: .string("Bool"))
        case .number: return number(observation, key: hint.key, datesAllowed: hint.datesAllowed)
        case .string: return string(observation, datesAllowed: hint.datesAllowed)
        case .array:
            guard let element = observation.element, element.count > 0 else {
                warn(
                    "DTG6004", observation,
                    "'\(hint.path.isEmpty ? hint.key : hint.path)' is an empty array in every sample; the draft declares [JSON]"
                )
                var shape = Shape(base: .array([.string("JSON")]))
                shape.modifiers.append(
                    ("$doc", .string("dtogen infer: empty in every sample; declare the element type")))
                return shape
            }
            let inner = value(element, hint: hint.element())
            // `[Date]` with a format: the format is the field's.
            if case .string(let reference) = inner.base, reference == "Date", inner.modifiers.count == 1,
                inner.modifiers[0].0 == "$format"
            {
                return Shape(base: .array([.string("Date" + (inner.optional ? "?" : ""))]), modifiers: inner.modifiers)
            }
            return Shape(base: .array([inner.json]))
        case .object:
            return object(observation, hint: hint, inline: inline)
        }
    }

    private func number(_ observation: Observation, key: String, datesAllowed: Bool) -> Shape {
        if observation.fractions > 0 { return Shape(base: .string("Double")) }
        if observation.bigIntegers > 0 { return Shape(base: .string("Decimal")) }
        // Whole numbers under a time-like key, in the range of recent dates: a timestamp.
        let words = SwiftName.words(key).map { $0.lowercased() }
        let timeWords: Set<String> = [
            "time", "date", "created", "updated", "modified", "timestamp", "at", "expires", "since", "until",
        ]
        if datesAllowed, let last = words.last, timeWords.contains(last) {
            let (low, high) = (observation.smallestNumber, observation.largestNumber)
            if low >= 1e9, high < 4.1e9 {
                return Shape(
                    base: .string("Date"),
                    modifiers: [(Modifier.format.rawValue, .string(DateFormatSpec.secondsSince1970.name))])
            }
            if low >= 1e12, high < 4.1e12 {
                return Shape(
                    base: .string("Date"),
                    modifiers: [(Modifier.format.rawValue, .string(DateFormatSpec.millisecondsSince1970.name))])
            }
        }
        return Shape(base: .string("Int"))
    }

    private mutating func string(_ observation: Observation, datesAllowed: Bool) -> Shape {
        let forms = observation.stringForms
        for (form, format) in StringForm.dates where datesAllowed && forms.contains(form) {
            if format == .iso8601 { return Shape(base: .string("Date")) }
            return Shape(base: .string("Date"), modifiers: [(Modifier.format.rawValue, .string(format.name))])
        }
        if forms.contains(.iso8601Other) {
            return Shape(
                base: .string("String"),
                modifiers: [
                    (
                        "$doc",
                        .string(
                            "dtogen infer: ISO 8601 dates that a Date would write back differently (a UTC offset or unusual fraction digits); kept as String"
                        )
                    )
                ])
        }
        if forms.contains(.url) { return Shape(base: .string("URL")) }
        if forms.contains(.uuid) { return Shape(base: .string("UUID")) }
        return Shape(base: .string("String"))
    }

    private mutating func object(_ observation: Observation, hint: Hint, inline: Bool) -> Shape {
        let id = ObjectIdentifier(observation)
        switch form(of: observation) {
        case .dictionary(let values):
            guard values.count > 0 else {
                warn(
                    "DTG6005", observation,
                    "'\(hint.path.isEmpty ? hint.key : hint.path)' is an empty object in every sample; the draft declares a dictionary of JSON"
                )
                return Shape(
                    base: .object([
                        ("$dict", .string("JSON")),
                        ("$doc", .string("dtogen infer: empty in every sample; declare its keys or value type")),
                    ]))
            }
            return Shape(base: .object([("$dict", value(values, hint: hint.dictionaryValue()).json)]))
        case .tagged(let key, let variants):
            var members: [(String, DraftJSON)] = []
            for variant in variants {
                let name = namedType(
                    variant.observation, preferred: SwiftName.type(variant.tag), hint: hint, excluding: key)
                members.append((variant.tag, .string(name)))
            }
            return Shape(base: .object([("$oneOf", .object(members)), ("$discriminator", .string(key))]))
        case .structure:
            if !inline, (uses[id] ?? 0) > 1 || names[id] != nil {
                let name = namedType(
                    observation, preferred: SwiftName.inlineType(hint.key, isElement: hint.isElement, isEnum: false),
                    hint: hint, excluding: nil)
                return Shape(base: .string(name))
            }
            var shape = Shape(base: .object(properties(observation, hint: hint, excluding: nil)))
            if !inline {
                let natural = SwiftName.inlineType(hint.key, isElement: hint.isElement, isEnum: false)
                if takenNames.contains(natural) {
                    let distinct = takenNames.claim(natural)
                    shape.modifiers.append(("$typeName", .string(distinct)))
                }
            }
            return shape
        }
    }

    /// The name of a named type for this observation, declaring it on first use.
    private mutating func namedType(_ observation: Observation, preferred: String, hint: Hint, excluding: String?)
        -> String
    {
        let id = ObjectIdentifier(observation)
        if let name = names[id] { return name }
        let name = takenNames.claim(preferred)
        names[id] = name
        let index = namedTypes.count
        namedTypes.append((name, .object([])))
        namedTypes[index].1 = .object(
            properties(observation, hint: Hint(key: name, isElement: false, path: hint.path), excluding: excluding))
        return name
    }

    private mutating func properties(_ observation: Observation, hint: Hint, excluding: String?) -> [(
        String, DraftJSON
    )] {
        var result: [(String, DraftJSON)] = []
        for key in observation.keyOrder where key != excluding {
            guard let field = observation.fields[key] else { continue }
            var shape = value(field, hint: hint.field(key))
            if field.count < observation.objects { shape.optional = true }
            result.append((SpecWriter.writtenKey(key), shape.json))
        }
        return result
    }

    private mutating func warn(_ code: DiagnosticCode, _ observation: Observation, _ message: String) {
        guard let position = observation.firstPosition ?? observation.resolved.firstPosition else { return }
        warnings.append(Diagnostic(.warning, code, file: samples[position.sample], at: position.location, message))
    }
}
