extension SwiftName {
    /// The case names of an enum's values: each value's lower camel case name, and when
    /// several values give one name (`Etc/GMT+1`, `Etc/GMT-1`), the first of them by raw
    /// value keeps it and the others are numbered in that order (`NameScope`), so that neither the
    /// order the values are written in nor a value added elsewhere in the list renames one.
    static func enumCaseNames(_ values: [String], style: NamingStyle) -> [String] {
        let bases = values.map { SwiftName.enumCase($0, style: style) }
        var names = bases
        var taken = Set<String>()
        var groups: [String: [Int]] = [:]
        for (index, base) in bases.enumerated() { groups[base, default: []].append(index) }
        for base in groups.keys.sorted() {
            let members = groups[base, default: []].sorted { values[$0] < values[$1] }
            for index in members {
                names[index] = NameScope.free(base) { taken.contains($0) || (groups[$0] != nil && $0 != base) }
                taken.insert(names[index])
            }
        }
        return names
    }
}
