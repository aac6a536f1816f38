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
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while line.last == " " || line.last == "\t" { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
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
