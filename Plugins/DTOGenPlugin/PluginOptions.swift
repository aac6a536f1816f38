// Shared by DTOGenPlugin and DTOGenCommand (the command plugin links to this file).
import Foundation

/// `dtogen.config.json` in the target's folder: `{ "access": "public", "templates": "Templates", "runtimeModule": "DTORuntime", "fastDecoding": false }`.
struct PluginOptions {
    var arguments: [String] = []
    var inputFiles: [URL] = []

    /// An error in `dtogen.config.json`, printed as dtogen prints a spec's errors: located,
    /// with its code (`docs/diagnostics.md`, "Build and command plugins").
    struct ConfigError: Error, CustomStringConvertible {
        var code: String
        var file: URL
        var message: String
        var description: String { "\(file.path(percentEncoded: false)):1:1: error: \(message) [\(code)]" }
    }

    static func read(in root: URL) throws -> PluginOptions {
        let file = root.appendingPathComponent("dtogen.config.json")
        guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)) else {
            return PluginOptions()
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ConfigError(code: "DTG8001", file: file, message: "dtogen.config.json must be a JSON object")
        }
        var options = PluginOptions(inputFiles: [file])
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("access", let level as String):
                options.arguments += ["--access", level]
            case ("runtimeModule", let module as String):
                options.arguments += module.isEmpty ? ["--no-runtime-import"] : ["--runtime-module", module]
            case ("fastDecoding", let enabled as Bool):
                if !enabled { options.arguments += ["--no-fast-decoding"] }
            case ("templates", let folder as String):
                let url = root.appendingPathComponent(folder)
                options.arguments += ["--templates", url.path(percentEncoded: false)]
                let names =
                    (try? FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))) ?? []
                options.inputFiles += names.filter { $0.hasSuffix(".mustache") }.sorted().map {
                    url.appendingPathComponent($0)
                }
            default:
                throw ConfigError(
                    code: "DTG8002", file: file,
                    message:
                        "unknown or invalid option '\(key)' in dtogen.config.json; expected \"access\", \"templates\" or \"runtimeModule\" (strings) or \"fastDecoding\" (true or false)"
                )
            }
        }
        return options
    }

    /// A plugin's own message with its code at the end, as dtogen ends its diagnostics.
    static func coded(_ code: String, _ message: String) -> String { "\(message) [\(code)]" }

    static func relativePath(of file: URL, in root: URL) -> String {
        let filePath = file.standardizedFileURL.path(percentEncoded: false)
        let rootPath = root.standardizedFileURL.path(percentEncoded: false)
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return filePath.hasPrefix(prefix) ? String(filePath.dropFirst(prefix.count)) : file.lastPathComponent
    }
}
