import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// Every Swift snippet in README.md, docs/ and DTORuntime's DocC articles is checked, by the kind its marker gives:
/// - `<!-- snippet: excerpt PATH -->`: the lines are in the generated file PATH, in order
///   (`...` skips lines; `{ ... }` stands for a body);
/// - `<!-- snippet: declarations -->` and `<!-- snippet: statements NAME: Type, ... -->`:
///   compiled as part of the SeedExamples target, in `Examples/SeedModels/ReadmeSnippets.swift`
///   (statements inside a function whose parameters are the names the snippet uses);
/// - `<!-- snippet: manifest -->` and `<!-- snippet: manifest-target -->`: a package manifest,
///   or a target in one, that `swift package dump-package` accepts.
struct ReadmeSnippetTests {
    struct Snippet {
        var kind: String
        var argument: String
        var lines: [String]
        var origin: String
    }

    static let documentationCatalog = "Sources/DTORuntime/DTORuntime.docc"

    static var documents: [String] {
        let articles =
            (try? FileManager.default.contentsOfDirectory(
                atPath: packageRoot.appendingPathComponent(documentationCatalog).path)) ?? []
        return ["README.md", "docs/spec-format.md"]
            + articles.filter { $0.hasSuffix(".md") }.sorted().map { documentationCatalog + "/" + $0 }
    }

    static func snippets() throws -> [Snippet] {
        var result: [Snippet] = []
        for document in documents {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            var marker: (kind: String, argument: String)?
            while index < lines.count {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("<!-- snippet:"), line.hasSuffix("-->") {
                    let body = line.dropFirst("<!-- snippet:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
                    let kind = body.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                    marker = (kind, String(body.dropFirst(kind.count)).trimmingCharacters(in: .whitespaces))
                } else if line == "```swift" {
                    let indent = lines[index].prefix { $0 == " " }.count
                    var block: [String] = []
                    index += 1
                    while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                        block.append(
                            String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                        index += 1
                    }
                    result.append(
                        Snippet(
                            kind: marker?.kind ?? "", argument: marker?.argument ?? "", lines: block,
                            origin: "\(document):\(index - block.count)"))
                    marker = nil
                } else if !line.isEmpty {
                    marker = nil
                }
                index += 1
            }
        }
        return result
    }

    @Test func everySwiftSnippetSaysHowItIsChecked() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 9)
        #expect(Self.documents.count >= 11, "the DocC articles are read too")
        for snippet in snippets {
            #expect(
                ["excerpt", "declarations", "statements", "manifest", "manifest-target"].contains(snippet.kind),
                "\(snippet.origin): a Swift snippet without a <!-- snippet: ... --> marker")
        }
    }

    @Test func excerptsAreInTheGeneratedFiles() throws {
        for snippet in try Self.snippets() where snippet.kind == "excerpt" {
            let file = try String(contentsOf: packageRoot.appendingPathComponent(snippet.argument), encoding: .utf8)
            let fileLines = file.split(separator: "\n").map(String.init)
            var position = 0
            for line in snippet.lines where line.trimmingCharacters(in: .whitespaces) != "..." {
                let ellipsis = line.range(of: "{ ... }") ?? line.range(of: "...,")
                let wanted = ellipsis.map { String(line[..<$0.lowerBound]) } ?? line
                guard
                    let found = fileLines[position...].firstIndex(where: {
                        ellipsis == nil ? $0 == wanted : $0.hasPrefix(wanted)
                    })
                else {
                    Issue.record("\(snippet.origin): '\(line)' is not in \(snippet.argument) (in this order)")
                    break
                }
                position = found + 1
            }
        }
    }

    /// What `Examples/SeedModels/ReadmeSnippets.swift` must hold.
    static func compiledSnippets() throws -> String {
        var imports: [String] = ["import DTORuntime", "import Foundation"]
        var body: [String] = []
        var functions = 0
        for snippet in try snippets() where snippet.kind == "declarations" || snippet.kind == "statements" {
            var lines = snippet.lines
            // Imports go to the top of the file (`#if canImport` groups too).
            var kept: [String] = []
            var index = 0
            // Inside a longer `#if` block (`#if canImport(SwiftData)` around a whole example),
            // imports stay where they are, under their condition.
            var conditionDepth = 0
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("#if"),
                    !(index + 2 < lines.count && lines[index + 2] == "#endif" && lines[index + 1].hasPrefix("import "))
                {
                    conditionDepth += 1
                } else if line.hasPrefix("#endif"), conditionDepth > 0 {
                    conditionDepth -= 1
                }
                if conditionDepth > 0 {
                    kept.append(line)
                } else if line.hasPrefix("import ") {
                    if !imports.contains(line) { imports.append(line) }
                } else if line.hasPrefix("#if canImport"), index + 2 < lines.count, lines[index + 2] == "#endif" {
                    let group = lines[index...(index + 2)].joined(separator: "\n")
                    if !imports.contains(group) { imports.append(group) }
                    index += 2
                } else {
                    kept.append(line)
                }
                index += 1
            }
            lines = kept.drop { $0.isEmpty }.map { $0 }
            body.append("")
            body.append("// \(snippet.origin)")
            if snippet.kind == "declarations" {
                body += lines
            } else {
                functions += 1
                body.append("func readmeSnippet\(functions)(\(snippet.argument)) async throws {")
                body += lines.map { $0.isEmpty ? "" : "    " + $0 }
                // The snippet's constants count as used (a build with warnings fails CI).
                let constants = lines.compactMap { line -> String? in
                    guard line.hasPrefix("let ") else { return nil }
                    return line.dropFirst(4).split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "=" }).first.map(
                        String.init)
                }
                if !constants.isEmpty { body.append("    _ = (\(constants.joined(separator: ", ")))") }
                body.append("}")
            }
        }
        return
            ([
                "// Extracted from README.md, docs/ and the DocC articles by ReadmeSnippetTests, so their code compiles as written.",
                "// DTOGEN_RECORD=1 swift test --filter ReadmeSnippetTests rewrites it. Do not edit.", "",
            ]
            + imports + body).joined(separator: "\n") + "\n"
    }

    @Test func codeSnippetsAreCompiledWithTheSeedExamples() throws {
        let url = packageRoot.appendingPathComponent("Examples/SeedModels/ReadmeSnippets.swift")
        let expected = try Self.compiledSnippets()
        if ProcessInfo.processInfo.environment["DTOGEN_RECORD"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == expected,
            "README snippets changed; run DTOGEN_RECORD=1 swift test --filter ReadmeSnippetTests\n\(unifiedDiff(committed, expected, name: "ReadmeSnippets.swift"))"
        )
    }

    @Test func manifestSnippetsAreValidManifests() throws {
        for snippet in try Self.snippets() where snippet.kind.hasPrefix("manifest") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "dtogen-manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try "".write(to: folder.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
            var manifest = snippet.lines.joined(separator: "\n")
            if snippet.kind == "manifest-target" {
                manifest = """
                    // swift-tools-version: 6.1
                    import PackageDescription
                    let package = Package(
                        name: "App",
                        dependencies: [.package(url: "https://example.com/your-org/dtogen.git", branch: "main")],
                        targets: [
                    \(manifest)
                        ]
                    )
                    """
            }
            try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let dump = try launch(command: "swift", ["package", "--package-path", folder.path, "dump-package"])
            #expect(dump.status == 0, "\(snippet.origin): \(dump.output.prefix(600))")
        }
    }
}
