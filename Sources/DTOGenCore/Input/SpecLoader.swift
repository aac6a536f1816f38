import Foundation

/// Finds spec files: every `*.json` below a folder (hidden folders skipped; not the sample
/// payloads and OpenAPI documents specs name), sorted by relative path, or one file given directly.
public enum SpecLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The options file of the build plugin; never read as a spec.
    public static let configFileName = "dtogen.config.json"

    /// - Parameters:
    ///   - root: for a single file, the folder its path is relative to (names its output files).
    ///   - suffix: only files whose names end with it are specs (`.dtogen.json` for build targets).
    public static func load(_ path: String, root: String? = nil, suffix: String = ".json") throws(LoadError)
        -> [SpecInput]
    {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw LoadError(description: "no such file or folder: \(path)")
        }
        if !isDirectory.boolValue {
            var relative = url.lastPathComponent
            var rootURL = url.deletingLastPathComponent()
            if let root {
                let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
                let filePath = url.standardizedFileURL.path
                guard filePath.hasPrefix(rootPath + "/") else {
                    throw LoadError(description: "\(path) is not inside --spec-root \(root)")
                }
                relative = String(filePath.dropFirst(rootPath.count + 1))
                rootURL = URL(fileURLWithPath: root)
            }
            return withNamedFiles(
                withImports(parsed([try read(url, relativePath: relative)]), root: rootURL), root: rootURL)
        }
        var inputs: [SpecInput] = []
        for relative in try specPaths(in: url, suffix: suffix) {
            inputs.append(try read(url.appendingPathComponent(relative), relativePath: relative))
        }
        return withNamedFiles(withoutNamedFiles(parsed(inputs), root: url), root: url)
    }

    /// The inputs that are specs: not a file a spec names (a sample payload in `examples` or
    /// `$examples`, the document of `openapi`), not an OpenAPI document (`"openapi": "3.1.0"`,
    /// `"swagger": "2.0"`), and not a file such a document refers to. So samples and
    /// documents can live beside the specs that use them.
    static func withoutNamedFiles(_ inputs: [SpecInput], root: URL) -> [SpecInput] {
        var named: Set<String> = []
        var documents: [String] = []
        for input in inputs {
            guard let tree = input.parsed else { continue }
            let files = SpecReader.namedFiles(root: tree, path: input.path)
            named.formUnion(files)
            if let document = tree["openapi"]?.stringValue, let path = SpecPaths.example(document, from: input.path) {
                documents.append(path)
            }
            if isOpenAPIDocument(tree) { documents.append(input.path) }
        }
        // What documents inside the folder refer to (a document outside it refers to files outside it too).
        let inside = documents.filter { !$0.hasPrefix("../") }
        if !inside.isEmpty { named.formUnion(referencedFiles(of: inside, root: root)) }
        return inputs.filter { input in !named.contains(input.path) && !(input.parsed.map(isOpenAPIDocument) ?? false) }
    }

    /// `"openapi": "3.x.y"` or `"swagger": "2.0"` at the top: a document, not a spec (whose
    /// `openapi` names a document's path).
    static func isOpenAPIDocument(_ tree: JSONNode) -> Bool {
        if tree["swagger"]?.stringValue != nil, tree["paths"] != nil { return true }
        guard let version = tree["openapi"]?.stringValue, let first = version.first else { return false }
        return first.isNumber && !version.contains("/")
    }

    /// The files OpenAPI documents refer to through `$ref`s, directly or through one another,
    /// relative to `root`.
    static func referencedFiles(of documents: [String], root: URL) -> Set<String> {
        var seen = Set(documents)
        var pending = documents
        while let path = pending.popLast() {
            guard
                let data = FileManager.default.contents(
                    atPath: root.appendingPathComponent(path).standardizedFileURL.path),
                let tree = try? OpenAPIImporter.read(Array(data))
            else { continue }
            var refs: [String] = []
            collectReferences(tree, into: &refs)
            for ref in refs {
                let written = String(ref.prefix { $0 != "#" })
                guard !written.isEmpty, !written.contains("://"), let target = SpecPaths.relative(written, from: path),
                    seen.insert(target).inserted
                else { continue }
                pending.append(target)
            }
        }
        return seen.subtracting(documents)
    }

    static func collectReferences(_ node: JSONNode, into refs: inout [String]) {
        switch node.value {
        case .object(let members):
            for member in members {
                if member.key == "$ref", let ref = member.value.stringValue {
                    refs.append(ref)
                } else {
                    collectReferences(member.value, into: &refs)
                }
            }
        case .array(let elements): for element in elements { collectReferences(element, into: &refs) }
        default: break
        }
    }

    /// Reads the files that generated specs name (sample payloads, OpenAPI documents), so the
    /// generator can use them. One that cannot be read is left out: the generator reports it
    /// at the spec's line.
    static func withNamedFiles(_ inputs: [SpecInput], root: URL) -> [SpecInput] {
        inputs.map { input in
            guard input.generates, let tree = input.parsed else { return input }
            var input = input
            for path in SpecReader.namedFiles(root: tree, path: input.path) {
                if let data = FileManager.default.contents(
                    atPath: root.appendingPathComponent(path).standardizedFileURL.path)
                {
                    input.files[path] = Array(data)
                }
            }
            // The files an OpenAPI document refers to are found as it is read.
            if tree["openapi"] != nil {
                input.readFile = { path in
                    FileManager.default.contents(
                        atPath: path.hasPrefix("/") ? path : root.appendingPathComponent(path).standardizedFileURL.path
                    ).map { Array($0) }
                }
            }
            return input
        }
    }

    /// Relative paths of the `*.json` files below `root`, sorted byte-wise so every machine agrees.
    static func specPaths(in root: URL, suffix: String) throws(LoadError) -> [String] {
        var result: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                throw LoadError(description: "cannot list \(folder.path): \(error.localizedDescription)")
            }
            for entry in entries where !entry.hasPrefix(".") {
                let child = relative.isEmpty ? entry : relative + "/" + entry
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(child).path, isDirectory: &isDirectory)
                if exists && isDirectory.boolValue {
                    pending.append(child)
                } else if entry.hasSuffix(suffix), entry != configFileName {
                    result.append(child)
                }
            }
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The specs that `inputs` import (transitively) and that are not among them, read so
    /// their types are known, but not generated (`generates: false`). One that cannot be read
    /// is left out: the generator reports the import, at its line.
    static func withImports(_ inputs: [SpecInput], root: URL) -> [SpecInput] {
        var result = inputs
        var known = Set(inputs.map(\.path))
        var pending = inputs
        while let next = pending.popLast() {
            guard let tree = next.parsed else { continue }
            for path in SpecReader.importedPaths(root: tree, path: next.path) where !known.contains(path) {
                known.insert(path)
                guard var imported = try? read(root.appendingPathComponent(path), relativePath: path) else { continue }
                imported.generates = false
                imported.parsed = try? JSONReader.parse(bytes: imported.bytes)
                result.append(imported)
                pending.append(imported)
            }
        }
        return result
    }

    /// Parses every spec once, on all cores; one that is no JSON stays unparsed, and the
    /// generator reports where it stops being JSON.
    static func parsed(_ inputs: [SpecInput]) -> [SpecInput] {
        parallelMap(inputs) { input in
            var input = input
            input.parsed = try? JSONReader.parse(bytes: input.bytes)
            return input
        }
    }

    static func read(_ url: URL, relativePath: String) throws(LoadError) -> SpecInput {
        do {
            let data = try Data(contentsOf: url)
            return SpecInput(path: relativePath, bytes: Array(data))
        } catch {
            throw LoadError(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// Reads `--templates DIR`: every `NAME.mustache` must name a default template.
    public static func templates(in path: String) throws(LoadError) -> [String: String] {
        let url = URL(fileURLWithPath: path)
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw LoadError(description: "cannot read templates folder \(path): \(error.localizedDescription)")
        }
        var overrides: [String: String] = [:]
        let known = TemplateSet.names
        for entry in entries.sorted() where entry.hasSuffix(".mustache") {
            let name = String(entry.dropLast(".mustache".count))
            guard known.contains(name) else {
                throw LoadError(
                    description:
                        "\(path)/\(entry): no default template is named '\(name)'\(Suggest.hint(for: name, in: known)); templates are \(known.joined(separator: ", "))"
                )
            }
            do {
                overrides[name] = try String(contentsOf: url.appendingPathComponent(entry), encoding: .utf8)
            } catch {
                throw LoadError(description: "cannot read \(path)/\(entry): \(error.localizedDescription)")
            }
        }
        return overrides
    }
}
