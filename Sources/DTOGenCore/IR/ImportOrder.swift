/// The order specs resolve in: a spec after the specs it imports (`imports`), so their types
/// are known; specs that do not depend on each other in the same wave (resolved in
/// parallel). Reports imports that name no spec of the run, and import cycles.
struct ImportOrder {
    /// Per spec (same order as the input): the specs it imports directly.
    var imports: [[Int]]
    /// Per spec: what was found wrong with its imports.
    var sinks: [DiagnosticSink]
    /// Spec indices, wave by wave.
    var waves: [[Int]] = []

    init(specs: [Spec]) {
        var byPath: [String: Int] = [:]
        for (index, spec) in specs.enumerated() { byPath[spec.path] = index }
        sinks = specs.map { DiagnosticSink(spec: $0) }
        imports = Array(repeating: [], count: specs.count)
        for (index, spec) in specs.enumerated() {
            for written in spec.imports {
                guard let path = SpecPaths.resolve(written.value, from: spec.path), let target = byPath[path] else {
                    let known = byPath.keys.sorted()
                    let hint = Suggest.hint(
                        for: SpecPaths.resolve(written.value, from: spec.path) ?? written.value, in: known)
                    sinks[index].error(
                        "DTG3134", written.location,
                        "no spec '\(written.value)' to import (paths are relative to this spec)\(hint)")
                    continue
                }
                if target == index {
                    sinks[index].error("DTG3135", written.location, "a spec cannot import itself")
                } else if !imports[index].contains(target) {
                    imports[index].append(target)
                }
            }
        }
        // Cycles: an import that leads back to the importer is reported and dropped.
        for index in specs.indices {
            for (position, target) in imports[index].enumerated().reversed() where reaches(from: target, to: index) {
                let written = specs[index].imports.first {
                    SpecPaths.resolve($0.value, from: specs[index].path) == specs[target].path
                }
                sinks[index].error(
                    "DTG3136", written?.location ?? specs[index].location,
                    "importing '\(specs[target].path)' makes a cycle (it imports this spec, directly or through others); move the shared types into a spec both import"
                )
                imports[index].remove(at: position)
            }
        }
        var level = Array(repeating: -1, count: specs.count)
        func depth(_ index: Int) -> Int {
            if level[index] >= 0 { return level[index] }
            level[index] = 0
            let value = imports[index].map { depth($0) + 1 }.max() ?? 0
            level[index] = value
            return value
        }
        for index in specs.indices { _ = depth(index) }
        let deepest = level.max() ?? -1
        waves = deepest < 0 ? [] : (0...deepest).map { wave in specs.indices.filter { level[$0] == wave } }
    }

    func reaches(from start: Int, to goal: Int) -> Bool {
        var seen: Set<Int> = []
        var pending = [start]
        while let next = pending.popLast() {
            if next == goal { return true }
            guard seen.insert(next).inserted else { continue }
            pending += imports[next]
        }
        return false
    }
}
