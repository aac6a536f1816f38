/// The statuses an error type decodes (`"errors"` in a spec): one code (`"404"`), a class
/// of codes (`"4XX"`), or any other (`"default"`).
public enum ErrorStatus: Hashable, Sendable, CustomStringConvertible {
    /// One status code, such as 404.
    case code(Int)
    /// Every code of one class: 4 for 400–499 (`"4XX"`).
    case statusClass(Int)
    /// Any status no other entry matches (`"default"`, or `"error"` in a spec).
    case other

    /// As a spec writes it: `404`, `4XX`, `default`.
    public var description: String {
        switch self {
        case .code(let code): return String(code)
        case .statusClass(let digit): return "\(digit)XX"
        case .other: return "default"
        }
    }
}
