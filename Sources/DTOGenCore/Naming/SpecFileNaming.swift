// This file is shared, through a symbolic link, by DTOGenCore and the DTOGenPlugin build
// plugin, which must name a spec's output files before the tool runs and cannot import
// DTOGenCore. Keep it free of other dependencies.

/// Names of generated files, derived from a spec's path alone.
enum SpecFileNaming {
    /// The suffixes a spec file may have; the longest is removed first.
    static let specSuffixes = [".dtogen.json", ".json"]

    /// The files generated for a spec whose files are named `base`, in this order: DTOs,
    /// mappings, endpoints.
    static func outputFileNames(base: String) -> [String] {
        ["\(base).DTOs.swift", "\(base).Mappings.swift", "\(base).Endpoints.swift"]
    }

    /// The one naming rule, for the command line and both plugins: a spec's files are named
    /// after its file name (`billing/charges.json` → `Charges`); when specs of one run share
    /// a file name, each takes as many of its folders as tell them apart (`a/charges.json`
    /// → `A_Charges`). Same order as `paths`.
    static func fileBases(forSpecPaths paths: [String]) -> [String] {
        let components = paths.map { path -> [String] in
            var trimmed = path
            for suffix in specSuffixes where trimmed.hasSuffix(suffix) {
                trimmed.removeLast(suffix.count)
                break
            }
            let parts = trimmed.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
            return parts.isEmpty ? ["Spec"] : parts
        }
        var depth = Array(repeating: 1, count: paths.count)
        func base(_ index: Int) -> String {
            components[index].suffix(depth[index]).map { part -> String in
                let name = upperCamel(part)
                return name.isEmpty ? "Spec" : name
            }.joined(separator: "_")
        }
        while true {
            var groups: [String: [Int]] = [:]
            for index in paths.indices { groups[base(index), default: []].append(index) }
            var deepened = false
            for members in groups.values where members.count > 1 {
                for index in members where depth[index] < components[index].count {
                    depth[index] += 1
                    deepened = true
                }
            }
            if !deepened { return paths.indices.map(base) }
        }
    }

    /// `usgs/all_day.json` → `AllDay`: the base of a spec's files when it is named alone.
    static func fileBase(forSpecPath path: String) -> String {
        fileBases(forSpecPaths: [path])[0]
    }

    /// Splits a key into words: separators are anything that is not an ASCII letter or
    /// digit; case changes (`userID`, `URLString`) also split.
    static func words(_ key: String) -> [String] {
        // Works on Unicode scalars: only ASCII letters and digits make words.
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.value >= 65 && s.value <= 90 }
        func isLower(_ s: Unicode.Scalar) -> Bool { s.value >= 97 && s.value <= 122 }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(key.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            guard isUpper(c) || isLower(c) || isDigit(c) else {
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
                continue
            }
            if let last = current.last {
                let next = i + 1 < scalars.count ? scalars[i + 1] : nil
                let split = (isUpper(c) && isLower(last))
                    || (isUpper(c) && isUpper(last) && next.map(isLower) == true)
                    || (isUpper(c) && isDigit(last))
                if split {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `official-artwork` → `OfficialArtwork`, `generation-i` → `GenerationI`.
    static func upperCamel(_ key: String) -> String {
        var result = ""
        for word in words(key) {
            let lowered = word.allSatisfy({ $0.isUppercase || $0.isNumber }) && word.count > 1 ? word.lowercased() : word
            if let first = lowered.first { result += first.uppercased() + lowered.dropFirst() }
        }
        if let c = result.first, c.isNumber { result = "_" + result }
        return result
    }
}
