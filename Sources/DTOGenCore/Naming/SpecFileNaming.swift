// This file is shared, through a symbolic link, by DTOGenCore and the DTOGenPlugin build
// plugin, which must name a spec's output files before the tool runs and cannot import
// DTOGenCore. Keep it free of other dependencies.

/// Names of generated files, derived from a spec's path alone.
enum SpecFileNaming {
    /// The suffixes a spec file may have; the longest is removed first.
    static let specSuffixes = [".dtogen.json", ".json"]

    /// The files generated for one spec, in this order: DTOs, mappings, endpoints.
    static func outputFileNames(forSpecPath path: String) -> [String] {
        let base = fileBase(forSpecPath: path)
        return ["\(base).DTOs.swift", "\(base).Mappings.swift", "\(base).Endpoints.swift"]
    }

    /// `usgs/all_day.json` → `Usgs_AllDay`; unique for distinct spec paths of one folder.
    static func fileBase(forSpecPath path: String) -> String {
        var trimmed = path
        for suffix in specSuffixes where trimmed.hasSuffix(suffix) {
            trimmed.removeLast(suffix.count)
            break
        }
        let components = trimmed.split(separator: "/").map { component -> String in
            let name = upperCamel(String(component))
            return name.isEmpty ? "Spec" : name
        }
        return components.isEmpty ? "Spec" : components.joined(separator: "_")
    }

    /// Splits a key into words: separators are anything that is not an ASCII letter or
    /// digit; case changes (`userID`, `URLString`) also split.
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        let chars = Array(key)
        for (i, c) in chars.enumerated() {
            guard c.isASCII, c.isLetter || c.isNumber else {
                flush()
                continue
            }
            if let last = current.last {
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                if c.isUppercase && last.isLowercase {
                    flush()
                } else if c.isUppercase && last.isUppercase, let next, next.isLowercase, next.isASCII {
                    flush()
                } else if c.isLetter && last.isNumber && c.isUppercase {
                    flush()
                }
            }
            current.append(c)
        }
        flush()
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
