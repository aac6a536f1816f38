import DTOGenCore
import Foundation

/// `dtogen infer` and `dtogen verify`: the commands that read sample payloads.

let inferUsage = """
    USAGE: dtogen infer <sample.json>... [-o <spec.json>] [options]

    Writes a spec draft from sample payloads of one shape: several files, or the elements
    of one array. Edit the draft further; '$doc' notes starting 'dtogen infer:' mark what the
    samples could not decide (also printed as warnings).

    OPTIONS:
      -o, --output <file>     Where to write the draft (default: standard output). An existing
                              file with other content is not overwritten without --force.
      --name <name>           The spec's 'name' (default: the type name).
      --type <TypeName>       The samples' type (default: from the first sample's file name).
      --namespace <name>      Sets 'options.namespace' in the draft.
      --no-examples           Do not list the samples as '$examples' of the type (by default
                              they are, relative to the draft, so every run checks them).
      --force                 Overwrite an existing output file.
      --quiet                 Print no summary.
      -h, --help              Print this help.

    EXIT CODES:
      0 written; 1 a sample is not valid JSON; 2 usage or file errors.
    """

let verifyUsage = """
    USAGE: dtogen verify <spec.json> (--type <Type> | --endpoint <name>) <payload.json>...

    Checks payloads against a spec's type, or an endpoint's response (envelope included),
    without compiling anything: every mismatch, at the payload's line and column, with the
    spec line that declares the shape. A payload that is an array, checked against a type
    that is not, is checked element by element.

    OPTIONS:
      --type <Type>           A type of the spec (`Charge`, `Charge.Card`).
      --endpoint <name>       An endpoint of the spec: its response body as it arrives.
      --quiet                 Print nothing when every payload fits.
      -h, --help              Print this help.

    EXIT CODES:
      0 every payload fits; 1 a mismatch or a spec error; 2 usage or file errors.
    """

/// `a/b/c.json` relative to the folder `a/d`: `../b/c.json`. Both made absolute first.
func relativePath(_ path: String, from folder: String) -> String {
    func parts(_ p: String) -> [String] {
        URL(fileURLWithPath: p).standardizedFileURL.path.split(separator: "/").map(String.init)
    }
    let target = parts(path)
    let base = parts(folder)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
}

/// `specs/../Fixtures/a.json` → `Fixtures/a.json`, lexically.
func tidyPath(_ path: String) -> String {
    guard path.contains("..") else { return path }
    var parts: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
        if part == "..", let last = parts.last, last != "..", !last.isEmpty {
            parts.removeLast()
        } else if part != "." {
            parts.append(part)
        }
    }
    return parts.joined(separator: "/")
}

func readFile(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Array(data)
}

/// A diagnostic with its paths (and its note's) relative to where dtogen runs: `base` is
/// the folder the generator's paths are relative to. `keeping`: the file is already so.
func shown(_ diagnostic: Diagnostic, under base: String, keeping: Bool = false) -> Diagnostic {
    guard !base.isEmpty else { return diagnostic }
    var shown = diagnostic
    if !keeping { shown.file = tidyPath((base as NSString).appendingPathComponent(diagnostic.file)) }
    if let related = diagnostic.related {
        shown.related?.file = tidyPath((base as NSString).appendingPathComponent(related.file))
    }
    return shown
}

func printDiagnostics(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
    }
}

func runInfer(_ commandLine: [String]) -> Never {
    var arguments = Arguments(commandLine, command: "dtogen infer", usage: inferUsage)
    var samples: [String] = []
    var output: String?
    var options = InferOptions()
    var examples = true
    var force = false
    var quiet = false
    while let argument = arguments.next() {
        switch argument {
        case "-h", "--help":
            print(inferUsage)
            exit(0)
        case "-o", "--output": output = arguments.value(for: argument)
        case "--name": options.name = arguments.value(for: argument)
        case "--type": options.typeName = arguments.identifier(for: argument)
        case "--namespace": options.namespace = arguments.identifier(for: argument)
        case "--no-examples": examples = false
        case "--force": force = true
        case "--quiet", "-q": quiet = true
        default:
            if argument.hasPrefix("-") {
                arguments.unknown(
                    argument,
                    known: [
                        "--output", "--name", "--type", "--namespace", "--no-examples", "--force", "--quiet", "--help",
                    ])
            }
            samples.append(argument)
        }
    }
    guard !samples.isEmpty else { fail("infer needs at least one sample file\n\n\(inferUsage)") }
    let payloads = samples.map { SamplePayload(path: $0, bytes: readFile($0)) }
    if examples {
        let folder = output.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        options.examplePaths = samples.map {
            relativePath($0, from: folder.isEmpty ? FileManager.default.currentDirectoryPath : folder)
        }
    }
    let result = SpecInferrer.infer(payloads, options: options)
    printDiagnostics(result.diagnostics)
    if result.hasErrors { exit(1) }
    writeDraft(
        result.spec, to: output, force: force, quiet: quiet,
        from: "\(samples.count) sample\(samples.count == 1 ? "" : "s")")
}

/// Prints a drafted spec, or writes it to `output`: only when it changed, and over a file
/// with other content only when forced (a draft is edited by hand afterwards).
func writeDraft(_ spec: String, to output: String?, force: Bool, quiet: Bool, from source: String) -> Never {
    guard let output else {
        print(spec, terminator: "")
        exit(0)
    }
    let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
    if existing == spec {
        if !quiet { print("dtogen: \(output) is unchanged") }
        exit(0)
    }
    if existing != nil, !force { fail("\(output) exists with other content; pass --force to overwrite it") }
    do {
        // `-o specs/api.json` in a new repository: the folder is made, as `-o Generated` is.
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: output).deletingLastPathComponent(), withIntermediateDirectories: true)
        try spec.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(output): \(error.localizedDescription)")
    }
    if !quiet { print("dtogen: wrote \(output) from \(source)") }
    exit(0)
}

func runVerify(_ commandLine: [String]) -> Never {
    var arguments = Arguments(commandLine, command: "dtogen verify", usage: verifyUsage)
    var spec: String?
    var target: VerifyTarget?
    var payloadPaths: [String] = []
    var quiet = false
    while let argument = arguments.next() {
        switch argument {
        case "-h", "--help":
            print(verifyUsage)
            exit(0)
        case "--type", "--endpoint":
            if target != nil { fail("give one --type or --endpoint") }
            let name = arguments.value(for: argument)
            target = argument == "--type" ? .type(name) : .endpoint(name)
        case "--quiet", "-q": quiet = true
        default:
            if argument.hasPrefix("-") {
                arguments.unknown(argument, known: ["--type", "--endpoint", "--quiet", "--help"])
            }
            if spec == nil { spec = argument } else { payloadPaths.append(argument) }
        }
    }
    guard let spec else { fail("verify needs a spec\n\n\(verifyUsage)") }
    guard let target else { fail("verify needs --type <Type> or --endpoint <name>\n\n\(verifyUsage)") }
    guard !payloadPaths.isEmpty else { fail("verify needs at least one payload file\n\n\(verifyUsage)") }
    let inputs: [SpecInput]
    do {
        inputs = try SpecLoader.load(spec)
    } catch {
        fail(error.description)
    }
    let payloads = payloadPaths.map { SamplePayload(path: $0, bytes: readFile($0)) }
    let folder = (spec as NSString).deletingLastPathComponent
    // Payload paths are shown as given; spec paths relative to where dtogen runs.
    let diagnostics = Generator.verify(inputs, target: target, payloads: payloads).map { diagnostic in
        shown(diagnostic, under: folder, keeping: payloadPaths.contains(diagnostic.file))
    }
    printDiagnostics(diagnostics)
    let errors = diagnostics.filter { $0.severity == .error }.count
    if errors > 0 {
        FileHandle.standardError.write(Data("dtogen: \(errors) mismatch\(errors == 1 ? "" : "es")\n".utf8))
        exit(1)
    }
    if !quiet {
        let what: String
        switch target {
        case .type(let name): what = name
        case .endpoint(let name): what = "the response of '\(name)'"
        }
        print("dtogen: \(payloads.count) payload\(payloads.count == 1 ? " fits" : "s fit") \(what)")
    }
    exit(0)
}
