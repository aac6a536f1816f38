/// One server-sent event, as the WHATWG HTML standard's event stream format defines it
/// (`text/event-stream`): what `data:` lines said, joined by newlines, under the `event:`
/// name (`message` when none was given).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field, or `message`.
    public var event: String
    /// The `data:` lines, joined by line feeds.
    public var data: String
    /// The last `id:` the stream sent, at this event or before it (nil: none yet).
    public var id: String?
    /// The reconnection time the stream last asked for (`retry:`), in milliseconds.
    public var retry: Int?

    /// An event as the parser gives it, or as a test builds one.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Reads `text/event-stream` bytes as they arrive, in pieces cut anywhere (in a line ending,
/// in a UTF-8 character, in a byte order mark), and gives the events each piece completes.
/// Follows the WHATWG rules: lines end with CRLF, LF or CR; a blank line dispatches the event;
/// `:` starts a comment; one space after a field's colon is dropped; an `id` with NUL is
/// ignored; `retry` takes digits only; unknown fields are ignored; an event without data is
/// not dispatched; what is left when the stream ends is discarded.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    /// The previous piece ended with CR: an LF that starts this one belongs to that line end.
    private var afterCR = false
    /// Bytes of a possible byte order mark at the start of the stream (up to three).
    private var start: [UInt8]? = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: [UInt8] = []
    private var lastEventID: String?
    private var retry: Int?

    /// A parser at the start of a stream.
    public init() {}

    /// The events this piece of the stream completes, in order.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if var prefix = start {
                // A UTF-8 byte order mark at the very start of the stream is not text.
                prefix.append(byte)
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                if prefix == mark {
                    start = nil
                } else if Array(mark.prefix(prefix.count)) == prefix {
                    start = prefix
                } else {
                    start = nil
                    for kept in prefix { take(kept, into: &events) }
                }
                continue
            }
            take(byte, into: &events)
        }
        return events
    }

    private mutating func take(_ byte: UInt8, into events: inout [ServerSentEvent]) {
        switch byte {
        case 0x0A:
            if afterCR {
                afterCR = false
                return
            }
            endLine(into: &events)
        case 0x0D:
            afterCR = true
            endLine(into: &events)
        default:
            afterCR = false
            line.append(byte)
        }
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? line[line.endIndex...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        if name.elementsEqual("data".utf8) {
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            eventType = Array(value)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
            }
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType.removeAll()
        }
        guard hasData else { return }
        let type = eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self)
        events.append(
            ServerSentEvent(event: type, data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry))
    }
}

/// Reads JSON Lines (`application/jsonl`, NDJSON) as they arrive: one JSON value per line,
/// lines cut anywhere between pieces; a CR before the LF and blank lines are ignored, and so
/// is a byte order mark at the start. The last line needs no line feed.
public struct JSONLinesParser: Sendable {
    private var line: [UInt8] = []
    private var atStart = true

    /// A parser at the start of a stream.
    public init() {}

    /// The lines this piece completes, without their line ends.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                endLine(into: &lines)
            } else {
                line.append(byte)
            }
        }
        return lines
    }

    /// The last line, when the stream ended without a line feed after it.
    public mutating func finish() -> [[UInt8]] {
        var lines: [[UInt8]] = []
        endLine(into: &lines)
        return lines
    }

    private mutating func endLine(into lines: inout [[UInt8]]) {
        defer { line.removeAll(keepingCapacity: true) }
        var text = line[...]
        if atStart {
            atStart = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        if text.last == 0x0D { text = text.dropLast() }
        guard text.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return }
        lines.append(Array(text))
    }
}
