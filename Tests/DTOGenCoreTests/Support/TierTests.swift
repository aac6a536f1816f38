import Foundation
import TestSupport
import Testing

/// The heavy tier runs by name (`Tests/heavy-tier.txt`, read by `.ci/run`): a suite or test
/// marked heavy but not listed would run in no tier at all, one listed but not marked in
/// both.
struct TierTests {
    /// The names of the suites and tests whose attributes mention `Tier.heavy`.
    static func markedHeavy() throws -> Set<String> {
        var names: Set<String> = []
        let tests = packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.contains("/Generated/") {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains("Tier.heavy)") {
                let attribute = line.drop { $0 == " " }
                guard attribute.hasPrefix("@Suite") || attribute.hasPrefix("@Test") else { continue }
                // The declaration on the same line or the next that declares one.
                let rest = lines[index...].prefix(3).joined(separator: " ")
                if let name = declaredName(in: rest) { names.insert(name) }
            }
        }
        return names
    }

    static func declaredName(in text: String) -> String? {
        for keyword in ["struct ", "func "] {
            guard let range = text.range(of: keyword) else { continue }
            return String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return nil
    }

    @Test func theHeavyListNamesWhatIsMarkedHeavy() throws {
        let list = try String(contentsOf: packageRoot.appendingPathComponent("Tests/heavy-tier.txt"), encoding: .utf8)
        let listed = Set(list.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
        let marked = try Self.markedHeavy()
        #expect(marked.count >= 7)
        #expect(
            listed == marked, "listed only: \(listed.subtracting(marked)), marked only: \(marked.subtracting(listed))")
    }
}
