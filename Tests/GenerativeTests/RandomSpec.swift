import Foundation

/// A deterministic random source (SplitMix64): the same seed gives the same specs and
/// payloads on every machine.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The shape of a generated type, kept beside the spec so payloads can be made for it.
indirect enum Shape {
    case scalar(String)
    case date(format: String)
    case json
    case array(Shape)
    case dictionary(Shape)
    case object([FieldShape])
    /// An object that keeps the keys it does not declare (`$additionalProperties`), as values of a shape.
    case openObject([FieldShape], values: Shape)
    case enumeration([String], open: Bool)
    /// A named type from `types` (an object, an enum or an alias).
    case named(String)
}

struct FieldShape {
    var key: String
    var shape: Shape
    var optional = false
    var lenient = false
    var lossy = false
    /// `$nullable` or `$writeNull` on an optional date (a PATCH body that clears it).
    var nullMarker: String?
    /// The `$default` as JSON text.
    var defaultJSON: String?
}

/// A random valid spec: a root object, named types declared in any order (objects, enums,
/// aliases of scalars, dates and arrays), every modifier, every date format, hostile and
/// colliding keys.
struct RandomSpec {
    let prefix: String
    var random: SeededRandom
    var named: [(name: String, shape: Shape)] = []
    var root: [FieldShape] = []
    /// `$format` on a date the spec writes; defaults to the spec's `options.dates`.
    let dates: String

    static let scalars = ["String", "Int", "Int64", "Double", "Float", "Bool", "Decimal", "URL", "UUID"]
    static let formats = ["iso8601", "iso8601-fractional", "secondsSince1970", "millisecondsSince1970", "yyyy-MM-dd"]
    /// Keys that collide after naming, are Swift keywords, members every type has, or not ASCII.
    static let keys = [
        "id", "name", "2fa", "hash", "hashValue", "type", "class", "self", "init", "user_id", "userId", "a-b", "a_b",
        "名前", "_", "default", "Item", "item", "status", "description", "count", "data", "items", "value", "x", "URL",
        "created_at", "encode", "CodingKeys", "rawValue",
    ]

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        prefix = "S\(seed)"
        dates = RandomSpec.formats[Int(seed % UInt64(RandomSpec.formats.count))]
        let namedCount = random.below(4)
        for index in 0..<namedCount {
            let name = "\(prefix)N\(index)"
            switch random.below(5) {
            case 0: named.append((name, .enumeration(["on", "off", "in-progress"], open: random.chance(50))))
            case 1: named.append((name, .date(format: dates)))
            case 2: named.append((name, .array(.scalar(random.pick(["Int", "String"])))))
            case 3 where random.chance(50):
                named.append(
                    (name, .openObject(fields(depth: 1, count: 1 + random.below(3)), values: extraValues(depth: 1))))
            default: named.append((name, .object(fields(depth: 1, count: 1 + random.below(3)))))
            }
        }
        root = fields(depth: 0, count: 3 + random.below(5))
    }

    mutating func fields(depth: Int, count: Int) -> [FieldShape] {
        var result: [FieldShape] = []
        var used: Set<String> = []
        while result.count < count {
            let key = random.pick(Self.keys)
            guard used.insert(key).inserted else { continue }
            result.append(field(key: key, depth: depth))
        }
        return result
    }

    mutating func shape(depth: Int) -> Shape {
        switch random.below(depth > 1 ? 6 : 10) {
        case 0, 1: return .scalar(random.pick(Self.scalars))
        case 2: return .date(format: random.pick(Self.formats))
        case 3: return .enumeration(["a", "b-c", "D"], open: random.chance(50))
        case 4: return .scalar(random.pick(["String", "Int", "Bool"]))
        case 5: return named.isEmpty ? .json : .named(random.pick(named).name)
        case 6: return .array(random.chance(30) ? .date(format: random.pick(Self.formats)) : shape(depth: depth + 1))
        case 7:
            return .dictionary(random.chance(50) ? .scalar(random.pick(["Int", "String"])) : shape(depth: depth + 2))
        case 8:
            let fields = fields(depth: depth + 1, count: 1 + random.below(3))
            return random.chance(30) ? .openObject(fields, values: extraValues(depth: depth + 1)) : .object(fields)
        default: return .json
        }
    }

    /// The values of an open object's other keys: anything but dates (which need a field's format).
    mutating func extraValues(depth: Int) -> Shape {
        switch random.below(depth > 1 ? 3 : 5) {
        case 0: return .scalar(random.pick(Self.scalars))
        case 1: return .json
        case 2: return .enumeration(["a", "b-c", "D"], open: random.chance(50))
        case 3: return .array(.scalar(random.pick(["Int", "String"])))
        default: return .object(fields(depth: depth + 1, count: 1 + random.below(2)).filter { !containsDate($0.shape) })
        }
    }

    mutating func field(key: String, depth: Int) -> FieldShape {
        var field = FieldShape(key: key, shape: shape(depth: depth))
        field.optional = random.chance(30)
        switch resolved(field.shape) {
        case .scalar(let s):
            if random.chance(25) { field.lenient = true }
            if random.chance(30) { field.defaultJSON = defaultValue(s) }
            if field.lenient, field.defaultJSON == nil, !field.optional, ["URL", "UUID"].contains(s) {
                field.optional = true
            }
        case .enumeration(let values, _):
            if random.chance(30) { field.defaultJSON = "\"\(random.pick(values))\"" }
        case .array(let element):
            if !containsDate(element), random.chance(40) { field.lossy = true }
        case .date:
            if random.chance(20) { field.optional = true }
            if field.optional { field.nullMarker = random.pick([nil, "$nullable", "$writeNull"]) }
        default:
            break
        }
        return field
    }

    func defaultValue(_ scalar: String) -> String? {
        switch scalar {
        case "String": "\"dflt \\\"q\\\" \\\\(x)\""
        case "Int", "Int64": "-7"
        case "Double", "Float": "2.5"
        case "Bool": "true"
        case "Decimal": "0.12345678901234567890"
        default: nil
        }
    }

    /// Follows a named alias to what it stands for.
    func resolved(_ shape: Shape) -> Shape {
        if case .named(let name) = shape, let target = named.first(where: { $0.name == name })?.shape, !isObject(target)
        {
            return resolved(target)
        }
        return shape
    }

    func isObject(_ shape: Shape) -> Bool {
        switch shape {
        case .object, .openObject: true
        default: false
        }
    }

    func containsDate(_ shape: Shape) -> Bool {
        switch resolved(shape) {
        case .date: true
        case .array(let inner), .dictionary(let inner): containsDate(inner)
        default: false
        }
    }

    // MARK: Spec text

    var specJSON: String {
        var types: [String] = []
        // Named types in a shuffled order: declaration order must not matter.
        var order = Array(named.indices)
        var shuffler = SeededRandom(seed: UInt64(prefix.dropFirst()) ?? 0)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, shuffler.below(i + 1)) }
        for index in order {
            types.append("\(quote(named[index].name)): \(typeJSON(named[index].shape, optional: false))")
        }
        types.insert(
            "\(quote(prefix + "Root")): { \(root.map(fieldJSON).joined(separator: ", ")) }",
            at: shuffler.below(types.count + 1))
        return
            "{ \"options\": { \"dates\": \(quote(dates)) }, \"types\": { \(types.joined(separator: ", ")) }, \"endpoints\": [] }"
    }

    func fieldJSON(_ field: FieldShape) -> String {
        var modifiers: [String] = []
        if field.optional { modifiers.append("\"$optional\": true") }
        if field.lenient { modifiers.append("\"$lenient\": true") }
        if field.lossy { modifiers.append("\"$lossy\": true") }
        if let marker = field.nullMarker { modifiers.append("\(quote(marker)): true") }
        if let value = field.defaultJSON { modifiers.append("\"$default\": \(value)") }
        if let format = dateFormat(field.shape), format != dates { modifiers.append("\"$format\": \(quote(format))") }
        let type = typeJSON(field.shape, optional: false)
        if modifiers.isEmpty { return "\(quote(field.key)): \(type)" }
        return "\(quote(field.key)): { \"$type\": \(type), \(modifiers.joined(separator: ", ")) }"
    }

    /// The format of the one date a field's arrays and dictionaries hold, at any depth.
    func dateFormat(_ shape: Shape) -> String? {
        switch shape {
        case .date(let format): format
        case .array(let inner), .dictionary(let inner): dateFormat(inner)
        default: nil
        }
    }

    func typeJSON(_ shape: Shape, optional: Bool) -> String {
        switch shape {
        case .scalar(let s): return quote(s)
        case .date: return quote("Date")
        case .json: return quote("JSON")
        case .named(let name): return quote(name)
        case .array(let inner): return "[\(typeJSON(inner, optional: false))]"
        case .dictionary(let inner): return "{ \"$dict\": \(typeJSON(inner, optional: false)) }"
        case .object(let fields): return "{ \(fields.map(fieldJSON).joined(separator: ", ")) }"
        case .openObject(let fields, let values):
            return
                "{ \(fields.map(fieldJSON).joined(separator: ", ")), \"$additionalProperties\": \(typeJSON(values, optional: false)) }"
        case .enumeration(let values, let open):
            return
                "{ \"$enum\": [\(values.map(quote).joined(separator: ", "))]\(open ? ", \"$unknown\": \"other\"" : "") }"
        }
    }

    func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Payloads

    /// A payload that conforms to the root type.
    mutating func payload() -> String {
        object(root)
    }

    /// A payload the root type must reject: a required field missing or of the wrong kind.
    mutating func invalidPayload() -> String? {
        let required = root.indices.filter { index in
            let field = root[index]
            guard !field.optional, !field.lenient, field.defaultJSON == nil else { return false }
            if case .json = resolved(field.shape) { return false }
            return true
        }
        guard !required.isEmpty else { return nil }
        let victim = random.pick(required)
        var members: [String] = []
        let removing = random.chance(50)
        for (index, field) in root.enumerated() {
            if index == victim {
                if removing { continue }
                var wrong = "{\"wrong\": true}"
                switch resolved(field.shape) {
                case .object, .openObject, .dictionary: wrong = "[1]"
                case .named(let name):
                    if let target = named.first(where: { $0.name == name }), isObject(target.shape) { wrong = "[1]" }
                default: break
                }
                members.append("\(quote(field.key)): \(wrong)")
            } else {
                members.append("\(quote(field.key)): \(value(field.shape))")
            }
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    mutating func object(_ fields: [FieldShape], extras: Shape? = nil) -> String {
        var members: [String] = []
        if let extras {
            // Keys no field declares, among the declared ones.
            for index in 0..<random.below(3) {
                members.append("\(quote("extra \(random.pick(["é", "\\\"", "."])) \(index)")): \(value(extras))")
            }
        }
        for field in fields {
            if field.optional || field.defaultJSON != nil || field.lenient {
                switch random.below(4) {
                case 0: continue
                case 1 where field.optional || field.lenient: members.append("\(quote(field.key)): null"); continue
                default: break
                }
            }
            if field.lenient, random.chance(30), case .scalar(let s) = resolved(field.shape) {
                members.append("\(quote(field.key)): \(lenientValue(s))")
                continue
            }
            if field.lossy, case .array(let element) = resolved(field.shape) {
                var elements = (0..<random.below(4)).map { _ in value(element) }
                elements.insert("{\"bad\": [true]}", at: random.below(elements.count + 1))
                members.append("\(quote(field.key)): [\(elements.joined(separator: ", "))]")
                continue
            }
            members.append("\(quote(field.key)): \(value(field.shape))")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A value of another JSON kind that a lenient field must cope with.
    mutating func lenientValue(_ scalar: String) -> String {
        switch scalar {
        case "Int", "Int64", "Double", "Float", "Decimal": random.pick(["\"42\"", "true", "[1]", "\"x\""])
        case "String": random.pick(["42", "true", "2.5", "{}"])
        case "Bool": random.pick(["1", "0", "\"yes\"", "\"no\"", "7"])
        default: random.pick(["42", "[]"])
        }
    }

    mutating func value(_ shape: Shape) -> String {
        switch shape {
        case .scalar(let s): return scalarValue(s)
        case .date(let format): return dateValue(format)
        case .json: return jsonValue(depth: 0)
        case .named(let name):
            guard let target = named.first(where: { $0.name == name })?.shape else { return "null" }
            return value(target)
        case .array(let inner):
            return "[" + (0..<random.below(4)).map { _ in value(inner) }.joined(separator: ", ") + "]"
        case .dictionary(let inner):
            return "{"
                + (0..<random.below(3)).map { i in
                    "\(quote("k\(i) \(random.pick(["é", "\\\"", "."]))")): \(value(inner))"
                }.joined(separator: ", ") + "}"
        case .object(let fields): return object(fields)
        case .openObject(let fields, let values): return object(fields, extras: values)
        case .enumeration(let values, let open):
            return quote(open && random.chance(25) ? "new-value" : random.pick(values))
        }
    }

    mutating func scalarValue(_ scalar: String) -> String {
        switch scalar {
        case "String":
            return quote(random.pick(["", "plain", "quote \" and \\ backslash", "é 名前 🙂", "\\(x)", "line\\nbreak"]))
        case "Int": return String(Int(random.below(2_000_000_000)) - 1_000_000_000)
        case "Int64": return String(Int64(random.next() % 9_000_000_000_000_000) - 4_500_000_000_000_000)
        case "Double": return random.pick(["0", "-0.5", "12.25", "1e-3", "123456789.125", "3"])
        case "Float": return random.pick(["0", "-0.5", "12.25", "3"])
        case "Decimal": return random.pick(["0", "12.5", "-3", "1000000"])
        case "Bool": return random.chance(50) ? "true" : "false"
        case "URL": return quote("https://example.com/p\(random.below(100))?q=a%20b")
        case "UUID":
            return quote(
                UUID(
                    uuid: (
                        UInt8(random.below(256)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                        UInt8(random.below(256))
                    )
                ).uuidString)
        default: return "null"
        }
    }

    mutating func dateValue(_ format: String) -> String {
        let seconds = 1_500_000_000 + random.below(300_000_000)
        let millis = random.below(1000)
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        let time = String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        switch format {
        case "iso8601": return quote("\(day)T\(time)\(random.chance(20) ? ".5" : "")Z")
        case "iso8601-fractional": return quote("\(day)T\(time).\(String(format: "%03d", millis))Z")
        case "secondsSince1970": return String(seconds)
        case "millisecondsSince1970": return String(seconds * 1000 + millis)
        default: return quote(day)
        }
    }

    mutating func jsonValue(depth: Int) -> String {
        switch random.below(depth > 1 ? 4 : 6) {
        case 0: return "null"
        case 1: return random.chance(50) ? "true" : "false"
        case 2:
            return random.pick([
                "0", "-12", "3.5", "9007199254740991", "9007199254740993", "-9223372036854775808",
                "18446744073709551615",
            ])
        case 3: return quote(random.pick(["s", "é", "\\\""]))
        case 4:
            return "[" + (0..<random.below(3)).map { _ in jsonValue(depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            return "{"
                + (0..<random.below(3)).map { i in "\"j\(i)\": \(jsonValue(depth: depth + 1))" }.joined(separator: ", ")
                + "}"
        }
    }
}
