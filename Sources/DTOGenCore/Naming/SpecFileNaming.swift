// This file is shared, through a symbolic link, by DTOGenCore and the DTOGenPlugin build
// plugin, which must name a spec's output files before the tool runs and cannot import
// DTOGenCore. Keep it free of other dependencies.

/// Names of generated files, derived from a spec's path alone.
enum SpecFileNaming {
    /// The suffixes a spec file may have; the longest is removed first.
    static let specSuffixes = [".dtogen.json", ".json"]

    /// The files generated for a spec whose files are named `base`, in this order: DTOs
    /// (`dtoFiles` of them: `Base.DTOs.swift`, `Base.DTOs.2.swift`, ...), mappings, endpoints.
    static func outputFileNames(base: String, dtoFiles: Int = 1) -> [String] {
        dtoFileNames(base: base, count: dtoFiles) + [mappingsFileName(base: base), endpointsFileName(base: base)]
    }

    static func mappingsFileName(base: String) -> String { "\(base).Mappings.swift" }
    static func endpointsFileName(base: String) -> String { "\(base).Endpoints.swift" }

    static func dtoFileNames(base: String, count: Int) -> [String] {
        (1...max(1, count)).map { $0 == 1 ? "\(base).DTOs.swift" : "\(base).DTOs.\($0).swift" }
    }

    /// What `options.dtoFiles` may be.
    static let dtoFileCounts = 1...64

    /// Which of `count` DTO files a top-level type goes in: from its name alone (FNV-1a), so
    /// adding or removing a type moves no other.
    static func dtoFileIndex(ofType name: String, count: Int) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
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
        ASCIIWords.split(key).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `official-artwork` → `OfficialArtwork`, `generation-i` → `GenerationI`.
    static func upperCamel(_ key: String) -> String {
        var result: [UInt8] = []
        for word in ASCIIWords.split(key) {
            var lowered = ASCIIWords.isShouting(word) && word.count > 1 ? ASCIIWords.lowercased(word) : Array(word)
            lowered[0] = ASCIIWords.upper(lowered[0])
            result += lowered
        }
        return ASCIIWords.string(result)
    }
}

/// Words of a key as ASCII bytes: names are built from ASCII letters and digits only, so
/// splitting and casing work on bytes (naming runs for every key of every spec).
enum ASCIIWords {
    static func isUpper(_ b: UInt8) -> Bool { b >= 65 && b <= 90 }
    static func isLower(_ b: UInt8) -> Bool { b >= 97 && b <= 122 }
    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    static func upper(_ b: UInt8) -> UInt8 { isLower(b) ? b - 32 : b }
    static func lower(_ b: UInt8) -> UInt8 { isUpper(b) ? b + 32 : b }

    /// Bytes other than ASCII letters and digits separate words (every byte of a non-ASCII
    /// character is ≥ 0x80, so it separates too); so do case changes (`userID`, `URLString`).
    static func split(_ key: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(key.utf8)
        var words: [ArraySlice<UInt8>] = []
        var start = -1
        for i in bytes.indices {
            let c = bytes[i]
            guard isUpper(c) || isLower(c) || isDigit(c) else {
                if start >= 0 { words.append(bytes[start..<i]) }
                start = -1
                continue
            }
            if start >= 0 {
                let last = bytes[i - 1]
                let nextIsLower = i + 1 < bytes.count && isLower(bytes[i + 1])
                if isUpper(c), isLower(last) || isDigit(last) || (isUpper(last) && nextIsLower) {
                    words.append(bytes[start..<i])
                    start = i
                }
            } else {
                start = i
            }
        }
        if start >= 0 { words.append(bytes[start...]) }
        return words
    }

    /// All capitals and digits (`URL`, `V2`).
    static func isShouting(_ word: ArraySlice<UInt8>) -> Bool { word.allSatisfy { !isLower($0) } }
    static func lowercased(_ word: ArraySlice<UInt8>) -> [UInt8] { word.map(lower) }
    static func string(_ bytes: [UInt8]) -> String {
        var result = String(decoding: bytes, as: UTF8.self)
        if let first = bytes.first, isDigit(first) { result = "_" + result }
        return result
    }
}
