import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// Every real document in `../shared/conformance/` (when it is there): imported as it was
/// (`ImportDigests`), read back as the spec import built, and generated with no warning,
/// since no one wrote that spec but import. What import could not decide it says at import time, with the pointer.
@Suite(.tags(.heavy), .enabled(if: Tier.heavy))
struct ConformanceDocumentsTests {
    static let conformance = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")

    static let documents: [String] = {
        let folders = ["openapi", "bigapis", "bigapis2", "history"]
        var paths: [String] = []
        for folder in folders {
            let url = conformance.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            paths += names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
        }
        if FileManager.default.fileExists(
            atPath: conformance.appendingPathComponent("bigapis/digitalocean/specification/DigitalOcean-public.v2.yaml")
                .path)
        {
            paths.append("bigapis/digitalocean/specification/DigitalOcean-public.v2.yaml")
        }
        return paths
    }()

    /// Documents import refuses today (none: Docker Engine's YAML is read as libyaml reads it).
    static let refused: Set<String> = []

    /// What import says today of each document (what it leaves out, what it could not decide),
    /// as a ceiling: more is a regression (a style that leaves Stripe's 222 `expand` out).
    /// Slack's and Jira's are mostly keys beside declared properties, Kubernetes's JSON
    /// string responses. DigitalOcean's Kafka topic config gives three int64 properties the
    /// default 9223372036854776000, which no Int64 holds.
    static let importWarnings: [String: Int] = [
        "openapi/swagger-petstore-v3-openapi.yaml": 1, "openapi/swift-openapi-generator-reference-petstore.yaml": 3,
        "openapi/oai-v3.0-uspto.json": 1, "bigapis/openai.yaml": 15, "bigapis/stripe.yaml": 4, "bigapis/box.json": 3,
        "bigapis/digitalocean/specification/DigitalOcean-public.v2.yaml": 10, "bigapis2/docker-engine.yaml": 2,
        "bigapis2/linode.yaml": 13, "bigapis2/github-rest-2020.json": 4, "bigapis2/jira-platform.json": 43,
        "bigapis2/kubernetes.json": 51, "bigapis2/slack-web.json": 84, "bigapis2/square.json": 2,
        "history/stripe-2023-02-22.yaml": 4, "history/stripe-2023-06-01.yaml": 4,
    ]

    @Test(arguments: documents)
    func generatingAnImportedDocumentPrintsNoWarning(_ document: String) throws {
        let path = Self.conformance.appendingPathComponent(document).path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path) { other in
            FileManager.default.contents(atPath: other).map(Array.init)
        }
        try ImportedLocationsTests.expectSettledAsRead(Array(bytes), path: path) { other in
            FileManager.default.contents(atPath: other).map(Array.init)
        }
        // What it gives is what it gave (import-digests.txt).
        ImportDigests.check(document, imported, folder: Self.conformance.path + "/")
        guard !Self.refused.contains(document) else {
            #expect(imported.hasErrors, "\(document) imports now: take it off the refused list")
            return
        }
        #expect(!imported.hasErrors, "\(imported.diagnostics.prefix(5))")
        // Reading what import writes gives back the spec it built.
        try ImportCheckTests.expectReadsBack(imported)
        let warnings = imported.diagnostics.filter { $0.severity == .warning }
        #expect(
            warnings.count <= Self.importWarnings[document, default: 0],
            "\(warnings.count) import warnings: \(warnings.prefix(5).map(\.description).joined(separator: "\n"))")
        let result = Generator.generate([SpecInput(path: "spec.json", bytes: Array(imported.spec.utf8))])
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.isEmpty, "\(result.diagnostics.prefix(10).map(\.description).joined(separator: "\n"))")
        try Self.expectBackedSpecResolvedOnce(document, imported: imported)
    }

    /// A spec backed by the document is resolved once: what the stages would reject in the
    /// document, the rules find before them. What it leaves out, import leaves out too, with
    /// the same message at the same place.
    static func expectBackedSpecResolvedOnce(_ document: String, imported: ImportResult) throws {
        let url = conformance.appendingPathComponent(document)
        var input = SpecInput(
            path: url.deletingLastPathComponent().appendingPathComponent("backed.json").path,
            bytes: Array(#"{ "openapi": "\#(url.lastPathComponent)" }"#.utf8))
        input.readFile = { FileManager.default.contents(atPath: $0).map(Array.init) }
        let resolution = Generator.resolution([input], options: GeneratorOptions())
        #expect(resolution.stageRuns == 1)
        let errors = resolution.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map(\.description).joined(separator: "\n"))")
        for leftOut in resolution.diagnostics where leftOut.message.contains(" is left out") {
            #expect(
                imported.diagnostics.contains {
                    $0.location.line == leftOut.location.line && $0.location.column == leftOut.location.column
                        && $0.message == leftOut.message
                }, "import does not say: \(leftOut)")
        }
    }

    /// No silent success at scale: the generated Swift of every document in `bigapis2`
    /// type-checks, with the runtime's sources in the same module, as `--no-runtime-import`
    /// writes it (where a schema named `Task` or `Locale` would shadow what the runtime
    /// means). `openapi` is `OpenAPIImportTests`', `bigapis` `bigPublicAPIsImportGenerateAndTypeCheck`'s.
    /// One after another: `swiftc` runs in parallel would starve the timing-sensitive tests.
    @Test func everyBigapis2DocumentTypeChecks() throws {
        let documents = Self.documents.filter { $0.hasPrefix("bigapis2/") }
        for document in documents {
            let path = Self.conformance.appendingPathComponent(document).path
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path)
            let result = Generator.generate(
                [SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))],
                options: GeneratorOptions(runtimeModule: nil))
            #expect(!result.hasErrors, "\(document): \(result.diagnostics.prefix(5))")
            guard !result.hasErrors else { continue }
            let checked = try Swiftc.typecheck(
                result.files, with: OpenAPIImportTests.app(writing: imported.customKinds, importsRuntime: false),
                runtime: .sources)
            #expect(checked.status == 0, "\(document): \(Swiftc.errors(checked.output))")
        }
    }
}
