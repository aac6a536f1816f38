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
        self.cache = PartialCache(sources, indentsBlankLines: false)
    }

    /// Renders one top-level template; the text ends with exactly one newline.
    func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let nodes = try cache.nodes(name, indent: "") else {
            throw MustacheError(template: name, line: 0, message: "no template named '\(name)'")
        }
        let raw = try MustacheTemplate(nodes: nodes, name: name).render(context, partials: cache, escaping: .none)
        return Self.tidy(raw)
    }

    /// Ends the text with exactly one newline. (Indented partials leave blank lines empty,
    /// so the default templates never end a line in spaces.)
    static func tidy(_ text: String) -> String {
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\n") {
            end = text.utf8.index(before: end)
        }
        return String(text[..<end]) + "\n"
    }

}

extension MustacheValue {
    static func lines(_ lines: [String]) -> MustacheValue { .list(lines.map { .string($0) }) }

    /// A list whose items each get `separator`: "," on all but the last.
    static func separated(_ items: [MustacheObject], separator: String = ",") -> MustacheValue {
        .list(
            items.enumerated().map { index, item in
                var item = item
                item["separator"] = .string(index == items.count - 1 ? "" : separator)
                return .object(item)
            })
    }
}
