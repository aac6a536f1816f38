/// A key of `errors`: the statuses whose bodies one error type decodes. Read once from the
/// spec's text (`"404"`, `"4XX"`, `"default"`); every stage after the reader, the importer
/// included, uses this type. DTORuntime's `ErrorStatus` has the same cases.
public enum ErrorStatus: Hashable, Sendable, Comparable {
    /// One status code outside 200–299.
    case code(Int)
    /// Every code of one class: 4 for `4XX`.
    case statusClass(Int)
    /// Any status no other entry matches (`default`; what `error` says).
    case other

    /// As a spec writes it.
    public var written: String {
        switch self {
        case .code(let code): String(code)
        case .statusClass(let digit): "\(digit)XX"
        case .other: "default"
        }
    }

    /// The runtime's value, as generated code spells it.
    var swift: String {
        switch self {
        case .code(let code): ".code(\(code))"
        case .statusClass(let digit): ".statusClass(\(digit))"
        case .other: ".other"
        }
    }

    /// From the most specific: codes in order, then classes, then `default`.
    public static func < (a: ErrorStatus, b: ErrorStatus) -> Bool { a.rank < b.rank }

    private var rank: (Int, Int) {
        switch self {
        case .code(let code): (0, code)
        case .statusClass(let digit): (1, digit)
        case .other: (2, 0)
        }
    }

    /// A 4xx or 5xx status, or `default`: what an OpenAPI document's error bodies are.
    var isClientOrServerError: Bool {
        switch self {
        case .code(let code): (400..<600).contains(code)
        case .statusClass(let digit): digit == 4 || digit == 5
        case .other: true
        }
    }

    /// The entry among `statuses` that decodes this status's bodies when this one is not
    /// there: a code's class, else `default`.
    func fallback(among statuses: Set<ErrorStatus>) -> ErrorStatus? {
        switch self {
        case .code(let code) where statuses.contains(.statusClass(code / 100)): .statusClass(code / 100)
        case .code, .statusClass: statuses.contains(.other) ? .other : nil
        case .other: nil
        }
    }

    static let expected = "a status code from 100 to 599 such as '404', a class of codes such as '4XX', or 'default'"

    /// The status a spec wrote, or why it is not one.
    static func read(_ written: String) -> Result<ErrorStatus, KeywordError> {
        func failure(_ reason: String) -> Result<ErrorStatus, KeywordError> {
            .failure(KeywordError(message: "'\(written)' is not an error status: \(reason)"))
        }
        if written == "default" { return .success(.other) }
        let bytes = Array(written.utf8)
        guard bytes.count == 3, let first = bytes.first, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(first) else {
            return failure(
                written.lowercased() == "default"
                    ? "did you mean 'default'?" : "expected \(expected)")
        }
        let digit = Int(first - UInt8(ascii: "0"))
        let rest = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let status: ErrorStatus
        if rest == "XX" {
            status = .statusClass(digit)
        } else if rest.lowercased() == "xx" {
            return failure("did you mean '\(digit)XX'?")
        } else if let code = Int(written), rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) {
            status = .code(code)
        } else {
            return failure("expected \(expected)")
        }
        if digit == 2 {
            return failure("a 2xx status is a success, whose body is the endpoint's 'response'")
        }
        return .success(status)
    }
}

/// An entry of `errors`: the error type the bodies of some statuses decode as.
public struct StatusErrorSpec: Sendable {
    public var status: Located<ErrorStatus>
    public var type: Located<String>
}

/// An entry of `responses`: a success status and its body (nil: the status has none).
public struct StatusResponseSpec: Sendable {
    public var status: Located<Int>
    public var shape: ShapeSpec?

    /// A success status as a spec writes it: a code from 200 to 299, or why it is not one.
    static func read(_ written: String) -> Result<Int, KeywordError> {
        let digits = written.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard written.utf8.count == 3, digits, let code = Int(written), (200...299).contains(code) else {
            let reason =
                written.uppercased() == "2XX"
                ? "give each status its own entry (\"200\", \"202\")"
                : "expected a code from 200 to 299 such as '200' or '202' (other statuses are 'errors')"
            return .failure(KeywordError(message: "'\(written)' is not a success status: \(reason)"))
        }
        return .success(code)
    }
}
