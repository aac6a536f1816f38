/// The importer's output, checked by the stages every spec goes through (read, validate,
/// resolve), so `dtogen import` never writes a spec that `dtogen` then rejects and a spec
/// backed by a document never fails on what the document says. A type or endpoint the spec
/// format cannot express is left out with a warning at the document node it comes from,
/// saying why; what used it is checked again (and left out in turn) until the spec is clean.
enum ImportCheck {
    /// Rounds of leaving out: each leaves out at least one type or endpoint; what depends on
    /// a type left out goes in the next round.
    static let maximumRounds = 16

    /// `spec` as the translator wrote it (`types` and `endpoints` entries located at their
    /// nodes); `file`: the document's path, for the warnings.
    static func accepted(_ spec: DraftJSON, file: String) -> (spec: DraftJSON, warnings: [Diagnostic]) {
        guard case .object(var top) = spec else { return (spec, []) }
        var warnings: [Diagnostic] = []
        var typesLeftOut: [String] = []
        for _ in 0..<maximumRounds {
            let errors = check(.object(top))
            guard !errors.isEmpty else { break }
            var leftOut = false
            for (key, isTypes) in [("types", true), ("endpoints", false)] {
                guard let index = top.firstIndex(where: { $0.0 == key }) else { continue }
                var entries = isTypes ? (members(top[index].1) ?? []) : (elements(top[index].1) ?? []).map { ("", $0) }
                entries.removeAll { entry in
                    guard let error = errors.first(where: { owns(entry.1, $0.location) }) else { return false }
                    let at = error.location
                    let what = isTypes ? "type '\(entry.0)'" : "endpoint '\(entry.1["name"].flatMap(text) ?? "?")'"
                    // What uses a type left out says so, rather than "unknown type".
                    let reason = typesLeftOut.first { error.message.hasPrefix("unknown type '\($0)'") || error.message.hasPrefix("unknown error type '\($0)'") }
                        .map { "it uses type '\($0)', which is left out" } ?? error.message
                    warnings.append(Diagnostic(.warning, file: file, at: at, "\(what) is left out: \(reason)"))
                    if isTypes { typesLeftOut.append(entry.0) }
                    leftOut = true
                    return true
                }
                top[index].1 = isTypes ? .object(entries) : .array(entries.map(\.1))
            }
            if !leftOut { break }
        }
        return (.object(top), warnings)
    }

    /// The errors the pipeline finds in a draft spec, located in the document.
    static func check(_ spec: DraftJSON) -> [Diagnostic] {
        var input = SpecInput(path: "import.json", bytes: [])
        input.parsed = OpenAPIBackedSpec.node(spec, at: SourceLocation(line: 1, column: 1))
        let (_, diagnostics) = Generator.resolve([input], options: GeneratorOptions())
        return diagnostics.filter { $0.severity == .error }
    }

    /// Whether an error at `location` is in `entry`: at one of its nodes, or on the line of
    /// one (errors inside a path or a value point at a column within it).
    static func owns(_ entry: DraftJSON, _ location: SourceLocation) -> Bool {
        var lines = false
        var exact = false
        visit(entry) { at in
            if at == location { exact = true }
            if at.file == location.file, at.line == location.line { lines = true }
        }
        return exact || lines
    }

    static func visit(_ draft: DraftJSON, _ body: (SourceLocation) -> Void) {
        switch draft {
        case .located(let value, let location):
            body(location)
            visit(value, body)
        case .array(let elements): for element in elements { visit(element, body) }
        case .object(let members): for member in members { visit(member.1, body) }
        default: break
        }
    }

    static func members(_ draft: DraftJSON) -> [(String, DraftJSON)]? {
        switch draft {
        case .located(let value, _): members(value)
        case .object(let members): members
        default: nil
        }
    }

    static func elements(_ draft: DraftJSON) -> [DraftJSON]? {
        switch draft {
        case .located(let value, _): elements(value)
        case .array(let elements): elements
        default: nil
        }
    }

    static func text(_ draft: DraftJSON) -> String? {
        switch draft {
        case .located(let value, _): text(value)
        case .string(let text): text
        default: nil
        }
    }
}
