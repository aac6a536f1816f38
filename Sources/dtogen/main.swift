import DTOGenCore
import Foundation

/// The command line: parses arguments, runs the pipeline, prints, sets the exit code. Nothing else.
let usage = """
    USAGE: dtogen <specs> -o <output> [options]
           dtogen infer <sample.json>... [-o <spec.json>]   (dtogen infer --help)
           dtogen verify <spec.json> (--type <Type> | --endpoint <name>) <payload.json>...
                                                                     (dtogen verify --help)
           dtogen import <openapi.yaml|json> [-o <spec.json>]        (dtogen import --help)
           dtogen diff <old> <new> | --base <ref> [<specs>]         (dtogen diff --help)

    Generates Swift DTOs and domain mappings from dtogen specs, after checking the sample
    payloads the specs name ('$examples' on types, 'examples' on endpoints) against them.

    ARGUMENTS:
      <specs>                 A folder (every *.json below it, sorted by path, but the sample
                              payloads and OpenAPI documents specs name) or one spec file.

    OPTIONS:
      -o, --output <dir>      Folder for the generated Swift files (created if missing).
      --check                 Write nothing; list the files that would be added, changed or
                              removed with a unified diff of the changes (at most 400
                              lines), and exit 1 if there are any.
      --spec-root <dir>       With one spec file: the folder its path is taken relative
                              to (names the output files; used by the build plugin).
      --module-check <file>   Check only what needs all specs together (two specs with one
                              name, a type declared in two specs); write nothing but <file>,
                              a Swift stamp. The build plugin runs it once per target.
      --output-name <name>    With one spec file: the base name of its files (the build
                              plugin names files by the rule over all of a target's specs).
      --suffix <suffix>       With a folder: only files ending in <suffix> are specs
                              (default .json; the plugins use .dtogen.json).
      --templates <dir>       Folder of .mustache files that replace default templates of the
                              same name (\(TemplateSet.names.joined(separator: ", "))).
      --access <level>        internal, package or public: overrides every spec's
                              options.access.
      --runtime-module <name> Module that generated code imports for runtime types
                              (default DTORuntime).
      --no-runtime-import     Import no runtime module (the runtime types live in your module:
                              the sources of DTORuntime and DTODateRules).
      --no-fast-decoding      Leave out init(fastJSON:), the decoding path FastDecoder and
                              APIClient read without a Decoder (they then use init(from:)).
                              Output with fast paths needs DTORuntime's version 3.
      --spec-locations        Wrap Swift that comes from a spec (mapping arguments) in
                              #sourceLocation, so compiler errors in it point at the spec
                              line (the build plugin uses it; off for reviewed output).
      --keep-empty-files      Write a spec's three files even when one declares nothing
                              (the build plugin uses it: SwiftPM needs every declared output).
      --format <format>       text (default); github: errors and warnings as GitHub
                              workflow commands (titled with their code), so they show on
                              a pull request's lines; json: a JSON array on standard
                              output, each with its severity, code, file, line, column and
                              message. Codes are listed in docs/diagnostics.md.
      --quiet                 Print nothing on success.
      --version               Print the version.
      -h, --help              Print this help.

    EXIT CODES:
      0 done; 1 spec errors, or stale output with --check; 2 usage or file errors.
    """

let version = DTOGenVersion.tool

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("dtogen: error: \(message)\n".utf8))
    exit(code)
}

struct Options {
    var specsPath: String?
    var outputPath: String?
    var check = false
    var quiet = false
    var templatesPath: String?
    var specRoot: String?
    var suffix = ".json"
    var access: AccessLevel?
    var runtimeModule: String? = "DTORuntime"
    var keepEmptyFiles = false
    var specLocations = false
    var outputName: String?
    var moduleCheck: String?
    var fastDecoding = true
    /// How diagnostics are printed.
    var format = "text"
    /// Diagnostics as GitHub workflow commands.
    var github: Bool { format == "github" }

    init(_ commandLine: [String]) {
        var arguments = Arguments(commandLine, command: "dtogen", usage: usage)
        while let argument = arguments.next() {
            switch argument {
            case "-h", "--help":
                print(usage)
                exit(0)
            case "--version":
                print(version)
                exit(0)
            case "-o", "--output": outputPath = arguments.value(for: argument)
            case "--check": check = true
            case "--quiet", "-q": quiet = true
            case "--templates": templatesPath = arguments.value(for: argument)
            case "--spec-root": specRoot = arguments.value(for: argument)
            case "--suffix": suffix = arguments.value(for: argument)
            case "--access":
                let level = arguments.value(for: argument)
                guard let known = AccessLevel(rawValue: level) else {
                    fail("--access takes 'internal', 'package' or 'public', not '\(level)'")
                }
                access = known
            case "--runtime-module": runtimeModule = arguments.identifier(for: argument, what: "a module name")
            case "--no-runtime-import": runtimeModule = nil
            case "--no-fast-decoding": fastDecoding = false
            case "--keep-empty-files": keepEmptyFiles = true
            case "--spec-locations": specLocations = true
            case "--output-name": outputName = arguments.value(for: argument)
            case "--module-check": moduleCheck = arguments.value(for: argument)
            case "--format":
                let format = arguments.value(for: argument)
                guard ["text", "github", "json"].contains(format) else {
                    fail("--format takes 'text', 'github' or 'json', not '\(format)'")
                }
                self.format = format
            default:
                if argument.hasPrefix("-") {
                    arguments.unknown(
                        argument,
                        known: [
                            "--output", "--check", "--quiet", "--templates", "--spec-root", "--suffix", "--access",
                            "--runtime-module",
                            "--no-runtime-import", "--no-fast-decoding", "--keep-empty-files", "--spec-locations",
                            "--output-name", "--module-check", "--format", "--version", "--help",
                        ])
                }
                if let specsPath { fail("more than one specs path given ('\(specsPath)' and '\(argument)')") }
                specsPath = argument
            }
        }
    }
}

switch CommandLine.arguments.dropFirst().first {
case "infer": runInfer(Array(CommandLine.arguments.dropFirst(2)))
case "verify": runVerify(Array(CommandLine.arguments.dropFirst(2)))
case "import": runImport(Array(CommandLine.arguments.dropFirst(2)))
case "diff": runDiff(Array(CommandLine.arguments.dropFirst(2)))
default: break
}

let parsed = Options(Array(CommandLine.arguments.dropFirst()))

/// Prints what only all specs together reveal, writes the stamp file when there is no
/// error, and exits (the build plugin's once-per-target command).
func runModuleCheck(specsPath: String, stamp: String) -> Never {
    do {
        let inputs = try SpecLoader.load(specsPath, root: parsed.specRoot, suffix: parsed.suffix)
        let result = Generator.generate(
            inputs, options: GeneratorOptions(access: parsed.access, runtimeModule: parsed.runtimeModule))
        let base = parsed.specRoot ?? specsPath
        let found = result.diagnostics.filter(\.isModuleWide)
        printDiagnostics(found.map { shown($0, under: base) })
        if found.contains(where: { $0.severity == .error }) { exit(1) }
        let text = "// Generated by dtogen: \(inputs.count) specs checked together. This file declares nothing.\n"
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) != text {
            try text.write(toFile: stamp, atomically: true, encoding: .utf8)
        }
        exit(0)
    } catch let error as SpecLoader.LoadError {
        fail(error.description)
    } catch {
        fail("\(error)")
    }
}
let check = parsed.check
let quiet = parsed.quiet
let access = parsed.access
let runtimeModule = parsed.runtimeModule
let templatesPath = parsed.templatesPath
guard let specsPath = parsed.specsPath else { fail("missing <specs>\n\n\(usage)") }
if let stamp = parsed.moduleCheck {
    runModuleCheck(specsPath: specsPath, stamp: stamp)
}
guard let outputPath = parsed.outputPath else { fail("missing -o <output>\n\n\(usage)") }
do {
    let inputs = try SpecLoader.load(specsPath, root: parsed.specRoot, suffix: parsed.suffix)
    let overrides =
        try templatesPath.map { path throws(SpecLoader.LoadError) in try SpecLoader.templates(in: path) } ?? [:]
    // Spec paths are shown (in diagnostics and `#sourceLocation`) relative to where dtogen runs.
    let base =
        parsed.specRoot
        ?? (specsPath.hasSuffix(".json") ? (specsPath as NSString).deletingLastPathComponent : specsPath)
    var options = GeneratorOptions(
        access: access, runtimeModule: runtimeModule, templates: TemplateSet(overrides: overrides),
        keepsEmptyFiles: parsed.keepEmptyFiles, specLocationFolder: parsed.specLocations ? base : nil,
        outputName: parsed.outputName
    )
    options.fastDecoding = parsed.fastDecoding
    let result = Generator.generate(inputs, options: options)
    let diagnostics = result.diagnostics.map { shown($0, under: base, keeping: $0.code == .templateError) }
    if parsed.github {
        print(diagnostics.map(APIDiffReport.github).joined(), terminator: "")
    } else if parsed.format == "json" {
        print(Diagnostic.json(diagnostics))
    } else {
        printDiagnostics(diagnostics)
    }
    if result.hasErrors {
        let count = result.diagnostics.filter { $0.severity == .error }.count
        FileHandle.standardError.write(
            Data("dtogen: \(count) error\(count == 1 ? "" : "s"); nothing was written\n".utf8))
        exit(1)
    }
    let writer = OutputWriter(outputFolder: outputPath)
    if check {
        let changes = try writer.plan(result.files)
        if changes.isEmpty {
            if !quiet {
                print(
                    "dtogen: \(outputPath) is up to date (\(result.files.count) files from \(inputs.count) spec\(inputs.count == 1 ? "" : "s"))"
                )
            }
            exit(0)
        }
        // What would change, as a unified diff, bounded so a large change stays readable.
        let contents = Dictionary(result.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        var printed = 0
        let limit = 400
        for change in changes {
            print("\(change)")
            if parsed.github {
                // On the pull request: the file that would change, and how to bring it up to date.
                let path: String
                switch change {
                case .added(let file), .changed(let file), .removed(let file): path = file
                }
                print(
                    "::error file=\(APIDiffReport.workflowProperty((outputPath as NSString).appendingPathComponent(path)))::generated file is stale (\(change)); run dtogen \(APIDiffReport.workflowData(specsPath)) -o \(APIDiffReport.workflowData(outputPath)) and commit the result"
                )
            }
            guard case .changed(let path) = change, printed < limit, let new = contents[path] else { continue }
            let diff = UnifiedDiff.lines(UnifiedDiff.text(try writer.existingContents(path) ?? "", new, name: path))
            for line in diff.prefix(limit - printed) { print(line) }
            printed += min(diff.count, limit - printed)
            if printed >= limit { print("... (diff cut at \(limit) lines)") }
        }
        print(
            "dtogen: \(outputPath) is stale: \(changes.count) file\(changes.count == 1 ? "" : "s") would change; run dtogen without --check"
        )
        exit(1)
    }
    let changes = try writer.write(result.files)
    if !quiet {
        let removed = changes.filter { if case .removed = $0 { return true } else { return false } }.count
        let written = changes.count - removed
        print(
            "dtogen: \(inputs.count) spec\(inputs.count == 1 ? "" : "s"), \(result.files.count) files in \(outputPath) (\(written) written, \(removed) removed, \(result.files.count - written) unchanged)"
        )
    }
} catch let error as SpecLoader.LoadError {
    fail(error.description)
} catch let error as OutputWriter.WriteError {
    fail(error.description)
} catch {
    fail("\(error)")
}
