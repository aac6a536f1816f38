import Foundation

/// The Write stage: compares generated files with the output folder and writes only what
/// changed, atomically; removes files it generated earlier (recognised by the header) that
/// no spec produces any more; never touches anything else.
public struct OutputWriter {
    public enum Change: Equatable, Sendable, CustomStringConvertible {
        case added(String)
        case changed(String)
        case removed(String)

        public var description: String {
            switch self {
            case .added(let p): "added: \(p)"
            case .changed(let p): "changed: \(p)"
            case .removed(let p): "removed: \(p)"
            }
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    public let outputFolder: URL

    public init(outputFolder: String) {
        self.outputFolder = URL(fileURLWithPath: outputFolder).standardizedFileURL
    }

    /// What writing `files` would change, in path order.
    /// What a file in the output folder holds now; nil when it does not exist or is not text.
    public func existingContents(_ path: String) throws(WriteError) -> String? {
        let url = try destination(path)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    public func plan(_ files: [GeneratedFile]) throws(WriteError) -> [Change] {
        var changes: [Change] = []
        let produced = Set(files.map(\.path))
        for file in files {
            let url = try destination(file.path)
            if let existing = FileManager.default.contents(atPath: url.path) {
                if existing != Data(file.contents.utf8) { changes.append(.changed(file.path)) }
            } else {
                changes.append(.added(file.path))
            }
        }
        for stale in try generatedFiles() where !produced.contains(stale) {
            changes.append(.removed(stale))
        }
        return changes.sorted { $0.description.utf8.lexicographicallyPrecedes($1.description.utf8) }
    }

    /// Applies the plan. Unchanged files are not touched (their modification times stay).
    @discardableResult
    public func write(_ files: [GeneratedFile]) throws(WriteError) -> [Change] {
        let changes = try plan(files)
        do {
            try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create \(outputFolder.path): \(error.localizedDescription)")
        }
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        // Files are independent: write them on all cores (a large API has hundreds).
        let failures = parallelMap(changes) { change -> String? in
            do throws(WriteError) {
                switch change {
                case .added(let path), .changed(let path):
                    let url = try destination(path)
                    do {
                        try Data((byPath[path] ?? "").utf8).write(to: url, options: .atomic)
                    } catch {
                        throw WriteError(description: "cannot write \(url.path): \(error.localizedDescription)")
                    }
                case .removed(let path):
                    let url = try destination(path)
                    do {
                        try FileManager.default.removeItem(at: url)
                    } catch {
                        throw WriteError(description: "cannot remove \(url.path): \(error.localizedDescription)")
                    }
                }
                return nil
            } catch {
                return error.description
            }
        }
        if let failure = failures.compactMap({ $0 }).first {
            throw WriteError(description: failure)
        }
        return changes
    }

    /// The file's URL, refusing any path that would leave the output folder.
    func destination(_ relative: String) throws(WriteError) -> URL {
        let components = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." })
        else {
            throw WriteError(description: "refusing to write '\(relative)' outside \(outputFolder.path)")
        }
        return outputFolder.appendingPathComponent(relative)
    }

    /// `.swift` files directly in the output folder whose first line is dtogen's header.
    func generatedFiles() throws(WriteError) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: outputFolder.path) else { return [] }
        var result: [String] = []
        for entry in entries.sorted() where entry.hasSuffix(".swift") {
            let url = outputFolder.appendingPathComponent(entry)
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let start = (try? handle.read(upToCount: Generator.headerPrefix.utf8.count)) ?? Data()
            try? handle.close()
            if start == Data(Generator.headerPrefix.utf8) { result.append(entry) }
        }
        return result
    }
}
