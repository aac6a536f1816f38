extension SwiftName {
    /// The `$name` an imported key needs (an argument's, a field's) when its Swift name is
    /// taken in `taken` (nil when it is free): what a comparison means (`startTimeBefore`), a sign spelled out (`+1` → `plus1`), else its
    /// place (`pathQuery`), numbered as a last resort.
    static func explicitName(_ key: String, taken: inout NameScope, place: String, style: NamingStyle = .swift)
        -> String?
    {
        let base = SwiftName.property(key, style: style)
        guard taken.contains(base) else {
            taken.reserve(base)
            return nil
        }
        let signs: [(String, String)] = [("+", "plus "), ("-", "minus ")]
        let spelled = signs.first { key.hasPrefix($0.0) }.map {
            SwiftName.property($0.1 + key.dropFirst($0.0.count), style: style)
        }
        var candidate = base + comparison(key)
        if candidate == base, let spelled { candidate = spelled }
        if candidate == base || taken.contains(candidate) { candidate = base + place }
        return taken.claim(candidate)
    }

    /// What a key's trailing comparison (`DateCreated<`, `Price>=`) means, as a name's ending.
    static func comparison(_ key: String) -> String {
        let timely = ["date", "time", "created", "updated", "at"].contains { key.lowercased().contains($0) }
        let endings: [(String, String, String)] = [
            ("<=", "AtOrBefore", "AtMost"), (">=", "AtOrAfter", "AtLeast"), ("<", "Before", "Below"),
            (">", "After", "Above"),
        ]
        guard let ending = endings.first(where: { key.hasSuffix($0.0) }) else { return "" }
        return timely ? ending.1 : ending.2
    }
}
