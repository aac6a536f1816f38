import DTOGenCore
import Foundation

let diffUsage = """
    USAGE: dtogen diff <old> <new> [options]
           dtogen diff --base <ref> [<specs>] [options]

    Says what a change to the specs does to code that uses the generated API (source) and to
    apps already shipped (wire). Both sides go through the whole pipeline (imports and backed
    OpenAPI documents included) and their resolved APIs are compared, not their text. Writes
    nothing.

    ARGUMENTS:
      <old>, <new>            Spec files or folders (folders as for generation).
      <specs>                 With --base: the specs folder or file now (default: specs).

    OPTIONS:
      --base <ref>            Read the old side from git: <specs> as of <ref> (a branch, a
                              tag, a commit; origin/main in a pull request).
      --format <format>       text (default: grouped by severity), markdown (a table for a
                              pull request comment), json (an array of objects with the keys
                              severity, breaks, symbol, message, location) or github
                              (workflow commands, so changes show on the pull request's lines).
      --fail-on <kind>        Exit 1 when a change is breaking, or breaks source or wire.
      --suffix <suffix>       With folders: only files ending in <suffix> are specs.
      -h, --help              Print this help.

    EXIT CODES:
      0 compared (and nothing --fail-on looks for); 1 a change --fail-on looks for, or spec
      errors on either side (each says which); 2 usage, file or git errors.
    """

func runDiff(_ commandLine: [String]) -> Never {
    var arguments = Arguments(commandLine, command: "dtogen diff", usage: diffUsage)
    var paths: [String] = []
    var base: String?
    var format = APIDiffFormat.text
    var failOn: APIDiffFailure?
    var suffix = ".json"
    while let argument = arguments.next() {
        switch argument {
        case "-h", "--help":
            print(diffUsage)
            exit(0)
        case "--base": base = arguments.value(for: argument)
        case "--format":
            let value = arguments.value(for: argument)
            guard let known = APIDiffFormat(rawValue: value) else {
                fail(
                    "--format takes \(APIDiffFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), not '\(value)'"
                )
            }
            format = known
        case "--fail-on":
            let value = arguments.value(for: argument)
            guard let known = APIDiffFailure(rawValue: value) else {
                fail(
                    "--fail-on takes \(APIDiffFailure.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), not '\(value)'"
                )
            }
            failOn = known
        case "--suffix": suffix = arguments.value(for: argument)
        default:
            if argument.hasPrefix("-") {
                arguments.unknown(argument, known: ["--base", "--format", "--fail-on", "--suffix", "--help"])
            }
            paths.append(argument)
        }
    }
    let oldPath: String
    let newPath: String
    var checkout: URL?
    if let base {
        guard paths.count <= 1 else {
            fail("with --base, give one specs path (the new side), not \(paths.count)\n\n\(diffUsage)")
        }
        newPath = paths.first ?? "specs"
        let tree = GitTree(ref: base)
        checkout = tree.folder
        oldPath = tree.extract(newPath)
    } else {
        guard paths.count == 2 else { fail("diff needs the old and the new specs (or --base <ref>)\n\n\(diffUsage)") }
        oldPath = paths[0]
        newPath = paths[1]
    }
    // Every way out removes the tree --base unpacked.
    let removeCheckout = { [checkout] in _ = checkout.map { try? FileManager.default.removeItem(at: $0) } }
    let old: [SpecInput]
    let new: [SpecInput]
    do {
        old = try SpecLoader.load(oldPath, suffix: suffix)
        new = try SpecLoader.load(newPath, suffix: suffix)
    } catch {
        removeCheckout()
        fail(error.description)
    }
    // Paths are shown as the user names them: the old side of --base as the same paths now.
    let oldBase = base == nil ? folder(of: oldPath) : folder(of: newPath)
    let newBase = folder(of: newPath)
    // Files an OpenAPI document refers to are read while the specs are resolved.
    let result = APIDiff.compare(old: old, new: new)
    removeCheckout()
    if result.hasErrors {
        let diagnostics =
            result.oldErrors.map { shown($0, under: oldBase) } + result.newErrors.map { shown($0, under: newBase) }
        if format == .github {
            print(diagnostics.map(APIDiffReport.github).joined(), terminator: "")
        } else {
            printDiagnostics(diagnostics)
        }
        exit(1)
    }
    let changes = result.changes.map { change -> APIChange in
        var shown = change
        shown.file = tidyPath(((change.inOldSpecs ? oldBase : newBase) as NSString).appendingPathComponent(change.file))
        return shown
    }
    print(APIDiffReport.render(changes, as: format), terminator: "")
    if let failOn, changes.contains(where: failOn.matches) { exit(1) }
    exit(0)
}

/// The folder spec paths are relative to: the folder itself, or a spec file's folder.
private func folder(of path: String) -> String {
    path.hasSuffix(".json") ? (path as NSString).deletingLastPathComponent : path
}

/// The repository as of a ref, written to a temporary folder (`git archive`), so the old
/// side is read as the new one is, imports and OpenAPI documents included.
struct GitTree {
    let ref: String
    let folder: URL

    init(ref: String) {
        self.ref = ref
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-diff-\(UUID().uuidString)")
    }

    /// `path` (relative to the working folder) inside the extracted tree.
    func extract(_ path: String) -> String {
        let prefix = git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let root = git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = git(
            ["rev-parse", "--verify", "--quiet", ref + "^{commit}"],
            failure: "'\(ref)' is not a commit, branch or tag of this repository")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            fail("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let archive = folder.appendingPathComponent("tree.tar")
        _ = git(
            ["-C", root, "archive", "--format=tar", "-o", archive.path, ref], failure: "git archive of '\(ref)' failed")
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", archive.path, "-C", folder.path]
        do {
            try tar.run()
            tar.waitUntilExit()
        } catch {
            fail("cannot run tar: \(error.localizedDescription)")
        }
        guard tar.terminationStatus == 0 else { fail("cannot unpack the tree of '\(ref)'") }
        // A path inside the repository, from its top: relative to where dtogen runs, or absolute.
        let inRepository: String
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if path.hasPrefix("/") {
            guard absolute.hasPrefix(root + "/") else {
                try? FileManager.default.removeItem(at: folder)
                fail("\(path) is not inside the repository at \(root)")
            }
            inRepository = String(absolute.dropFirst(root.count + 1))
        } else {
            inRepository = prefix + path
        }
        let old = folder.appendingPathComponent(inRepository).path
        guard FileManager.default.fileExists(atPath: old) else {
            try? FileManager.default.removeItem(at: folder)
            fail("\(path) does not exist at '\(ref)'")
        }
        return old
    }

    /// What git printed; exits with `failure` (or git's own message) when it fails.
    private func git(_ arguments: [String], failure: String? = nil) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            fail("cannot run git: \(error.localizedDescription)")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            fail(
                failure
                    ?? "git \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return String(decoding: output, as: UTF8.self)
    }
}
