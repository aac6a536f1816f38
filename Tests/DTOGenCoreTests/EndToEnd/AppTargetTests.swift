import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// Generated code in the app targets teams have: each subject (the committed seed output with
/// its models, an imported document, the plugin consumer's specs) type-checked with app code
/// that calls the client and a mapping on the main actor and decodes in a detached task, in
/// each setting, against one DTORuntime module built as an app links it. Zero errors and zero
/// warnings, in generated files and app code alike.
@Suite(.serialized, .tags(.heavy), .enabled(if: Tier.heavy))
struct AppTargetTests {
    /// The settings of the app targets people have.
    enum Setting: String, CaseIterable, CustomTestStringConvertible {
        /// Xcode 26's new app target: `.defaultIsolation(MainActor.self)` and the
        /// "approachable concurrency" features.
        case mainActorApp
        /// Swift 5 language mode.
        case swift5
        /// Swift 6 with the strict upcoming features and strict memory safety.
        case strict

        var flags: [String] {
            switch self {
            case .mainActorApp:
                [
                    "-swift-version", "6", "-default-isolation", "MainActor",
                    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ]
            case .swift5:
                ["-swift-version", "5"]
            case .strict:
                [
                    "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
                    "-enable-upcoming-feature", "MemberImportVisibility",
                    "-enable-upcoming-feature", "InternalImportsByDefault", "-strict-memory-safety",
                ]
            }
        }

        var testDescription: String { rawValue }
    }

    /// `swiftc -typecheck` of `files` (paths) and generated files in one module, against the
    /// DTORuntime module an app links (built with its own package's settings, whatever the app's are).
    static func typecheck(
        _ generated: [GeneratedFile], sources: [URL], setting: Setting, library: Bool = false,
        extraFlags: [String] = []
    ) throws -> (status: Int32, diagnostics: [String]) {
        let flags = ["-module-name", "App"] + setting.flags + (library ? ["-parse-as-library"] : []) + extraFlags
        let result = try Swiftc.typecheck(generated, sources: sources, runtime: .module, flags: flags)
        let diagnostics = result.output.split(separator: "\n").map(String.init).filter {
            $0.contains("error:") || $0.contains("warning:")
        }
        .filter { !$0.hasPrefix(" ") }
        return (result.status, diagnostics)
    }

    /// `typecheck` of generated files with one app source, written as `name` for the run.
    static func typecheck(_ generated: [GeneratedFile], app source: String, named name: String, setting: Setting)
        throws -> (status: Int32, diagnostics: [String])
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-app-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent(name)
        try source.write(to: app, atomically: true, encoding: .utf8)
        return try typecheck(generated, sources: [app], setting: setting, library: true)
    }

    /// `specs` generated, and app code that uses the output, type-check with no diagnostic.
    static func expectClean(
        _ specs: [(String, String)], app source: String, named name: String, setting: Setting
    ) throws {
        let result = generate(specs)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let checked = try typecheck(result.files, app: source, named: name, setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty, "\(checked.diagnostics.joined(separator: "\n"))")
    }

    static func swiftFiles(in folder: String) throws -> [URL] {
        let url = packageRoot.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().filter { $0.hasSuffix(".swift") }
            .map { url.appendingPathComponent($0) }
    }

    static func generated(_ folder: String, options: GeneratorOptions = GeneratorOptions()) throws -> [GeneratedFile] {
        let inputs = try SpecLoader.load(packageRoot.appendingPathComponent(folder).path)
        let result = Generator.generate(inputs, options: options)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return result.files
    }

    /// The committed seed output, its hand-written models (README snippets included), and app code.
    @Test(arguments: Setting.allCases)
    func seedOutputWithItsModels(_ setting: Setting) throws {
        var sources =
            try Self.swiftFiles(in: "Generated") + Self.swiftFiles(in: "Examples/SeedModels") + [
                Fixtures.url("app-targets/SeedApp.swift")
            ]
        // What only such a target can hold: a main-actor token provider, middleware and view model.
        if setting == .mainActorApp { sources.append(Fixtures.url("app-targets/MainActorApp.swift")) }
        let checked = try Self.typecheck([], sources: sources, setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
    }

    /// What runtime versions 9 and 10 added to generated code: a `$readOnly` field's encoding,
    /// dates nested at any depth and `$additionalProperties` (its `CodingKeys` are
    /// `CaseIterable`, used from the fast path), in every target setting.
    @Test(arguments: Setting.allCases)
    func readOnlyNestedDatesAndAdditionalProperties(_ setting: Setting) throws {
        let spec = #"""
            {
              "name": "Ledger",
              "types": {
                "Entry": {
                  "id": { "$type": "String?", "$readOnly": true },
                  "created": { "$type": "Date?", "$readOnly": true, "$format": "secondsSince1970" },
                  "history": [["Date"]],
                  "by_day": { "$dict": ["Date?"], "$optional": true },
                  "labels": { "name": "String", "$additionalProperties": { "count": "Int" } }
                }
              },
              "endpoints": [{ "name": "saveEntry", "method": "PUT", "path": "/entries", "body": "Entry", "response": "Entry" }]
            }
            """#
        let result = Generator.generate([SpecInput(path: "ledger.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let checked = try Self.typecheck(result.files, sources: [], setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
    }

    /// swift-openapi-generator's reference Petstore (read in place from
    /// `../shared/conformance/openapi`, when it is there), imported and generated.
    @Test(arguments: Setting.allCases)
    func anImportedDocument(_ setting: Setting) throws {
        let path = OpenAPIImportTests.folder.appendingPathComponent("swift-openapi-generator-reference-petstore.yaml")
            .path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(bytes: Array(data), path: path) {
            FileManager.default.contents(atPath: $0).map { Array($0) }
        }
        let result = Generator.generate([SpecInput(path: "petstore.json", bytes: Array(imported.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let checked = try Self.typecheck(
            result.files, sources: [Fixtures.url("app-targets/PetstoreApp.swift")], setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
    }

    /// The build plugin's consumer: what the plugin generates from its specs, with its models.
    /// (Its package also builds the app target with Xcode 26's settings: Scripts/measure-plugin.sh.)
    @Test(arguments: Setting.allCases)
    func thePluginConsumer(_ setting: Setting) throws {
        let files = try Self.generated("Examples/QuakesApp/Sources/QuakesApp/Specs")
        let sources = [
            packageRoot.appendingPathComponent("Examples/QuakesApp/Sources/QuakesApp/Models.swift"),
            Fixtures.url("app-targets/QuakesConsumerApp.swift"),
        ]
        let checked = try Self.typecheck(files, sources: sources, setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
    }

    /// The seed output generated with `access` and type-checked as a library, with the seed
    /// models and a fixture that declares the custom kinds public (the README's snippets
    /// declare them internal): the generated files, and the type-check's result.
    static func library(_ access: AccessLevel, setting: Setting, flags: [String] = []) throws -> (
        files: [GeneratedFile], status: Int32, diagnostics: [String]
    ) {
        var options = GeneratorOptions()
        options.access = access
        let files = try Self.generated("specs", options: options)
        let sources =
            try Self.swiftFiles(in: "Examples/SeedModels").filter { $0.lastPathComponent != "ReadmeSnippets.swift" }
            + [Fixtures.url("app-targets/PublicLibrary.swift")]
        let checked = try Self.typecheck(files, sources: sources, setting: setting, library: true, extraFlags: flags)
        return (files, checked.status, checked.diagnostics)
    }

    /// `options.access: "public"`: a library that exports its API, under
    /// `InternalImportsByDefault`; each file imports publicly exactly the modules its public
    /// declarations name (an unused `public import` is a warning).
    @Test(arguments: Setting.allCases)
    func publicOutput(_ setting: Setting) throws {
        let checked = try Self.library(.public, setting: setting)
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
        let imports = Dictionary(
            uniqueKeysWithValues: checked.files.map { file in
                (
                    file.path,
                    file.contents.split(separator: "\n").filter { $0.contains("import ") && !$0.hasPrefix("//") }
                        .joined(separator: "; ")
                )
            })
        #expect(
            imports["Store.Endpoints.swift"] == "public import Foundation; @_spi(Generated) public import DTORuntime")
        #expect(imports["Users.Mappings.swift"] == "import Foundation; @_spi(Generated) import DTORuntime")
    }

    /// `options.access: "package"`: the same library for the other modules of its package,
    /// built with a package name as SwiftPM builds a package's targets.
    @Test(arguments: Setting.allCases)
    func packageOutput(_ setting: Setting) throws {
        let checked = try Self.library(.package, setting: setting, flags: ["-package-name", "SeedPackage"])
        #expect(
            checked.status == 0 && checked.diagnostics.isEmpty,
            "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
        let endpoints = try #require(checked.files.first { $0.path == "Store.Endpoints.swift" }?.contents)
        #expect(endpoints.contains("package import Foundation\n@_spi(Generated) package import DTORuntime\n"))
    }

    /// A get-by-id endpoint reusing the list endpoint's mapping (`MappingReuseTests`), a PATCH
    /// body that clears dates, a `$default`: zero diagnostics in every setting.
    @Test(arguments: Setting.allCases)
    func mappingReuseAndPatchDates(_ setting: Setting) throws {
        let patch = #"""
            { "name": "Edits", "baseURL": "https://todos.example",
              "types": { "Edit": { "due": { "$type": "Date?", "$nullable": true }, "done": { "$type": "Date?", "$writeNull": true },
                                   "priority": { "$type": "Int", "$default": 3 } } },
              "endpoints": [{ "name": "edit", "method": "PATCH", "path": "/todos/{id}", "body": "Edit" }] }
            """#
        let use = """
            import DTORuntime
            import Foundation
            nonisolated struct Person: Equatable { var name: String }
            nonisolated struct TodoItem: Equatable { var id: Int; var title: String; var owner: Person }
            func load(_ repository: some TodosRepository) async throws -> TodoItem {
                try await repository.getTodo(id: "7")
            }
            func clear(_ client: APIClient) async throws {
                try await client.send(.edit(id: "7", body: Edit(due: .null, done: nil)))
            }
            """
        try Self.expectClean(
            [("todos.json", MappingReuseTests.spec), ("edits.json", patch)], app: use, named: "TodosApp.swift",
            setting: setting)
    }

    /// Responses by status (`ResponsesByStatusTests`' spec, with a repository and its
    /// stub), switched over by app code: zero diagnostics in every setting.
    @Test(arguments: Setting.allCases)
    func responsesByStatus(_ setting: Setting) throws {
        let spec = ResponsesByStatusTests.spec.replacingOccurrences(
            of: #""name": "Jobs","#, with: #""name": "Jobs", "repository": true, "baseURL": "https://jobs.example","#)
        let use = """
            import DTORuntime
            func create(_ repository: some JobsRepository) async throws -> String {
                switch try await repository.createJob(mode: "now", body: CreateJobBody(name: "n")) {
                case .ok(let job): return job.state
                case .accepted(let ticket): return ticket.ticket
                case .noContent: return ""
                }
            }
            func stubbed() async -> String {
                (try? await create(JobsRepositoryStub())) ?? "no example"
            }
            """
        try Self.expectClean([("jobs.json", spec)], app: use, named: "JobsApp.swift", setting: setting)
    }

    /// Typed response headers (`ResponseHeadersTests`' spec, with a repository and its stub),
    /// read by app code from `client.response(for:)` and built for a stand-in: zero
    /// diagnostics in every setting.
    @Test(arguments: Setting.allCases)
    func responseHeaders(_ setting: Setting) throws {
        let spec = ResponseHeadersTests.spec.replacingOccurrences(
            of: #""name": "Jobs","#, with: #""name": "Jobs", "repository": true, "baseURL": "https://jobs.example","#)
        let use = """
            import DTORuntime
            import Foundation
            func remaining(_ client: APIClient, token: AccessToken) async throws -> Int? {
                let response = try await client.response(for: .createJob(mode: "now"), using: token)
                return response.responseHeaders.rateLimitRemaining
            }
            func requestID(_ client: APIClient) async throws -> UUID? {
                try await client.response(for: .ping).responseHeaders.requestID
            }
            func job(_ repository: some JobsRepository) async throws -> Int {
                try await repository.createJob(mode: "now").id
            }
            let standIn = CreateJobResponseHeaders(location: URL(fileURLWithPath: "/"), allow: ["GET"])
            """
        try Self.expectClean([("jobs.json", spec)], app: use, named: "JobsApp.swift", setting: setting)
    }

    /// Error types by status (`ErrorsByStatusTests`' spec, with the runtime's `ProblemDetails`
    /// as its `default`), caught by app code: zero diagnostics in every setting.
    @Test(arguments: Setting.allCases)
    func errorTypesByStatus(_ setting: Setting) throws {
        let spec = ErrorsByStatusTests.spec.replacingOccurrences(
            of: #""default": "Problem""#, with: #""default": "ProblemDetails""#)
        let use = """
            import DTORuntime
            func load(_ client: APIClient) async -> String {
                do {
                    return "\\(try await client.send(.job(id: 7)).id)"
                } catch APIError.server(404, _, let error as NotFound) {
                    return error.missing
                } catch APIError.server(_, _, let problem as ProblemDetails) {
                    return problem.title ?? "\\(problem)"
                } catch {
                    return "\\(error)"
                }
            }
            """
        try Self.expectClean([("jobs.json", spec)], app: use, named: "JobsApp.swift", setting: setting)
    }

    /// Your own types (`ExternalTypesTests`' spec and the app's types), used by app code:
    /// zero diagnostics in every setting.
    @Test(arguments: Setting.allCases)
    func externalTypes(_ setting: Setting) throws {
        let use = """
            import DTORuntime
            func total(_ client: APIClient) async throws -> Int {
                let order = try await client.send(.order(id: "7"))
                return order.total.cents + (order.tip?.cents ?? 0)
            }
            """
        try Self.expectClean(
            [("orders.json", ExternalTypesTests.spec)], app: ExternalTypesTests.appTypes + "\n" + use,
            named: "OrdersApp.swift", setting: setting)
    }

    /// Deprecations (`DeprecationTests`' spec and app): the app's uses warn, generated code
    /// does not, in every setting.
    @Test(arguments: Setting.allCases)
    func deprecations(_ setting: Setting) throws {
        let result = generate(DeprecationTests.spec, path: "shop.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let checked = try Self.typecheck(
            result.files, app: DeprecationTests.app, named: "ShopApp.swift", setting: setting)
        #expect(checked.status == 0, "\(checked.diagnostics.prefix(20).joined(separator: "\n"))")
        #expect(
            checked.diagnostics.map(DeprecationTests.appWarning).sorted() == DeprecationTests.expected.sorted(),
            "\(checked.diagnostics.joined(separator: "\n"))")
    }
}
