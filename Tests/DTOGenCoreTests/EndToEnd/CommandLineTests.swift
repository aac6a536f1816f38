import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// The `dtogen` command line, run as a process.
struct CommandLineTests {
    /// The `dtogen` built next to the test bundle (swift test builds every product).
    static var executable: URL? {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("dtogen")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    struct MissingExecutable: Error {}

    typealias Run = ProcessRun

    /// Runs `dtogen`; `environment` replaces those variables of this process's environment.
    func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Run {
        guard let executable = Self.executable else { throw MissingExecutable() }
        return try launch(executable, arguments, in: folder, environment: environment)
    }

    /// Runs a shell command line as a workflow step does.
    func shell(_ command: String, in folder: URL) throws -> Run {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder)
    }

    func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("specs/nested"), withIntermediateDirectories: true)
        try #"{ "types": { "Point": { "x": "Int" } }, "endpoints": [] }"#.write(
            to: url.appendingPathComponent("specs/points.json"), atomically: true, encoding: .utf8)
        try #"{ "types": { "Line": { "a": "Int" } }, "endpoints": [] }"#.write(
            to: url.appendingPathComponent("specs/nested/lines.dtogen.json"), atomically: true, encoding: .utf8)
        return url
    }

    @Test func generateThenCheck() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try run(["specs", "-o", "Generated"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "dtogen: 2 specs, 2 files in Generated (2 written, 0 removed, 0 unchanged)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Generated").path)
            .sorted()
        #expect(files == ["Lines.DTOs.swift", "Points.DTOs.swift"])

        #expect(try run(["specs", "-o", "Generated", "--check"], in: folder).status == 0)
        #expect(try run(["specs", "-o", "Generated", "--quiet"], in: folder).stdout == "")

        try #"{ "types": { "Point": { "x": "Int", "y": "Int" } }, "endpoints": [] }"#.write(
            to: folder.appendingPathComponent("specs/points.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/nested"))
        let stale = try run(["specs", "-o", "Generated", "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("changed: Points.DTOs.swift\n"))
        #expect(stale.stdout.contains("removed: Lines.DTOs.swift\n"))
        // The change itself, as a unified diff.
        #expect(stale.stdout.contains("--- a/Points.DTOs.swift\n+++ b/Points.DTOs.swift\n@@ "), "\(stale.stdout)")
        #expect(stale.stdout.contains("\n+    let y: Int\n"), "\(stale.stdout)")
    }

    @Test func specErrorsPrintPathLineColumnAndWriteNothing() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{ \"types\": { \"P\": { \"x\": \"Itn\" } },\n  \"endpoints\": [] }".write(
            to: folder.appendingPathComponent("specs/bad.json"), atomically: true, encoding: .utf8)
        let result = try run(["specs", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "specs/bad.json:1:26: error: unknown type 'Itn'; did you mean 'Int'? [DTG3106]\ndtogen: 1 error; nothing was written\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        // For tools: the same as JSON on standard output, code included.
        let json = try run(["specs", "-o", "Generated", "--format", "json"], in: folder)
        #expect(json.status == 1)
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(
            entries?.count == 1 && entries?.first?["code"] as? String == "DTG3106"
                && entries?.first?["line"] as? Int == 1 && entries?.first?["column"] as? Int == 26, "\(json.stdout)")
        let github = try run(["specs", "-o", "Generated", "--format", "github"], in: folder)
        #expect(
            github.stdout.hasPrefix("::error file=specs/bad.json,line=1,col=26,title=DTG3106::unknown type 'Itn'"),
            "\(github.stdout)")
    }

    /// The build plugin's once-per-target check: only what all specs together reveal.
    @Test func moduleCheckReportsOnlyCrossSpecErrors() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stamp = folder.appendingPathComponent("stamp.swift")
        let fine = try run(["specs", "--module-check", stamp.path], in: folder)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(
            try String(contentsOf: stamp, encoding: .utf8).hasPrefix(
                "// Generated by dtogen: 2 specs checked together."))
        try FileManager.default.removeItem(at: stamp)

        // A type declared in two specs, and a spec error that the spec's own command reports.
        try #"{ "types": { "Point": { "x": "Int" }, "Bad": { "y": "Strng" } }, "endpoints": [] }"#.write(
            to: folder.appendingPathComponent("specs/nested/lines.dtogen.json"), atomically: true, encoding: .utf8)
        let clash = try run(["specs", "--module-check", stamp.path], in: folder)
        #expect(clash.status == 1)
        #expect(
            clash.stderr
                == "specs/points.json:1:14: error: type 'Point' is also generated by nested/lines.dtogen.json:1:14; generated types share one module, so names must be unique across specs [DTG3076]\n"
        )
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
    }

    /// One spec file (as the build plugin runs it): the specs it imports are read, not generated.
    @Test func aSingleSpecReadsItsImports() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            #"{ "imports": ["../points.json"], "types": { "Segment": { "from": "Point", "to": "Point" } }, "endpoints": [] }"#
            .write(to: folder.appendingPathComponent("specs/nested/segments.json"), atomically: true, encoding: .utf8)
        let result = try run(["specs/nested/segments.json", "--spec-root", "specs", "-o", "Out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Out").path) == [
                "Segments.DTOs.swift"
            ])
        let dtos = try String(contentsOf: folder.appendingPathComponent("Out/Segments.DTOs.swift"), encoding: .utf8)
        #expect(dtos.contains("let from: Point") && !dtos.contains("struct Point"))
        // The build plugin's name wins even though the imported spec is read beside it.
        let named = try run(
            ["specs/nested/segments.json", "--spec-root", "specs", "-o", "Named", "--output-name", "Nested_Segments"],
            in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Named").path) == [
                "Nested_Segments.DTOs.swift"
            ])
    }

    @Test func usageErrorsExitTwo() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try run(["specs"], in: folder).status == 2)
        #expect(try run(["specs", "-o", "G", "--access", "open"], in: folder).status == 2)
        #expect(
            try run(["nowhere", "-o", "G"], in: folder).stderr == "dtogen: error: no such file or folder: nowhere\n")
        #expect(try run(["specs", "-o", "G", "--bogus"], in: folder).status == 2)
        let typo = try run(["specs", "-o", "G", "--acess", "public"], in: folder)
        #expect(typo.status == 2)
        #expect(
            typo.stderr
                == "dtogen: error: unknown option '--acess'; did you mean '--access'? (dtogen --help lists the options)\n"
        )
        let help = try run(["--help"], in: folder)
        #expect(help.status == 0 && help.stdout.contains("USAGE: dtogen <specs> -o <output>"))
    }

    /// `dtogen import --operations` / `--tags`: a part of a document, as a spec that generates.
    @Test func importAPartOfADocument() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OpenAPIImportTests.document.write(
            to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        let part = try run(
            ["import", "shop.yaml", "--operations", "get-item", "--tags", "health", "-o", "specs/shop.json"], in: folder
        )
        #expect(part.status == 0, "\(part.stderr)")
        let spec = try String(contentsOf: folder.appendingPathComponent("specs/shop.json"), encoding: .utf8)
        #expect(
            spec.contains("\"getItem\"") && spec.contains("\"getPing\"") && !spec.contains("postItems")
                && !spec.contains("Missing"))
        #expect(try run(["specs", "-o", "Generated"], in: folder).status == 0)
        // Into a folder that does not exist yet, as in a new repository.
        let fresh = try run(["import", "shop.yaml", "-o", "api/specs/shop.json", "--quiet"], in: folder)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("api/specs/shop.json").path))
        let unknown = try run(["import", "shop.yaml", "--tags", "helth"], in: folder)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "shop.yaml:1:1: error: no operation of shop.yaml has the tag 'helth'; did you mean 'health'?"))
        let empty = try run(["import", "shop.yaml", "--operations", "get-item,"], in: folder)
        #expect(
            empty.status == 2
                && empty.stderr.contains("--operations takes names separated by commas, with no empty one"))
    }

    /// `dtogen import --naming camel`, then `--update` without it: the spec stays camel.
    @Test func importNamingAndUpdateKeepIt() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try NamingStyleImportTests.document.write(
            to: folder.appendingPathComponent("profiles.yaml"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("specs/profiles.json")
        let camel = try run(["import", "profiles.yaml", "--naming", "camel", "-o", "specs/profiles.json"], in: folder)
        #expect(camel.status == 0, "\(camel.stderr)")
        // What was written, and how much of it.
        #expect(
            camel.stdout == "dtogen: wrote specs/profiles.json from profiles.yaml: 1 endpoint, 1 type\n",
            "\(camel.stdout)")
        // With parts left out, it says how many warnings tell of them.
        try ImportCheckTests.findDocument.write(
            to: folder.appendingPathComponent("find.yaml"), atomically: true, encoding: .utf8)
        let find = try run(["import", "find.yaml", "-o", "specs/find.json"], in: folder)
        #expect(find.status == 0, "\(find.stderr)")
        #expect(find.stdout.hasSuffix(" (2 warnings above say what is left out or changed)\n"), "\(find.stdout)")
        // The exit codes its help gives: 2 for a document that cannot be read, 1 for one
        // that is not JSON or YAML.
        #expect(try run(["import", "nope.yaml"], in: folder).status == 2)
        try "{ \"openapi\": ".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        #expect(try run(["import", "broken.json"], in: folder).status == 1)
        let first = try String(contentsOf: spec, encoding: .utf8)
        #expect(first.contains(#""naming": "camel""#) && first.contains(#""getProfileById""#))
        let updated = try run(["import", "profiles.yaml", "--update", "-o", "specs/profiles.json"], in: folder)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try String(contentsOf: spec, encoding: .utf8) == first)
        let bad = try run(["import", "profiles.yaml", "--naming", "snake"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--naming takes 'swift' or 'camel', found 'snake'"))
    }

    /// `dtogen import --external-type`, kept by `--update`; a malformed one is a usage error.
    @Test func importExternalTypesAndUpdateKeepsThem() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExternalTypesImportTests.document.write(
            to: folder.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("specs/orders.json")
        let first = try run(
            ["import", "orders.yaml", "--external-type", "Money=Shop.Money", "-o", "specs/orders.json"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try String(contentsOf: spec, encoding: .utf8)
        #expect(written.contains(#""externalTypes": {\#n    "Money": {\#n      "type": "Shop.Money","#), "\(written)")
        let updated = try run(["import", "orders.yaml", "--update", "-o", "specs/orders.json"], in: folder)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try String(contentsOf: spec, encoding: .utf8) == written)
        let bad = try run(["import", "orders.yaml", "--external-type", "Money"], in: folder)
        #expect(
            bad.status == 2 && bad.stderr.contains("--external-type takes NAME=SwiftType, such as Money=Shop.Money"),
            "\(bad.stderr)")
    }

    static let shopBefore = """
        { "types": { "Charge": { "id": "String", "amount_captured": "Int" }, "Status": { "$enum": ["paid"] } },
          "endpoints": [{ "name": "charge", "path": "/charges/{id}", "params": { "id": "String" }, "response": "Charge", "query": { "status": "Status?" } }] }
        """
    static let shopAfter = """
        { "types": { "Charge": { "id": "String", "currency": "String?" }, "Status": { "$enum": ["paid", "failed"] } },
          "endpoints": [{ "name": "charge", "path": "/v2/charges/{id}", "params": { "id": "String" }, "response": "Charge", "query": { "status": "Status?" } }] }
        """

    /// `dtogen diff`: formats, `--fail-on`, and errors that say which side.
    @Test func diffTwoFolders() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (side, text) in [("old", Self.shopBefore), ("new", Self.shopAfter)] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(side), withIntermediateDirectories: true)
            try text.write(to: folder.appendingPathComponent("\(side)/shop.json"), atomically: true, encoding: .utf8)
        }
        let text = try run(["diff", "old", "new"], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout == """
                breaking (2):
                  old/shop.json:1:42: Charge.amountCaptured: field 'amount_captured' removed [source, wire]
                  new/shop.json:2:27: Endpoint.charge: sends GET /v2/charges/{id} (was GET /charges/{id}) [wire]
                non-breaking (2):
                  new/shop.json:1:42: Charge.currency: optional field 'currency' added
                  new/shop.json:1:67: Status.failed: case 'failed' added

                """)
        #expect(try run(["diff", "old", "new", "--fail-on", "wire"], in: folder).status == 1)
        #expect(try run(["diff", "new", "new", "--fail-on", "breaking"], in: folder).stdout == "No API changes.\n")
        let json = try run(["diff", "old", "new", "--format", "json"], in: folder)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            objects.count == 4
                && objects.allSatisfy { Set($0.keys) == ["severity", "breaks", "symbol", "message", "location"] })
        let usage = try run(["diff", "old"], in: folder)
        #expect(usage.status == 2 && usage.stderr.contains("diff needs the old and the new specs"))
        let format = try run(["diff", "old", "new", "--format", "yaml"], in: folder)
        #expect(
            format.status == 2
                && format.stderr.contains("--format takes 'text', 'markdown', 'json', 'github', not 'yaml'"))
        try #"{ "types": { "Charge": { "id": "Strng" } }, "endpoints": [] }"#.write(
            to: folder.appendingPathComponent("new/shop.json"), atomically: true, encoding: .utf8)
        let broken = try run(["diff", "old", "new"], in: folder)
        #expect(broken.status == 1)
        #expect(
            broken.stderr.contains(
                "new/shop.json:1:32: error: (new side) unknown type 'Strng'; did you mean 'String'?"),
            "\(broken.stderr)")
    }

    /// The README's workflow, its `run:` steps as written (with this build's dtogen), in a git
    /// repository whose origin/main has the old specs: the generated code is current, the
    /// markdown report is written, and a change that breaks the wire fails the last step.
    @Test func theReadmeWorkflowRuns() throws {
        let executable = try #require(Self.executable)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let workflow = try #require(
            readme.components(separatedBy: "<!-- workflow -->").dropFirst().first?.components(separatedBy: "\n```\n")
                .first)
        let steps = workflow.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "- run: ") else { return nil }
            return String(line[range.upperBound...]).replacingOccurrences(of: "swift run dtogen", with: executable.path)
        }
        #expect(steps.count == 3)
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("specs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        let spec = repository.appendingPathComponent("specs/shop.json")
        try Self.shopBefore.write(to: spec, atomically: true, encoding: .utf8)
        let git = "git -c user.email=ci@example.com -c user.name=CI"
        for command in [
            "git init -q", "\(executable.path) specs/ -o Generated --quiet", "git add -A", "\(git) commit -qm base",
            "git update-ref refs/remotes/origin/main HEAD",
        ] {
            let done = try shell(command, in: repository)
            try #require(done.status == 0, "\(command): \(done.stderr)")
        }
        // The pull request: a new spec; before its output is generated, the first step fails on the stale file.
        try Self.shopAfter.write(to: spec, atomically: true, encoding: .utf8)
        let stale = try shell(steps[0], in: repository)
        #expect(stale.status == 1)
        #expect(
            stale.stdout.contains(
                "::error file=Generated/Shop.DTOs.swift::generated file is stale (changed: Shop.DTOs.swift); run dtogen specs/ -o Generated and commit the result"
            ), "\(stale.stdout)")
        #expect(try shell("\(executable.path) specs/ -o Generated --quiet", in: repository).status == 0)
        let check = try shell(steps[0], in: repository)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let comment = try shell(steps[1], in: repository)
        #expect(comment.status == 0, "\(comment.stderr)")
        let markdown = try String(contentsOf: repository.appendingPathComponent("api-changes.md"), encoding: .utf8)
        #expect(
            markdown.hasPrefix("**2 breaking, 2 non-breaking**")
                && markdown.contains("| breaking | wire | `Endpoint.charge` |"), "\(markdown)")
        let gate = try shell(steps[2], in: repository)
        #expect(gate.status == 1)
        #expect(
            gate.stdout.contains(
                "::error file=specs/shop.json,line=2,col=27::Endpoint.charge: sends GET /v2/charges/{id} (was GET /charges/{id}) (breaks wire)"
            ), "\(gate.stdout)")
        // A ref that does not exist is a usage error.
        let missing = try shell("\(executable.path) diff --base origin/nope specs/", in: repository)
        #expect(
            missing.status == 2
                && missing.stderr.contains("'origin/nope' is not a commit, branch or tag of this repository"),
            "\(missing.stderr)")
    }

    /// `diff --base` reads a backed spec's document, and the files it refers to, as they were.
    @Test func diffBaseReadsADocumentAndItsFilesAsTheyWere() throws {
        let executable = try #require(Self.executable)
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-diff-base-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("docs/models"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        try """
        openapi: 3.0.0
        info: { title: Pets, version: "1" }
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "models/pet.yaml" } } } }
        """.write(to: repository.appendingPathComponent("docs/api.yaml"), atomically: true, encoding: .utf8)
        let pet = repository.appendingPathComponent("docs/models/pet.yaml")
        try "type: object\nrequired: [id, name]\nproperties:\n  id: { type: integer }\n  name: { type: string }\n"
            .write(to: pet, atomically: true, encoding: .utf8)
        try #"{ "openapi": "../docs/api.yaml" }"#.write(
            to: repository.appendingPathComponent("specs/pets.json"), atomically: true, encoding: .utf8)
        for command in [
            "git init -q", "git add -A", "git -c user.email=ci@example.com -c user.name=CI commit -qm base",
        ] {
            let done = try shell(command, in: repository)
            try #require(done.status == 0, "\(command): \(done.stderr)")
        }
        try "type: object\nrequired: [id]\nproperties:\n  id: { type: integer }\n  name: { type: string }\n".write(
            to: pet, atomically: true, encoding: .utf8)
        let diff = try shell("\(executable.path) diff --base HEAD specs", in: repository)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(
            diff.stdout
                == "breaking (1):\n  docs/models/pet.yaml:5:9: Pet.name: required field 'name' is now optional [source, wire]\n"
        )
    }

    @Test func singleFileAndTemplatesFolder() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try "{{{header}}}\n// custom mappings\n".write(
            to: folder.appendingPathComponent("templates/mappings.swift.mustache"), atomically: true, encoding: .utf8)
        let result = try run(
            ["specs/points.json", "-o", "Out", "--templates", "templates", "--keep-empty-files"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let mappings = try String(
            contentsOf: folder.appendingPathComponent("Out/Points.Mappings.swift"), encoding: .utf8)
        #expect(mappings == "// Generated by dtogen from points.json. Do not edit.\n// custom mappings\n")
        // Without --keep-empty-files a file that declares nothing is pruned like any stale one.
        #expect(try run(["specs/points.json", "-o", "Out"], in: folder).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Out").path).sorted() == [
                "Points.DTOs.swift"
            ])

        try "x".write(to: folder.appendingPathComponent("templates/strukt.mustache"), atomically: true, encoding: .utf8)
        let bad = try run(["specs", "-o", "Out", "--templates", "templates"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no default template is named 'strukt'; did you mean 'struct'?"))
    }

    /// infer → generate (which verifies the samples) → a changed sample stops the run at its
    /// line → verify names the same place.
    @Test func inferThenGenerateThenVerify() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("samples"), withIntermediateDirectories: true)
        let sample = folder.appendingPathComponent("samples/todos.json")
        try "[{\"id\": 1, \"title\": \"a\"}, {\"id\": 2, \"title\": \"b\", \"due\": \"2024-05-01\"}]".write(
            to: sample, atomically: true, encoding: .utf8)

        let inferred = try run(["infer", "samples/todos.json", "-o", "specs/todos.json", "--type", "Todo"], in: folder)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stdout == "dtogen: wrote specs/todos.json from 1 sample\n")
        let draft = try String(contentsOf: folder.appendingPathComponent("specs/todos.json"), encoding: .utf8)
        #expect(draft.contains(#""due": { "$type": "Date?", "$format": "yyyy-MM-dd" }"#), "\(draft)")
        #expect(draft.contains(#""$examples": ["../samples/todos.json"]"#), "\(draft)")
        // Not overwritten when it differs, unless forced; the same draft again is no change.
        #expect(
            try run(["infer", "samples/todos.json", "-o", "specs/todos.json", "--type", "Todo"], in: folder).stdout
                == "dtogen: specs/todos.json is unchanged\n")
        let refused = try run(["infer", "samples/todos.json", "-o", "specs/points.json"], in: folder)
        #expect(
            refused.status == 2 && refused.stderr.contains("specs/points.json exists with other content; pass --force"))

        #expect(try run(["specs", "-o", "Generated"], in: folder).status == 0)
        try "[{\"id\": 1, \"title\": \"a\"},\n {\"id\": \"2\", \"title\": \"b\"}]".write(
            to: sample, atomically: true, encoding: .utf8)
        let stale = try run(["specs", "-o", "Generated", "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(
            stale.stderr.hasPrefix(
                "samples/todos.json:2:9: error: '[1].id' is a string (\"2\"); Todo.id is Int (specs/todos.json:5:7) [DTG5026]\n"
            ), "\(stale.stderr)")

        let verified = try run(["verify", "specs/todos.json", "--type", "Todo", "samples/todos.json"], in: folder)
        #expect(verified.status == 1)
        #expect(
            verified.stderr.hasPrefix(
                "samples/todos.json:2:9: error: '[1].id' is a string (\"2\"); Todo.id is Int (specs/todos.json:5:7) [DTG5026]\n"
            ), "\(verified.stderr)")
        let usage = try run(["verify", "specs/todos.json", "samples/todos.json"], in: folder)
        #expect(usage.status == 2 && usage.stderr.contains("verify needs --type <Type> or --endpoint <name>"))
    }
}
