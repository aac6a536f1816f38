/// The templates a run renders with: the embedded defaults, each replaceable by a file of
/// the same name from `--templates DIR`.
public struct TemplateSet: Sendable {
    public private(set) var sources: [String: String]

    /// The names a templates folder may override (file name without `.mustache`).
    public static var names: [String] { DefaultTemplates.all.keys.sorted() }

    public init(overrides: [String: String] = [:]) {
        var sources = DefaultTemplates.all
        for (name, source) in overrides { sources[name] = source }
        self.sources = sources
    }

    /// Renders one top-level template. Trailing spaces are removed from every line (indented
    /// partials indent blank lines too) and the text ends with exactly one newline.
    func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let source = sources[name] else {
            throw MustacheError(template: name, line: 0, message: "no template named '\(name)'")
        }
        let raw = try MustacheTemplate(source, name: name).render(context, partials: sources, escaping: .none)
        return Self.tidy(raw)
    }

    /// Drops spaces and tabs at line ends and blank lines at the end; works on bytes, since
    /// the output of a large spec is large.
    static func tidy(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 1)
        var pendingSpaces = 0
        var spaces: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                spaces.append(byte)
                pendingSpaces += 1
            case UInt8(ascii: "\n"):
                spaces.removeAll(keepingCapacity: true)
                pendingSpaces = 0
                out.append(byte)
            default:
                if pendingSpaces > 0 {
                    out.append(contentsOf: spaces)
                    spaces.removeAll(keepingCapacity: true)
                    pendingSpaces = 0
                }
                out.append(byte)
            }
        }
        while out.last == UInt8(ascii: "\n") { out.removeLast() }
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }
}

extension MustacheValue {
    static func lines(_ lines: [String]) -> MustacheValue { .list(lines.map { .string($0) }) }

    /// A list whose items each get `separator`: "," on all but the last.
    static func separated(_ items: [[String: MustacheValue]], separator: String = ",") -> MustacheValue {
        .list(items.enumerated().map { index, item in
            var item = item
            item["separator"] = .string(index == items.count - 1 ? "" : separator)
            return .object(item)
        })
    }
}
