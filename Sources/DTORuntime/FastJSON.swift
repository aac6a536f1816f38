import Foundation

/// A JSON text read once into a flat tape: one entry per value, containers pointing past
/// their last element, strings and numbers as byte ranges decoded only when asked for.
/// What `FastDecoder` decodes from; it never builds dictionaries or `Any` values.
///
/// The bytes and entries live in buffers the tape owns (no bounds or exclusivity checks on
/// the hot path); every index a reader uses comes from the tape itself, so it is in range.
@usableFromInline
final class FastJSONTape {
    @usableFromInline
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    /// 12 bytes per value.
    @usableFromInline
    struct Entry {
        /// Strings: first byte of the content. Numbers and literals: first byte of the text.
        /// Containers: the index after their last entry (the next value's).
        @usableFromInline var start: UInt32
        /// Strings, numbers and literals: the byte after the last. Containers: their element count.
        @usableFromInline var end: UInt32
        @usableFromInline var kind: Kind
        /// Strings: `Self.escaped`, `Self.nonASCII`. Numbers: `Self.fraction` (a `.`, `e` or `E`).
        @usableFromInline var flags: UInt8
    }

    @usableFromInline static let escaped: UInt8 = 1
    @usableFromInline static let nonASCII: UInt8 = 2
    @usableFromInline static let fraction: UInt8 = 1

    /// A copy of the text (a value's `init(from:)` may keep its decoder past the call).
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let entries: UnsafeMutablePointer<Entry>
    @usableFromInline let count: Int
    /// The decoder's `userInfo`, for values that fall back to their `init(from:)`.
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Reads `data`, or returns nil when it is not one valid JSON value (the caller then
    /// lets `JSONDecoder` say exactly what is wrong).
    init?(_ data: Data, maximumDepth: Int = 512) {
        guard data.count < Int(UInt32.max) else { return nil }
        var reader = Reader(data)
        guard reader.read(maximumDepth: maximumDepth) else {
            reader.deallocate()
            return nil
        }
        bytes = reader.bytes
        entries = reader.entries
        count = reader.count
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
    }

    /// Builds the tape: a recursive descent over the bytes, appending one entry per value.
    private struct Reader {
        let bytes: UnsafeMutablePointer<UInt8>
        let byteCount: Int
        var entries: UnsafeMutablePointer<Entry>
        var count = 0
        var capacity: Int

        init(_ data: Data) {
            byteCount = data.count
            bytes = .allocate(capacity: max(byteCount, 1))
            data.copyBytes(to: bytes, count: byteCount)
            capacity = byteCount / 6 + 16
            entries = .allocate(capacity: capacity)
        }

        func deallocate() {
            bytes.deallocate()
            entries.deallocate()
        }

        mutating func read(maximumDepth: Int) -> Bool {
            var index = 0
            skipSpace(&index)
            guard value(&index, depth: 0, maximumDepth: maximumDepth) else { return false }
            skipSpace(&index)
            return index == byteCount && count > 0
        }

        private mutating func append(_ entry: Entry) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: entries, count: count)
                entries.deallocate()
                entries = grown
                capacity *= 2
            }
            (entries + count).initialize(to: entry)
            count += 1
        }

        private func skipSpace(_ index: inout Int) {
            while index < byteCount {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func value(_ index: inout Int, depth: Int, maximumDepth: Int) -> Bool {
            guard index < byteCount, depth < maximumDepth else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string(&index)
            case UInt8(ascii: "{"):
                return container(&index, .object, close: UInt8(ascii: "}"), depth: depth, maximumDepth: maximumDepth)
            case UInt8(ascii: "["):
                return container(&index, .array, close: UInt8(ascii: "]"), depth: depth, maximumDepth: maximumDepth)
            case UInt8(ascii: "t"): return literal(&index, "true", .true)
            case UInt8(ascii: "f"): return literal(&index, "false", .false)
            case UInt8(ascii: "n"): return literal(&index, "null", .null)
            default: return number(&index)
            }
        }

        /// An object (`"key": value` members) or an array, its entry spanning its elements.
        private mutating func container(_ index: inout Int, _ kind: Kind, close: UInt8, depth: Int, maximumDepth: Int)
            -> Bool
        {
            let slot = count
            append(Entry(start: 0, end: 0, kind: kind, flags: 0))
            index += 1
            skipSpace(&index)
            var elements: UInt32 = 0
            if index < byteCount, bytes[index] == close {
                index += 1
            } else {
                while true {
                    if kind == .object {
                        guard index < byteCount, bytes[index] == UInt8(ascii: "\""), string(&index) else {
                            return false
                        }
                        skipSpace(&index)
                        guard index < byteCount, bytes[index] == UInt8(ascii: ":") else { return false }
                        index += 1
                        skipSpace(&index)
                    }
                    guard value(&index, depth: depth + 1, maximumDepth: maximumDepth) else { return false }
                    elements += 1
                    skipSpace(&index)
                    guard index < byteCount else { return false }
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
            entries[slot].end = elements
            entries[slot].start = UInt32(count)
            return true
        }

        private mutating func literal(_ index: inout Int, _ text: StaticString, _ kind: Kind) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= byteCount, memcmp(bytes + index, text.utf8Start, length) == 0 else { return false }
            append(Entry(start: UInt32(index), end: UInt32(index + length), kind: kind, flags: 0))
            index += length
            return true
        }

        /// A string: its content's range, whether it has escapes or bytes beyond ASCII. Control
        /// characters and a missing end make the text invalid; escapes and UTF-8 are checked
        /// when the string is read, as `JSONDecoder` checks them only for values it decodes.
        private mutating func string(_ index: inout Int) -> Bool {
            index += 1
            let start = index
            var flags: UInt8 = 0
            var high: UInt8 = 0
            while index < byteCount {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    if high & 0x80 != 0 { flags |= FastJSONTape.nonASCII }
                    append(Entry(start: UInt32(start), end: UInt32(index), kind: .string, flags: flags))
                    index += 1
                    return true
                }
                if byte == UInt8(ascii: "\\") {
                    flags |= FastJSONTape.escaped
                    // As `JSONDecoder` scans: `\u` takes the next four bytes, which must not end
                    // the string; what an escape means is checked only when its string is read.
                    if index + 1 < byteCount, bytes[index + 1] == UInt8(ascii: "u") {
                        guard index + 6 <= byteCount, (2..<6).allSatisfy({ bytes[index + $0] != UInt8(ascii: "\"") })
                        else { return false }
                        index += 6
                        continue
                    }
                    index += 2
                    continue
                }
                if byte < 0x20 { return false }
                high |= byte
                index += 1
            }
            return false
        }

        /// A number as RFC 8259 writes it.
        private mutating func number(_ index: inout Int) -> Bool {
            let start = index
            var flags: UInt8 = 0
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < byteCount else { return false }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits(&index) > 0 else { return false }
            }
            if index < byteCount, bytes[index] == UInt8(ascii: ".") {
                flags = FastJSONTape.fraction
                index += 1
                guard digits(&index) > 0 else { return false }
            }
            if index < byteCount, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                flags = FastJSONTape.fraction
                index += 1
                if index < byteCount, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits(&index) > 0 else { return false }
            }
            append(Entry(start: UInt32(start), end: UInt32(index), kind: .number, flags: flags))
            return true
        }

        private func digits(_ index: inout Int) -> Int {
            let first = index
            while index < byteCount, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
    }

    // MARK: reading values

    /// The text of a string entry, escapes resolved; nil for invalid UTF-8 or escapes.
    @inlinable
    func string(at entry: Entry) -> String? {
        guard entry.flags == 0 else { return decodedString(entry) }
        return String(
            decoding: UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.end &- entry.start)),
            as: UTF8.self)
    }

    /// A string with escapes or bytes beyond ASCII (checked as `JSONDecoder` checks them).
    @usableFromInline
    func decodedString(_ entry: Entry) -> String? {
        let start = Int(entry.start)
        let end = Int(entry.end)
        guard entry.flags & Self.escaped != 0 else {
            return Self.utf8String(UnsafeBufferPointer(start: bytes + start, count: end - start))
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
                    guard index + 6 < end, bytes[index + 1] == UInt8(ascii: "\\"),
                        bytes[index + 2] == UInt8(ascii: "u"),
                        let low = hex(at: index + 3, end: end), (0xDC00..<0xE000).contains(low)
                    else { return nil }
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
        return out.withUnsafeBufferPointer(Self.utf8String)
    }

    /// The bytes as a String, or nil when they are not valid UTF-8 (as `JSONDecoder` rejects them).
    static func utf8String(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        if buffer.allSatisfy({ $0 < 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
        return String(bytes: buffer, encoding: .utf8)
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

    /// The index of the value after the one at `index` and its elements.
    @inlinable
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.rawValue >= Kind.array.rawValue ? Int(entry.start) : index + 1
    }

    /// The index of the value under `key` in the object at `object`, looking from the member
    /// at `cursor` to the end and then from the start (decoders read keys in the order JSON
    /// usually writes them, so the first look usually finds it). `cursor` moves to the
    /// member found; the first of duplicated keys wins, as in `JSONDecoder`.
    @inlinable
    func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, cursor: inout Int) -> Int? {
        let first = object + 1
        let end = next(after: object)
        let start = cursor >= first && cursor < end ? cursor : first
        var member = start
        var limit = end
        while true {
            while member < limit {
                if matches(entries[member], key) {
                    cursor = member
                    return member + 1
                }
                member = next(after: member + 1)
            }
            // Then from the start up to where the look began.
            guard limit == end, start != first else { return nil }
            member = first
            limit = start
        }
    }

    /// Whether a string entry's content is exactly `key` (keys are matched on bytes).
    @inlinable
    func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.flags & Self.escaped == 0 else { return escapedKeyMatches(entry, key) }
        let length = Int(entry.end &- entry.start)
        guard length == key.count else { return false }
        guard let base = key.baseAddress else { return true }
        return memcmp(bytes + Int(entry.start), base, length) == 0
    }

    @usableFromInline
    func escapedKeyMatches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let text = decodedString(entry) else { return false }
        return text.utf8.elementsEqual(key)
    }

    /// A number's text.
    func text(of entry: Entry) -> Substring {
        Substring(
            decoding: UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.end - entry.start)),
            as: UTF8.self)
    }

    /// Powers of ten a Double holds exactly.
    @usableFromInline static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A number read straight from its bytes when that is exact: at most 15 significant
    /// digits and no exponent (one correctly rounded division); nil otherwise.
    @inlinable
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
                    mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
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
            guard -scale <= 22 else { return nil }
            value /= Self.powersOfTen[-scale]
        }
        return negative ? -value : value
    }

    /// An integer written without fraction or exponent, read straight from its bytes.
    @inlinable
    func integer(_ entry: Entry) -> Int64? {
        guard entry.flags & Self.fraction == 0 else { return nil }
        var index = Int(entry.start)
        let end = Int(entry.end)
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // 18 digits cannot overflow.
        if end - index <= 18 {
            var value: Int64 = 0
            while index < end {
                value = value &* 10 &+ Int64(bytes[index] &- 0x30)
                index += 1
            }
            return negative ? -value : value
        }
        var value: Int64 = 0
        while index < end {
            let digit = Int64(bytes[index] &- 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
