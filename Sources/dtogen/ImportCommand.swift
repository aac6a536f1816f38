import DTOGenCore
import Foundation

let importUsage = """
    USAGE: dtogen import <document> [-o <spec.json>] [options]

    Writes a dtogen spec from an OpenAPI 3.0 or 3.1 or Swagger 2.0 document, in JSON or
    YAML: schemas become types, operations endpoints. A document split over several files
    is followed through its $refs (relative paths, with or without a JSON pointer). What
    dtogen cannot express is left out with a warning that names its JSON pointer.

    OPTIONS:
      -o, --output <file>     Where to write the spec (default: standard output). An existing
                              file with other content is not overwritten without --force.
      --name <name>           The spec's 'name' (default: from the document's title).
      --namespace <name>      Sets 'options.namespace' in the spec.
      --closed-enums          Keep string enums and tagged one-ofs closed (by default they
                              are open: a value the API adds later decodes as 'unknown').
      --naming <style>        'swift' (the default: initialisms uniformly cased, 'avatarURL')
                              or 'camel' ('avatarUrl'), for the names import writes and the
                              spec's 'options.naming'. --update keeps the earlier spec's.
      --operations <ids>      Import only these operations (operationIds or endpoint
                              names, comma-separated; repeatable) and the types they reach.
      --tags <tags>           Import only the operations with one of these tags (comma-
                              separated; repeatable) and the types they reach. With
                              --operations: the operations either selects.
      --external-type <NAME=SwiftType>
                              Use your own Swift type for the name (repeatable): a component
                              schema of that name is not declared, and every use of it
                              spells your type ('externalTypes' in the spec). --update
                              keeps the earlier spec's.
      --update                Re-import over the spec at -o, which an earlier import wrote:
                              keep the names it gave types that are still written the same
                              way, the shapes it left in place, and its number of DTO files,
                              so code that uses them keeps compiling and the generated diff
                              shows only what changed.
      --force                 Overwrite an existing output file.
      --quiet                 Print no summary.
      -h, --help              Print this help.

    EXIT CODES:
      0  written (or unchanged); warnings say what was left out.
      1  the document has errors, printed with their lines: not JSON or YAML, not OpenAPI
         2.0 or 3.x, a file it refers to cannot be read, a $ref that cannot be followed, or
         an --operations or --tags name it does not have.
      2  usage errors, a document or -o file that cannot be read or written, or an -o file
         with other content without --force.
    """

func runImport(_ commandLine: [String]) -> Never {
    var arguments = Arguments(commandLine, command: "dtogen import", usage: importUsage)
    var document: String?
    var output: String?
    var options = ImportOptions()
    var force = false
    var update = false
    var quiet = false
    var namingOption: NamingStyle?
    var appTypes: [String: String] = [:]
    while let argument = arguments.next() {
        switch argument {
        case "-h", "--help":
            print(importUsage)
            exit(0)
        case "-o", "--output": output = arguments.value(for: argument)
        case "--name": options.name = arguments.identifier(for: argument)
        case "--namespace": options.namespace = arguments.identifier(for: argument)
        case "--closed-enums": options.closedEnums = true
        case "--naming":
            let style = arguments.value(for: argument)
            guard let naming = NamingStyle(rawValue: style) else {
                fail("--naming takes 'swift' or 'camel', found '\(style)'")
            }
            namingOption = naming
        case "--operations", "--tags":
            let prefix = argument == "--tags" ? "tag:" : ""
            let names = arguments.value(for: argument).split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if names.contains(where: \.isEmpty) {
                fail("\(argument) takes names separated by commas, with no empty one")
            }
            options.operations += names.map { prefix + $0 }
        case "--external-type":
            let text = arguments.value(for: argument)
            guard let entry = ImportOptions.externalType(text) else {
                fail(
                    "--external-type takes NAME=SwiftType, such as Money=Shop.Money (a type name, and your type's name), found '\(text)'"
                )
            }
            appTypes[entry.name] = entry.swiftType
        case "--force": force = true
        case "--update": update = true
        case "--quiet", "-q": quiet = true
        default:
            if argument.hasPrefix("-") {
                arguments.unknown(
                    argument,
                    known: [
                        "--output", "--name", "--namespace", "--closed-enums", "--naming", "--operations", "--tags",
                        "--external-type", "--update",
                        "--force", "--quiet", "--help",
                    ])
            }
            if let document { fail("more than one document given ('\(document)' and '\(argument)')") }
            document = argument
        }
    }
    guard let document else { fail("import needs an OpenAPI document\n\n\(importUsage)") }
    if update {
        guard let output else { fail("--update re-imports over the spec given with -o") }
        guard let existing = FileManager.default.contents(atPath: output) else {
            fail("--update: \(output) does not exist (import without --update first)")
        }
        guard let previous = PreviousImport(spec: Array(existing)) else {
            fail("--update: \(output) is not a spec (a JSON object)")
        }
        options.previous = previous
        options.naming = previous.naming
        options.externalTypes = previous.externalTypes
        force = true
    }
    if let namingOption { options.naming = namingOption }
    options.externalTypes.merge(appTypes) { _, given in given }
    let result = OpenAPIImporter.importDocument(bytes: readFile(document), path: document, options: options) { path in
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
    printDiagnostics(result.diagnostics)
    if result.hasErrors { exit(1) }
    if !quiet {
        for kind in result.customKinds {
            FileHandle.standardError.write(
                Data(
                    "dtogen: note: endpoints of kind '\(kind.name)' need a type of yours, 'struct \(kind.name): EndpointKind', that \(kind.detail)\n"
                        .utf8))
        }
    }
    let others = result.otherFiles.count
    var source = document + (others == 0 ? "" : " and \(others) file\(others == 1 ? "" : "s") it refers to")
    if let counts = result.counts {
        let warnings = result.diagnostics.count
        source +=
            ": \(counted(counts.endpoints, "endpoint")), \(counted(counts.types, "type"))"
            + (warnings == 0
                ? ""
                : " (\(counted(warnings, "warning")) above \(warnings == 1 ? "says" : "say") what is left out or changed)")
    }
    writeDraft(result.spec, to: output, force: force, quiet: quiet, from: source)
}

/// `1 endpoint`, `468 endpoints`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
