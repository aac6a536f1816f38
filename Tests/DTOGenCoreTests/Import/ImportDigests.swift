import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// What import gives for each real document, as digests kept in `import-digests.txt`: the
/// spec text it writes, its diagnostics (message, code and location), and the spec it built
/// with every value's location. A change of the importer's inside (the translator building
/// the typed spec) must leave all three as they were; a change meant to move them records
/// them again with `DTOGEN_RECORD=1` and says in its commit what moved. The digests are of
/// what import gives, never of the documents.
enum ImportDigests {
    static let file = packageRoot.appendingPathComponent("Tests/import-digests.txt")
    static let parts = ["spec text", "diagnostics", "built spec with its locations"]
    private static let recording = NSLock()

    /// The three digests of `imported`, a document under `folder` (left out of the paths, so
    /// they are the same on every machine).
    static func digests(_ imported: ImportResult, folder: String) -> [String] {
        let diagnostics = imported.diagnostics.map(\.description).joined(separator: "\n")
            .replacingOccurrences(of: folder, with: "")
        let builtText =
            imported.built.map { spec in
                var spec = spec
                spec.path = ""
                spec.otherFiles = spec.otherFiles.map { $0.replacingOccurrences(of: folder, with: "") }
                return structure(of: spec, locations: true)
            } ?? "none"
        return [imported.spec, diagnostics, builtText].map(fnv1a)
    }

    /// Checks `document`'s digests against the file, or records them with `DTOGEN_RECORD=1`.
    static func check(_ document: String, _ imported: ImportResult, folder: String) {
        let digests = digests(imported, folder: folder)
        if ProcessInfo.processInfo.environment["DTOGEN_RECORD"] == "1" {
            record(document, digests)
            return
        }
        guard let recorded = recorded()[document] else {
            Issue.record("no digests of \(document) in \(file.lastPathComponent): record them with DTOGEN_RECORD=1")
            return
        }
        for (index, part) in parts.enumerated() where recorded[index] != digests[index] {
            Issue.record("\(document): import's \(part) changed (DTOGEN_RECORD=1 records it, if that is meant)")
        }
    }

    static func recorded() -> [String: [String]] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var entries: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == parts.count + 1 else { continue }
            entries[fields[0]] = Array(fields.dropFirst())
        }
        return entries
    }

    /// Writes the file with `document`'s entry replaced, under a lock: the documents' test
    /// cases run in parallel.
    private static func record(_ document: String, _ digests: [String]) {
        recording.lock()
        defer { recording.unlock() }
        var entries = recorded()
        entries[document] = digests
        let header =
            "# What dtogen import gives for each document of ../shared/conformance: FNV-1a digests of its\n"
            + "# spec text, its diagnostics, and the spec it built with locations (ImportDigests.swift).\n"
        let lines = entries.keys.sorted().map { ([$0] + (entries[$0] ?? [])).joined(separator: " ") }
        try? (header + lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    /// 64-bit FNV-1a of the text's UTF-8, in hex: enough to tell that a text changed.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
