import Foundation
import PackagePlugin

/// Generates Swift from every `*.dtogen.json` file of a target on each build: one build
/// command per spec, so a no-op build runs nothing and editing one spec reruns only its command.
/// The same commands for a SwiftPM target and (on Apple platforms) an Xcode project's target.
@main
struct DTOGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            specs: target.sourceFiles.map(\.url), root: target.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "dtogen").url
        )
    }

    /// `root`: the folder spec paths are named relative to, where `dtogen.config.json` is
    /// (a SwiftPM target's folder; an Xcode project's folder).
    static func commands(specs files: [URL], root: URL, workDirectory: URL, tool: URL) throws -> [Command] {
        let options = try PluginOptions.read(in: root)
        let specs =
            files
            .filter { $0.lastPathComponent.hasSuffix(".dtogen.json") }
            .sorted { $0.path < $1.path }
        // Files are named by the same rule as on the command line, over all of the target's specs.
        let relatives = specs.map { PluginOptions.relativePath(of: $0, in: root) }
        let bases = SpecFileNaming.fileBases(forSpecPaths: relatives)
        var commands: [Command] = []
        if specs.count > 1 {
            // What needs every spec at once (two specs with one name, a type declared twice)
            // is checked by one more command; each spec's own command still reruns alone.
            let stamp = workDirectory.appendingPathComponent("DTOGenModuleCheck.swift")
            commands.append(
                .buildCommand(
                    displayName: "dtogen: \(specs.count) specs checked together",
                    executable: tool,
                    arguments: [
                        root.path(percentEncoded: false), "--suffix", ".dtogen.json",
                        "--module-check", stamp.path(percentEncoded: false),
                    ] + options.arguments,
                    inputFiles: specs + options.inputFiles,
                    outputFiles: [stamp]
                ))
        }
        return commands
            + zip(specs, zip(relatives, bases)).map { spec, naming in
                let (relative, base) = naming
                let names = SpecFileNaming.outputFileNames(base: base, dtoFiles: Self.dtoFiles(of: spec))
                // One folder per spec: dtogen removes stale files it generated in its output folder.
                let output = workDirectory.appendingPathComponent(base)
                return .buildCommand(
                    displayName: "dtogen \(relative)",
                    executable: tool,
                    arguments: [
                        spec.path(percentEncoded: false), "-o", output.path(percentEncoded: false),
                        "--spec-root", root.path(percentEncoded: false), "--output-name", base, "--quiet",
                        // SwiftPM needs every declared output file, even one that declares nothing.
                        "--keep-empty-files",
                        // Compiler errors in spec-provided Swift point at the spec, not at .build/plugins/outputs.
                        "--spec-locations",
                    ] + options.arguments,
                    // Editing a spec it imports reruns this command, and nothing else's.
                    // Editing a sample payload, the OpenAPI document the spec names or a file that
                    // document refers to reruns it too.
                    inputFiles: [spec] + Self.imports(of: spec) + Self.namedFiles(of: spec) + options.inputFiles,
                    outputFiles: names.map { output.appendingPathComponent($0) }
                )
            }
    }

    /// `options.dtoFiles` of a spec: how many DTO files it declares. A value dtogen rejects
    /// counts as 1 (dtogen then reports it at its line).
    static func dtoFiles(of spec: URL) -> Int {
        guard let data = FileManager.default.contents(atPath: spec.path(percentEncoded: false)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let options = object["options"] as? [String: Any], let count = options["dtoFiles"] as? Int,
            SpecFileNaming.dtoFileCounts.contains(count)
        else { return 1 }
        return count
    }

    /// The files a spec names that exist: sample payloads (`"$examples"` on its types,
    /// `"examples"` on its endpoints) and its OpenAPI document (`"openapi"`), relative to it.
    static func namedFiles(of spec: URL) -> [URL] {
        guard let data = FileManager.default.contents(atPath: spec.path(percentEncoded: false)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        var paths: [String] = (object["openapi"] as? String).map { [$0] } ?? []
        for case let type as [String: Any] in (object["types"] as? [String: Any] ?? [:]).values {
            paths += type["$examples"] as? [String] ?? []
        }
        for case let endpoint as [String: Any] in object["endpoints"] as? [Any] ?? [] {
            paths += endpoint["examples"] as? [String] ?? []
        }
        var urls = paths.map { spec.deletingLastPathComponent().appendingPathComponent($0).standardizedFileURL }
        if let document = (object["openapi"] as? String).map({
            spec.deletingLastPathComponent().appendingPathComponent($0).standardizedFileURL
        }) {
            urls += referencedFiles(of: document)
        }
        return Set(urls.filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) }).sorted {
            $0.path < $1.path
        }
    }

    /// The files an OpenAPI document's `$ref`s name, directly or through other files (each
    /// relative to the file that holds it), found by reading each file's text for `$ref`
    /// values: a plugin has no YAML reader, and a file listed here only decides when the
    /// spec is generated again.
    static func referencedFiles(of document: URL) -> [URL] {
        var seen: Set<String> = [document.path]
        var result: [URL] = []
        var pending = [document]
        while let file = pending.popLast(), result.count < 100_000 {
            guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            var rest = text[...]
            while let found = rest.range(of: "$ref") {
                rest = rest[found.upperBound...]
                // `$ref: 'a.yml#/x'`, `"$ref": "a.json"`, `$ref: a.yml`.
                var value = rest.drop { $0 == "\"" || $0 == "'" || $0 == " " || $0 == "\t" }
                guard value.first == ":" else { continue }
                value = value.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" }
                let written = String(value.prefix { !["\"", "'", "#", "\n", "\r", " ", ",", "}", "]"].contains($0) })
                guard !written.isEmpty, !written.contains("://") else { continue }
                let url = file.deletingLastPathComponent().appendingPathComponent(written).standardizedFileURL
                guard seen.insert(url.path).inserted,
                    FileManager.default.fileExists(atPath: url.path(percentEncoded: false))
                else { continue }
                result.append(url)
                pending.append(url)
            }
        }
        return result
    }

    /// The specs a spec imports, directly or through others (`"imports": ["common.json"]`,
    /// relative to the importing spec), that exist.
    static func imports(of spec: URL) -> [URL] {
        var result: [URL] = []
        var seen: Set<String> = [spec.standardizedFileURL.path]
        var pending = [spec]
        while let next = pending.popLast() {
            guard let data = FileManager.default.contents(atPath: next.path(percentEncoded: false)),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let paths = object["imports"] as? [String]
            else { continue }
            for path in paths {
                let url = next.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)),
                    seen.insert(url.path).inserted
                else { continue }
                result.append(url)
                pending.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Apps built from an Xcode project (where SwiftData apps live) use the same commands: the
/// target's `*.dtogen.json` files, named relative to the project's folder, which also holds
/// `dtogen.config.json`. Compiled only where XcodeProjectPlugin exists (Xcode, on macOS).
extension DTOGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            specs: target.inputFiles.map(\.url), root: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "dtogen").url
        )
    }
}
#endif
