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
    /// the one that names the most of the value's keys (at every object level its shape
    /// gives); then the one that keeps more of the rest (a dictionary, `$additionalProperties`:
    /// the value kept whole); then the one whose open enums take fewer unknown values; then
    /// the order of the list.
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

/// A JSON value the ranking reads: a decoder's, or the fast path's tape. Both read keys as
/// their decoders do (the first of duplicated keys), so both give one ranking.
protocol EvidenceValue {
    /// Whether this is an object that has `key`.
    func has(_ key: StaticString) -> Bool
    /// The value under `key`, when this is an object that has it.
    func member(_ key: StaticString) -> Self?
    /// The values under the keys not in `declared`, each key once; nil when this is no object.
    func others(than declared: [StaticString]) -> [Self]?
    /// The first `limit` elements; nil when the value is no array.
    func elements(limit: Int) -> [Self]?
    /// Whether this is a string among `values`; nil when it is no string.
    func isString(among values: [StaticString]) -> Bool?
    var isNull: Bool { get }
}

/// What a value says for one variant.
struct Evidence: Comparable {
    var contradicted = false
    /// The value's keys the variant names, at every level its shape gives.
    var named = 0
    /// The value's other keys it keeps (a dictionary, `$additionalProperties`).
    var kept = 0
    /// Strings its open enums take as unknown values.
    var unknowns = 0

    /// Elements of an array that are looked at: enough to tell, bounded for long arrays.
    static let elementLimit = 16

    /// Better evidence first.
    static func < (lhs: Evidence, rhs: Evidence) -> Bool {
        if lhs.contradicted != rhs.contradicted { return !lhs.contradicted }
        if lhs.named != rhs.named { return lhs.named > rhs.named }
        if lhs.kept != rhs.kept { return lhs.kept > rhs.kept }
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
            for key in declared where value.has(key) { named += 1 }
            for (key, inner) in nested {
                if let member = value.member(key) { read(member, as: inner) }
            }
            guard let others, let members = value.others(than: declared) else { return }
            kept += members.count
            if case .any = others { return }
            for member in members { read(member, as: others) }
        case .array(let element):
            for member in value.elements(limit: Self.elementLimit) ?? [] { read(member, as: element) }
        case .values(let values, let open):
            if value.isNull || value.isString(among: values) == true { return }
            if open && values.count > 1 { unknowns += 1 } else { contradicted = true }
        }
    }
}

extension StaticString {
    /// Whether `text` is this string, byte for byte.
    func equals(_ text: String) -> Bool {
        withUTF8Buffer { bytes in text.utf8.elementsEqual(bytes) }
    }
}

/// A value as a `Decoder` holds it (`JSONDecoder`, or any other).
struct DecodedEvidenceValue: EvidenceValue {
    let decoder: any Decoder
    /// The value's keyed container, read once; nil when it is no object.
    let object: KeyedDecodingContainer<AnyCodingKey>?
    /// Members already read: each variant's shape reads the same value, and a decoder's
    /// nested containers cost more than the ranking's own work.
    private let members = Members()

    private final class Members {
        var read: [String: DecodedEvidenceValue?] = [:]
    }

    init(decoder: any Decoder) {
        self.decoder = decoder
        object = try? decoder.container(keyedBy: AnyCodingKey.self)
    }

    func has(_ key: StaticString) -> Bool { object?.contains(AnyCodingKey(key.description)) ?? false }

    func member(_ key: StaticString) -> DecodedEvidenceValue? {
        let name = key.description
        if let known = members.read[name] { return known }
        let codingKey = AnyCodingKey(name)
        var member: DecodedEvidenceValue?
        if let object, object.contains(codingKey), let decoder = try? object.superDecoder(forKey: codingKey) {
            member = DecodedEvidenceValue(decoder: decoder)
        }
        members.read[name] = .some(member)
        return member
    }

    func others(than declared: [StaticString]) -> [DecodedEvidenceValue]? {
        guard let object else { return nil }
        var seen: Set<String> = []
        return object.allKeys.compactMap { key in
            guard seen.insert(key.stringValue).inserted, !declared.contains(where: { $0.equals(key.stringValue) }),
                let member = try? object.superDecoder(forKey: key)
            else { return nil }
            return DecodedEvidenceValue(decoder: member)
        }
    }

    func elements(limit: Int) -> [DecodedEvidenceValue]? {
        guard var container = try? decoder.unkeyedContainer() else { return nil }
        var elements: [DecodedEvidenceValue] = []
        while !container.isAtEnd, elements.count < limit, let element = try? container.superDecoder() {
            elements.append(DecodedEvidenceValue(decoder: element))
        }
        return elements
    }

    func isString(among values: [StaticString]) -> Bool? {
        guard let text = try? decoder.singleValueContainer().decode(String.self) else { return nil }
        return values.contains { $0.equals(text) }
    }

    var isNull: Bool { (try? decoder.singleValueContainer().decodeNil()) ?? false }
}

extension FastJSONValue: EvidenceValue {
    func has(_ key: StaticString) -> Bool { member(key) != nil }

    /// The first member under `key`, matched on bytes as the fast path reads keys.
    func member(_ key: StaticString) -> FastJSONValue? {
        guard entry.kind == .object else { return nil }
        var cursor = index + 1
        let found = key.withUTF8Buffer { tape.member($0, in: index, cursor: &cursor) }
        return found.map { FastJSONValue(tape: tape, index: $0) }
    }

    func others(than declared: [StaticString]) -> [FastJSONValue]? {
        let entry = self.entry
        guard entry.kind == .object else { return nil }
        var values: [FastJSONValue] = []
        var seen: Set<String> = []
        var member = index + 1
        while member < Int(entry.start) {
            let key = tape.entries[member]
            let isDeclared = declared.contains { name in name.withUTF8Buffer { tape.matches(key, $0) } }
            if !isDeclared, let text = tape.string(at: key), seen.insert(text).inserted {
                values.append(FastJSONValue(tape: tape, index: member + 1))
            }
            member = tape.next(after: member + 1)
        }
        return values
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

    func isString(among values: [StaticString]) -> Bool? {
        let entry = self.entry
        guard entry.kind == .string else { return nil }
        if entry.flags & FastJSONTape.escaped == 0 {
            return values.contains { value in value.withUTF8Buffer { tape.matches(entry, $0) } }
        }
        guard let text = tape.string(at: entry) else { return nil }
        return values.contains { $0.equals(text) }
    }
}
