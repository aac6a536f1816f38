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
