/// Which variant of an untagged one-of a value is, by evidence rather than by order: the
/// generated `init(from:)` and fast path ask for a ranking of the variants that share the
/// value's JSON kind and try them in that order, so a value is read as the variant that
/// accounts for most of it, and one that a later variant would take never fails to decode.
extension OneOf {
    /// What a variant declares, as far as it tells the variants apart: generated from the
    /// variant's type (a few object levels deep) and read against the value.
    public indirect enum Shape: Sendable {
        /// A value the ranking does not look into: a scalar, JSON, another one-of.
        case any
        /// An object: every key it declares, the shapes of those it looks into, and the
        /// shape of the keys it does not declare when it keeps them (a dictionary,
        /// `$additionalProperties`).
        case object([StaticString], nested: [(key: StaticString, shape: Shape)] = [], others: Shape? = nil)
        /// An array of values of one shape.
        case array(Shape)
        /// A string enum's values. `open`: it takes any other value as unknown. An enum of
        /// one value is a constant either way.
        case values([StaticString], open: Bool)
    }

    /// The order in which to try the variants whose shapes these are, for the value the
    /// decoder holds: a variant whose enum or constant contradicts the value goes last; then
    /// the one whose declared keys (at every object level its shape gives) the value has the
    /// most of (a key it names counting before one it keeps among others); then the one
    /// whose open enums take fewer unknown values; then the order of the list.
    @_spi(Generated) public static func ranking(_ shapes: [Shape], in decoder: any Decoder) -> [Int] {
        Evidence.ranking(shapes, of: DecodedEvidenceValue(decoder: decoder))
    }
}

extension FastJSONValue {
    /// `OneOf.ranking(_:in:)` on the tape: the same order for the same value.
    @_spi(Generated) public func oneOfRanking(_ shapes: [OneOf.Shape]) -> [Int] {
        Evidence.ranking(shapes, of: self)
    }
}

/// A JSON value the ranking reads: a decoder's, or the fast path's tape.
protocol EvidenceValue {
    /// The object's keys, each once, in order; nil when the value is no object.
    var objectKeys: [String]? { get }
    /// The value under a key the object has.
    func member(_ key: String) -> Self?
    /// The first `limit` elements; nil when the value is no array.
    func elements(limit: Int) -> [Self]?
    /// The string; nil when the value is no string.
    var stringValue: String? { get }
    var isNull: Bool { get }
}

/// What a value says for one variant.
struct Evidence: Comparable {
    var contradicted = false
    /// The value's keys the variant declares, at every level its shape gives.
    var keys = 0
    /// Those of them it keeps only as other keys (a dictionary, `$additionalProperties`):
    /// weaker evidence than a key it names.
    var undeclared = 0
    /// Strings its open enums take as unknown values.
    var unknowns = 0

    /// Elements of an array that are looked at: enough to tell, bounded for long arrays.
    static let elementLimit = 16

    /// Better evidence first.
    static func < (lhs: Evidence, rhs: Evidence) -> Bool {
        if lhs.contradicted != rhs.contradicted { return !lhs.contradicted }
        if lhs.keys != rhs.keys { return lhs.keys > rhs.keys }
        if lhs.undeclared != rhs.undeclared { return lhs.undeclared < rhs.undeclared }
        return lhs.unknowns < rhs.unknowns
    }

    static func ranking<Value: EvidenceValue>(_ shapes: [OneOf.Shape], of value: Value) -> [Int] {
        let evidence = shapes.map { shape in
            var found = Evidence()
            found.read(value, as: shape)
            return found
        }
        // Stable: equal evidence keeps the order of the list.
        return evidence.indices.sorted { evidence[$0] < evidence[$1] || (evidence[$0] == evidence[$1] && $0 < $1) }
    }

    mutating func read<Value: EvidenceValue>(_ value: Value, as shape: OneOf.Shape) {
        switch shape {
        case .any:
            return
        case .object(let declared, let nested, let others):
            guard let present = value.objectKeys else { return }
            let keys = Set(present)
            let names = declared.map(\.description)
            self.keys += names.count { keys.contains($0) }
            for (key, inner) in nested {
                let name = key.description
                if keys.contains(name), let member = value.member(name) { read(member, as: inner) }
            }
            guard let others else { return }
            let declaredNames = Set(names)
            for key in present where !declaredNames.contains(key) {
                self.keys += 1
                undeclared += 1
                if case .any = others { continue }
                if let member = value.member(key) { read(member, as: others) }
            }
        case .array(let element):
            for member in value.elements(limit: Self.elementLimit) ?? [] { read(member, as: element) }
        case .values(let values, let open):
            if value.isNull { return }
            if let text = value.stringValue, values.contains(where: { $0.description == text }) { return }
            if open && values.count > 1 { unknowns += 1 } else { contradicted = true }
        }
    }
}

/// A value as a `Decoder` holds it (`JSONDecoder`, or any other).
struct DecodedEvidenceValue: EvidenceValue {
    let decoder: any Decoder

    var objectKeys: [String]? {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
        var seen: Set<String> = []
        return container.allKeys.map(\.stringValue).filter { seen.insert($0).inserted }
    }

    func member(_ key: String) -> DecodedEvidenceValue? {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self),
            let member = try? container.superDecoder(forKey: AnyCodingKey(key))
        else { return nil }
        return DecodedEvidenceValue(decoder: member)
    }

    func elements(limit: Int) -> [DecodedEvidenceValue]? {
        guard var container = try? decoder.unkeyedContainer() else { return nil }
        var elements: [DecodedEvidenceValue] = []
        while !container.isAtEnd, elements.count < limit, let element = try? container.superDecoder() {
            elements.append(DecodedEvidenceValue(decoder: element))
        }
        return elements
    }

    var stringValue: String? { try? decoder.singleValueContainer().decode(String.self) }

    var isNull: Bool { (try? decoder.singleValueContainer().decodeNil()) ?? false }
}

extension FastJSONValue: EvidenceValue {
    var objectKeys: [String]? {
        let entry = self.entry
        guard entry.kind == .object else { return nil }
        var keys: [String] = []
        var seen: Set<String> = []
        var member = index + 1
        while member < Int(entry.start) {
            if let key = tape.string(at: tape.entries[member]), seen.insert(key).inserted { keys.append(key) }
            member = tape.next(after: member + 1)
        }
        return keys
    }

    /// The first member under `key`, as `JSONDecoder` reads duplicated keys.
    func member(_ key: String) -> FastJSONValue? {
        let entry = self.entry
        guard entry.kind == .object else { return nil }
        var member = index + 1
        while member < Int(entry.start) {
            if tape.string(at: tape.entries[member]) == key { return FastJSONValue(tape: tape, index: member + 1) }
            member = tape.next(after: member + 1)
        }
        return nil
    }

    func elements(limit: Int) -> [FastJSONValue]? {
        let entry = self.entry
        guard entry.kind == .array else { return nil }
        var elements: [FastJSONValue] = []
        var position = index + 1
        while position < Int(entry.start), elements.count < limit {
            elements.append(FastJSONValue(tape: tape, index: position))
            position = tape.next(after: position)
        }
        return elements
    }

    var stringValue: String? { try? string() }
}
