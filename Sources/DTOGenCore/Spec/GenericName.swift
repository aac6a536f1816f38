/// A type name with generic parameters or arguments: `Page<T>`, `Page<Charge>`,
/// `Pair<String, Page<Charge>>`. Arguments are kept as written (each a type reference).
struct GenericName: Sendable, Equatable {
    var base: String
    var arguments: [String]

    /// nil when the text has no `<`; a malformed name gives an empty base.
    static func parse(_ text: String) -> GenericName? {
        guard let open = text.firstIndex(of: "<") else { return nil }
        let base = String(text[..<open]).trimmingSpaces()
        guard text.hasSuffix(">") else { return GenericName(base: "", arguments: []) }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingSpaces())
                current = ""
                continue
            default: break
            }
            if depth < 0 { return GenericName(base: "", arguments: []) }
            current.append(character)
        }
        arguments.append(current.trimmingSpaces())
        guard depth == 0, !base.isEmpty, arguments.allSatisfy({ !$0.isEmpty }) else {
            return GenericName(base: "", arguments: [])
        }
        return GenericName(base: base, arguments: arguments)
    }
}
