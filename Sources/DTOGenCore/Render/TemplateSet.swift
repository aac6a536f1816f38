/// The templates a run renders with: the embedded defaults, each replaceable by a file of
/// the same name from `--templates DIR`.
public struct TemplateSet: Sendable {
    public private(set) var sources: [String: String]
    /// Parsed templates, shared by every file of a run.
    private let cache: PartialCache

    /// The names a templates folder may override (file name without `.mustache`).
    public static var names: [String] { DefaultTemplates.all.keys.sorted() }

    public init(overrides: [String: String] = [:]) {
        var sources = DefaultTemplates.all
        for (name, source) in overrides { sources[name] = source }
        self.sources = sources
        self.cache = PartialCache(sources)
    }

    /// Renders one top-level template. Trailing spaces are removed from every line (indented
    /// partials indent blank lines too) and the text ends with exactly one newline.
    func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let nodes = try cache.nodes(name, indent: "") else {
            throw MustacheError(template: name, line: 0, message: "no template named '\(name)'")
        }
        let raw = try MustacheTemplate(nodes: nodes, name: name).render(context, partials: cache, escaping: .none)
        return Self.tidy(raw)
    }

    /// Drops spaces and tabs at line ends and blank lines at the end; works on bytes, since
    /// the output of a large spec is large.
    static func tidy(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 1)
        var lineEnd = 0  // length of `out` up to the last byte that is not a space or tab
        for byte in text.utf8 {
            if byte == 0x0A {
                out.removeSubrange(lineEnd...)
                out.append(byte)
                lineEnd = out.count
            } else {
                out.append(byte)
                if byte != 0x20 && byte != 0x09 { lineEnd = out.count }
            }
        }
        out.removeSubrange(lineEnd...)
        while out.last == 0x0A { out.removeLast() }
        out.append(0x0A)
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
