import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// Generates from specs given as strings.
func generate(_ specs: [(String, String)], options: GeneratorOptions = GeneratorOptions()) -> GenerationResult {
    Generator.generate(specs.map { SpecInput(path: $0.0, bytes: Array($0.1.utf8)) }, options: options)
}

func generate(_ spec: String, path: String = "spec.json") -> GenerationResult {
    generate([(path, spec)])
}

/// A spec with `«` marking where a diagnostic must point. Returns the clean text and the mark's position.
func marked(_ text: String) -> (text: String, location: DTOGenCore.SourceLocation?) {
    let found = marks(text)
    return (found.text, found.locations.first)
}

/// A text with `«` before each place a diagnostic must point; the clean text and the places.
func marks(_ text: String) -> (text: String, locations: [DTOGenCore.SourceLocation]) {
    var line = 1
    var column = 1
    var locations: [DTOGenCore.SourceLocation] = []
    var clean = ""
    for scalar in text.unicodeScalars {
        if scalar == "«" {
            locations.append(DTOGenCore.SourceLocation(line: line, column: column))
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
    return (clean, locations)
}

/// The package's root folder (for the committed Generated/ folders and Templates/).
let packageRoot = Swiftc.packageRoot

/// A unified diff of two texts, for golden tests (the same one `--check` prints).
func unifiedDiff(_ old: String, _ new: String, name: String) -> String {
    UnifiedDiff.text(old, new, name: name)
}
