import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-dtos [--target NAME] [--check]`:
/// for teams that commit generated code, writes each target's specs (`*.dtogen.json`) into
/// the target's `Generated/` folder, or checks that folder is current.
@main
struct DTOGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let output = extractor.extractOption(named: "output").last ?? "Generated"
        let extra = extractor.remainingArguments
        let tool = try context.tool(named: "dtogen")

        let targets =
            try targetNames.isEmpty
            ? context.package.targets
            : context.package.targets(named: targetNames)
        var failed = false
        var ran = 0
        for case let target as SourceModuleTarget in targets {
            // Committed-code targets usually exclude their specs, so look on disk, not in sourceFiles.
            let enumerator = FileManager.default.enumerator(atPath: target.directoryURL.path(percentEncoded: false))
            let hasSpecs = (enumerator?.allObjects as? [String] ?? []).contains { $0.hasSuffix(".dtogen.json") }
            guard hasSpecs else { continue }
            ran += 1
            let root = target.directoryURL
            let options = try PluginOptions.read(in: root)
            let outputURL = output.hasPrefix("/") ? URL(fileURLWithPath: output) : root.appendingPathComponent(output)
            let process = Process()
            process.executableURL = tool.url
            process.arguments =
                [
                    root.path(percentEncoded: false), "-o", outputURL.path(percentEncoded: false),
                    "--suffix", ".dtogen.json",
                ] + options.arguments + (check ? ["--check"] : []) + extra
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed = true }
        }
        if ran == 0 {
            Diagnostics.warning(
                PluginOptions.coded(
                    "DTG8003",
                    "no target has *.dtogen.json specs\(targetNames.isEmpty ? "" : " among \(targetNames.joined(separator: ", "))")"
                ))
        }
        if failed {
            throw CommandError(
                code: "DTG8004",
                message: check
                    ? "generated code is stale or a spec has errors (dtogen's messages above say which)"
                    : "a spec has errors (dtogen's messages above say which)")
        }
    }
}

/// The command's own failure, after dtogen's located diagnostics.
struct CommandError: Error, CustomStringConvertible {
    var code: String
    var message: String
    var description: String { PluginOptions.coded(code, message) }
}
