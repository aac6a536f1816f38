import Foundation
import Testing
@testable import DTOGenCore

struct WriterTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func file(_ name: String, _ body: String) -> GeneratedFile {
        GeneratedFile(path: name, contents: Generator.header(forSpecPath: "x.json") + "\n" + body)
    }

    @Test func writesOnlyChangedFilesAndKeepsModificationTimes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(outputFolder: folder.path)
        #expect(
            try writer.write([file("A.swift", "a"), file("B.swift", "b")]) == [.added("A.swift"), .added("B.swift")])

        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: folder.appendingPathComponent("A.swift").path)
        #expect(try writer.write([file("A.swift", "a"), file("B.swift", "b2")]) == [.changed("B.swift")])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("A.swift").path)
        #expect(attributes[.modificationDate] as? Date == old)
        #expect(try writer.plan([file("A.swift", "a"), file("B.swift", "b2")]).isEmpty)
    }

    @Test func removesOnlyStaleFilesItGenerated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(outputFolder: folder.path)
        try writer.write([file("A.swift", "a"), file("Old.swift", "old")])
        try "// my own code\n".write(to: folder.appendingPathComponent("Mine.swift"), atomically: true, encoding: .utf8)
        try "notes".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        #expect(try writer.plan([file("A.swift", "a")]) == [.removed("Old.swift")])
        try writer.write([file("A.swift", "a")])
        let remaining = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(remaining == ["A.swift", "Mine.swift", "README.md"])
    }

    @Test func refusesPathsOutsideTheOutputFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(outputFolder: folder.path)
        for path in ["../evil.swift", "/etc/evil.swift", "a/../../evil.swift", "", "./x.swift"] {
            #expect(throws: OutputWriter.WriteError.self) { try writer.write([file(path, "x")]) }
        }
    }

    /// Output file names come from spec paths; a hostile path still names files inside the
    /// output folder. The specs are valid, so files really are generated and checked.
    @Test(arguments: ["../../up/../x.json", "/etc/passwd.json", "a/../../../b c.json", "..json", "../.../..../y.json"])
    func specPathsNeverLeaveTheOutputFolder(_ path: String) throws {
        let valid = #"{ "types": { "T": { "a": "Int" } }, "endpoints": [] }"#
        let result = generate([(path, valid)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.files.count == 1)
        for file in result.files {
            #expect(
                !file.path.contains("/") && !file.path.hasPrefix(".") && file.path.hasSuffix(".swift"), "\(file.path)")
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OutputWriter(outputFolder: folder.path).write(result.files)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == result.files.map(\.path).sorted())
    }
}
