import Foundation

/// A JSON text read once into a flat tape: one entry per value, containers pointing past
/// their last element, strings and numbers as byte ranges decoded only when asked for.
/// What `FastDecoder` decodes from; it never builds dictionaries or `Any` values.
final class FastJSONTape {
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    struct Entry {
        var kind: Kind
        /// Strings: whether the text has escapes. Containers: their element count.
        var flag: Int32
        /// Byte range of a string's content or a number's text.
        var start: Int32
        var end: Int32
        /// The index after this value's last tape entry (containers span their elements).
        var next: Int32
    }

    let bytes: [UInt8]
    private(set) var entries: [Entry] = []
    /// The decoder's `userInfo`, for values that fall back to their `init(from:)`.
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Reads `bytes`, or returns nil when they are not one valid JSON value (the caller then
    /// lets `JSONDecoder` say exactly what is wrong).
    init?(_ bytes: [UInt8], maximumDepth: Int = 512) {
        self.bytes = bytes
        guard bytes.count < Int(Int32.max) else { return nil }
        entries.reserveCapacity(bytes.count / 8 + 4)
        var index = 0
        guard skipSpace(&index), value(&index, depth: 0, maximumDepth: maximumDepth), skipSpace(&index) || index == bytes.count, index == bytes.count else {
            return nil
        }
    }

    @discardableResult
    private func skipSpace(_ index: inout Int) -> Bool {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return true
            }
        }
        return true
    }

    private func value(_ index: inout Int, depth: Int, maximumDepth: Int) -> Bool {
        guard index < bytes.count, depth < maximumDepth else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return container(&index, .object, close: UInt8(ascii: "}"), depth: depth, maximumDepth: maximumDepth)
        case UInt8(ascii: "["):
            return container(&index, .array, close: UInt8(ascii: "]"), depth: depth, maximumDepth: maximumDepth)
        case UInt8(ascii: "\""):
            return string(&index)
        case UInt8(ascii: "t"):
            return literal(&index, "true", .true)
        case UInt8(ascii: "f"):
            return literal(&index, "false", .false)
        case UInt8(ascii: "n"):
            return literal(&index, "null", .null)
        default:
            return number(&index)
        }
    }

    /// An object (`"key": value` members) or an array, its entry spanning its elements.
    private func container(_ index: inout Int, _ kind: Kind, close: UInt8, depth: Int, maximumDepth: Int) -> Bool {
        let slot = entries.count
        entries.append(Entry(kind: kind, flag: 0, start: Int32(index), end: 0, next: 0))
        index += 1
        skipSpace(&index)
        var count: Int32 = 0
        if index < bytes.count, bytes[index] == close {
            index += 1
        } else {
            while true {
                if kind == .object {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), string(&index) else { return false }
                    skipSpace(&index)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipSpace(&index)
                }
                guard value(&index, depth: depth + 1, maximumDepth: maximumDepth) else { return false }
                count += 1
                skipSpace(&index)
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace(&index)
                    continue
                }
                guard bytes[index] == close else { return false }
                index += 1
                break
            }
        }
        entries[slot].flag = count
        entries[slot].end = Int32(index)
        entries[slot].next = Int32(entries.count)
        return true
    }

    private func literal(_ index: inout Int, _ text: StaticString, _ kind: Kind) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        entries.append(Entry(kind: kind, flag: 0, start: Int32(index), end: Int32(index + count), next: Int32(entries.count + 1)))
        index += count
        return true
    }

    /// A string: its content's range, and whether it has escapes. Control characters and
    /// invalid escapes make the text invalid; UTF-8 is checked when the string is read.
    private func string(_ index: inout Int) -> Bool {
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                entries.append(Entry(kind: .string, flag: escaped ? 1 : 0, start: Int32(start), end: Int32(index), next: Int32(entries.count + 1)))
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 { return false }
            index += 1
        }
        return false
    }

    /// A number as RFC 8259 writes it.
    private func number(_ index: inout Int) -> Bool {
        let start = index
        func digits(_ index: inout Int) -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits(&index) > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&index) > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&index) > 0 else { return false }
        }
        entries.append(Entry(kind: .number, flag: 0, start: Int32(start), end: Int32(index), next: Int32(entries.count + 1)))
        return true
    }

    // MARK: reading values

    /// The text of a string entry, escapes resolved; nil for invalid UTF-8 or escapes.
    func string(at entry: Entry) -> String? {
        let start = Int(entry.start)
        let end = Int(entry.end)
        if entry.flag == 0 {
            return Self.utf8String(bytes[start..<end])
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < end else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex(at: index + 1, end: end) else { return nil }
                index += 4
                var scalar: Unicode.Scalar?
                if (0xD800..<0xDC00).contains(unit) {
                    // A surrogate pair: `\uD83D\uDE00`.
                    guard index + 6 < end, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u"),
                          let low = hex(at: index + 3, end: end), (0xDC00..<0xE000).contains(low) else { return nil }
                    index += 6
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                guard let scalar else { return nil }
                out += Array(String(Character(scalar)).utf8)
            default: return nil
            }
            index += 1
        }
        return Self.utf8String(out[...])
    }

    /// The bytes as a String, or nil when they are not valid UTF-8 (as `JSONDecoder` rejects them).
    static func utf8String(_ slice: ArraySlice<UInt8>) -> String? {
        if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        return String(bytes: slice, encoding: .utf8)
    }

    private func hex(at index: Int, end: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x37
            case 0x61...0x66: digit = byte - 0x57
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Where the last key of one object was found (a class: containers are copied around).
    final class Cursor {
        var member: Int
        init(_ member: Int) { self.member = member }
    }

    /// The index of the value under `key` in the object at `object`, looking from `cursor`
    /// to the end and then from the start (`init(from:)`s and generated paths read keys in
    /// the order JSON usually writes them, so the first look usually finds it). `cursor`
    /// moves to the member found.
    func member(_ key: String, in object: Int, cursor: inout Int) -> Int? {
        let first = object + 1
        let end = Int(entries[object].next)
        let start = cursor >= first && cursor < end ? cursor : first
        var member = start
        var limit = end
        while true {
            while member < limit {
                if matches(entries[member], key) {
                    // Stay on it: `init(from:)`s ask for one key several times (contains, decodeNil, decode).
                    cursor = member
                    return member + 1
                }
                member = Int(entries[member + 1].next)
            }
            // Then from the start up to where the look began.
            guard limit == end, start != first else { return nil }
            member = first
            limit = start
        }
    }

    /// Whether a string entry's content is exactly `key` (keys are matched on bytes).
    func matches(_ entry: Entry, _ key: String) -> Bool {
        if entry.flag != 0 { return string(at: entry) == key }
        var key = key
        return key.withUTF8 { utf8 in
            let length = Int(entry.end - entry.start)
            guard utf8.count == length else { return false }
            let start = Int(entry.start)
            for offset in 0..<length where bytes[start + offset] != utf8[offset] { return false }
            return true
        }
    }

    /// A number's text.
    func text(of entry: Entry) -> Substring {
        let start = Int(entry.start)
        let end = Int(entry.end)
        return Substring(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Powers of ten a Double holds exactly.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A number read straight from its bytes when that is exact: at most 15 significant
    /// digits and a small power of ten (one correctly rounded operation); nil otherwise.
    func fastDouble(_ entry: Entry) -> Double? {
        var index = Int(entry.start)
        let end = Int(entry.end)
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                if mantissa == 0, byte == 0x30 {
                    if seenPoint { scale -= 1 }
                } else {
                    digits += 1
                    guard digits <= 15 else { return nil }
                    mantissa = mantissa * 10 + UInt64(byte - 0x30)
                    if seenPoint { scale -= 1 }
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        var value = Double(mantissa)
        if scale < 0 {
            guard -scale < Self.powersOfTen.count else { return nil }
            value /= Self.powersOfTen[-scale]
        }
        return negative ? -value : value
    }

    /// An integer written without fraction or exponent, read straight from its bytes.
    func integer(_ entry: Entry) -> Int64? {
        var index = Int(entry.start)
        let end = Int(entry.end)
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value: Int64 = 0
        while index < end {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int64(byte - 0x30)) : times.addingReportingOverflow(Int64(byte - 0x30))
            if overflow1 || overflow2 { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
