import Foundation
import Testing
@testable import DTOGenCore

/// Generates from specs given as strings.
func generate(_ specs: [(String, String)], options: GeneratorOptions = GeneratorOptions()) -> GenerationResult {
    Generator.generate(specs.map { SpecInput(path: $0.0, bytes: Array($0.1.utf8)) }, options: options)
}

func generate(_ spec: String, path: String = "spec.json") -> GenerationResult {
    generate([(path, spec)])
}

/// A spec with `«` marking where a diagnostic must point. Returns the clean text and the mark's position.
func marked(_ text: String) -> (text: String, location: DTOGenCore.SourceLocation?) {
    var line = 1
    var column = 1
    var location: DTOGenCore.SourceLocation?
    var clean = ""
    for scalar in text.unicodeScalars {
        if scalar == "«" {
            location = DTOGenCore.SourceLocation(line: line, column: column)
            continue
        }
        clean.unicodeScalars.append(scalar)
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
    return (clean, location)
}

/// The package's root folder (for the committed Generated/ folders and Templates/).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A unified diff (`diff -u` style, 3 lines of context) of two texts, so a failing golden
/// test shows what changed rather than only that something did.
func unifiedDiff(_ old: String, _ new: String, name: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence table, from the end.
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    enum Op { case same(String), removed(String), added(String) }
    var ops: [Op] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            ops.append(.same(a[i])); i += 1; j += 1
        } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
            ops.append(.removed(a[i])); i += 1
        } else {
            ops.append(.added(b[j])); j += 1
        }
    }
    var out = ["--- a/\(name)", "+++ b/\(name)"]
    let changed = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
    var index = 0
    while index < changed.count {
        var start = max(0, changed[index] - 3)
        var end = min(ops.count, changed[index] + 4)
        while index + 1 < changed.count, changed[index + 1] - 3 <= end {
            index += 1
            end = min(ops.count, changed[index] + 4)
        }
        // Line numbers of the hunk's first line in each text.
        var oldLine = 1
        var newLine = 1
        for op in ops[..<start] {
            switch op {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        var oldCount = 0
        var newCount = 0
        var body: [String] = []
        while start < end {
            switch ops[start] {
            case .same(let line): body.append(" " + line); oldCount += 1; newCount += 1
            case .removed(let line): body.append("-" + line); oldCount += 1
            case .added(let line): body.append("+" + line); newCount += 1
            }
            start += 1
        }
        out.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
        out += body
        index += 1
    }
    return out.joined(separator: "\n")
}
