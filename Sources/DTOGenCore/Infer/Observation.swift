import Foundation

/// Where a sample value was: which sample file, and the line and column in it.
struct SamplePosition: Equatable, Comparable {
    var sample: Int
    var location: SourceLocation

    static func < (lhs: SamplePosition, rhs: SamplePosition) -> Bool {
        (lhs.sample, lhs.location) < (rhs.sample, rhs.location)
    }
}

/// Everything `infer` saw at one position of the samples (a key of an object, the elements
/// of an array), merged over every value that was there. A class: positions are merged in
/// place while 10 MB of samples stream through.
final class Observation {
    /// Values seen here, `null` included.
    var count = 0
    var nulls = 0
    var bools = 0
    var numbers = 0
    /// Numbers written with a fraction or an exponent (`1.5`, `1.0`, `1e3`).
    var fractions = 0
    /// Integers that do not fit `Int` (64 bits).
    var bigIntegers = 0
    var smallestNumber = Double.infinity
    var largestNumber = -Double.infinity
    var strings = 0
    /// The string forms every string seen here has (`StringForm`), intersected.
    var stringForms = StringForm.all
    /// The distinct strings, while there are few (a tag of a one-of); nil past the limit.
    var distinctStrings: [String]? = []
    var arrays = 0
    var emptyArrays = 0
    var element: Observation?
    var objects = 0
    var fields: [String: Observation] = [:]
    /// Keys in the order they first appeared.
    var keyOrder: [String] = []
    /// The objects seen here, as they were: a tagged one-of is told apart by grouping them.
    var objectNodes: [[JSONNode.Member]] = []
    var objectPositions: [SamplePosition] = []
    var firstPosition: SamplePosition?
    /// After merging identical shapes: the observation that stands for this one.
    var canonical: Observation?

    static let distinctStringLimit = 32

    /// Follows merges to the observation in use.
    var resolved: Observation {
        var current = self
        while let next = current.canonical { current = next }
        return current
    }

    func observe(_ node: JSONNode, sample: Int) {
        count += 1
        if firstPosition == nil { firstPosition = SamplePosition(sample: sample, location: node.location) }
        switch node.value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .number(let lexeme): observeNumber(lexeme)
        case .string(let text):
            strings += 1
            stringForms.formIntersection(StringForm.of(text))
            if var distinct = distinctStrings, !distinct.contains(text) {
                distinct.append(text)
                distinctStrings = distinct.count > Self.distinctStringLimit ? nil : distinct
            }
        case .array(let elements):
            arrays += 1
            if elements.isEmpty { emptyArrays += 1 }
            let element = self.element ?? Observation()
            self.element = element
            for value in elements { element.observe(value, sample: sample) }
        case .object(let members):
            objects += 1
            objectNodes.append(members)
            objectPositions.append(SamplePosition(sample: sample, location: node.location))
            for member in members {
                let field: Observation
                if let known = fields[member.key] {
                    field = known
                } else {
                    field = Observation()
                    fields[member.key] = field
                    keyOrder.append(member.key)
                }
                field.observe(member.value, sample: sample)
            }
        }
    }

    private func observeNumber(_ lexeme: String) {
        numbers += 1
        if lexeme.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        ) {
            fractions += 1
        } else if Int64(lexeme) == nil {
            bigIntegers += 1
        }
        if let value = Double(lexeme) {
            smallestNumber = min(smallestNumber, value)
            largestNumber = max(largestNumber, value)
        }
    }

    /// An observation of the same values, seen afresh (used to merge positions and to split
    /// objects by tag).
    static func of(objects: [[JSONNode.Member]], at positions: [SamplePosition]) -> Observation {
        let observation = Observation()
        for (members, position) in zip(objects, positions) {
            observation.observe(JSONNode(value: .object(members), location: position.location), sample: position.sample)
        }
        return observation
    }

    /// The JSON kinds seen here, `null` aside.
    var kinds: [JSONKind] {
        var result: [JSONKind] = []
        if bools > 0 { result.append(.bool) }
        if numbers > 0 { result.append(.number) }
        if strings > 0 { result.append(.string) }
        if arrays > 0 { result.append(.array) }
        if objects > 0 { result.append(.object) }
        return result
    }

    enum JSONKind: Equatable {
        case bool, number, string, array, object
    }
}

/// What a string looks like, as far as a Swift type that reads it back unchanged goes.
struct StringForm: OptionSet {
    let rawValue: Int

    /// ISO 8601 in UTC that `.iso8601` writes back unchanged (`2024-01-02T03:04:05Z`, or
    /// with a non-zero millisecond fraction).
    static let iso8601 = StringForm(rawValue: 1 << 0)
    /// ISO 8601 in UTC with a three-digit fraction, which `.iso8601-fractional` writes back.
    static let iso8601Fractional = StringForm(rawValue: 1 << 1)
    /// ISO 8601 that a `Date` would write back differently (an offset, other fraction digits).
    static let iso8601Other = StringForm(rawValue: 1 << 2)
    static let dateOnly = StringForm(rawValue: 1 << 3)
    /// `2024-01-02T03:04` (local time to the minute, as Open-Meteo writes it).
    static let localMinute = StringForm(rawValue: 1 << 4)
    static let localSecond = StringForm(rawValue: 1 << 5)
    /// `2024-01-02 03:04:05`.
    static let spacedSecond = StringForm(rawValue: 1 << 6)
    /// An http(s) URL that `URL` writes back unchanged.
    static let url = StringForm(rawValue: 1 << 7)
    static let uuid = StringForm(rawValue: 1 << 8)

    static let all = StringForm(rawValue: (1 << 9) - 1)
    static let dates: [(StringForm, DateFormatSpec)] = [
        (.iso8601, .iso8601), (.iso8601Fractional, .iso8601Fractional), (.dateOnly, .pattern("yyyy-MM-dd")),
        (.localMinute, .pattern("yyyy-MM-dd'T'HH:mm")), (.localSecond, .pattern("yyyy-MM-dd'T'HH:mm:ss")),
        (.spacedSecond, .pattern("yyyy-MM-dd HH:mm:ss")),
    ]

    static func of(_ text: String) -> StringForm {
        let bytes = Array(text.utf8)
        if bytes.count >= 10, let dateForms = dateForms(bytes) { return dateForms }
        if bytes.count == 36, isUUID(bytes) { return .uuid }
        if text.hasPrefix("https://") || text.hasPrefix("http://"),
            !bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }),
            URL(string: text)?.absoluteString == text
        {
            return .url
        }
        return []
    }

    private static func isUUID(_ b: [UInt8]) -> Bool {
        for (index, byte) in b.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    private static func digits(_ b: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= b.count else { return nil }
        var value = 0
        for index in range {
            guard b[index] >= 0x30, b[index] <= 0x39 else { return nil }
            value = value * 10 + Int(b[index] - 0x30)
        }
        return value
    }

    /// The date forms of `yyyy-MM-dd…` strings with valid fields; nil when it is not one.
    private static func dateForms(_ b: [UInt8]) -> StringForm? {
        guard let year = digits(b, 0..<4), b[4] == UInt8(ascii: "-"), let month = digits(b, 5..<7),
            b[7] == UInt8(ascii: "-"),
            let day = digits(b, 8..<10), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        if b.count == 10 { return .dateOnly }
        guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "), let hour = digits(b, 11..<13),
            b[13] == UInt8(ascii: ":"),
            let minute = digits(b, 14..<16), hour < 24, minute < 60
        else { return nil }
        let spaced = b[10] == UInt8(ascii: " ")
        if b.count == 16 { return spaced ? nil : .localMinute }
        guard b.count >= 19, b[16] == UInt8(ascii: ":"), let second = digits(b, 17..<19), second < 60 else {
            return nil
        }
        if b.count == 19 { return spaced ? .spacedSecond : .localSecond }
        guard !spaced else { return nil }
        var index = 19
        var fractionDigits: [UInt8] = []
        if b[index] == UInt8(ascii: ".") {
            index += 1
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
                fractionDigits.append(b[index])
                index += 1
            }
            if fractionDigits.isEmpty { return nil }
        }
        let zone = Array(b[index...])
        if zone == [UInt8(ascii: "Z")] {
            switch fractionDigits.count {
            case 0: return .iso8601
            case 3: return fractionDigits == Array("000".utf8) ? .iso8601Fractional : [.iso8601, .iso8601Fractional]
            default: return .iso8601Other
            }
        }
        // `+01:00`, `-0500`: read fine, but a Date is written back in UTC.
        if zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"), digits(zone, 1..<3) != nil,
            zone[3] == UInt8(ascii: ":"), digits(zone, 4..<6) != nil
        {
            return .iso8601Other
        }
        return nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
