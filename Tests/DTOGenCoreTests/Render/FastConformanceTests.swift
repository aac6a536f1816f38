import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// Every generated struct, enum and one-of declares `FastJSONDecodable` with the type (a
/// conformance an extension adds keeps the type in a release binary). Only what an endpoint
/// decodes gets an `init(fastJSON:)` of its own; the rest take the runtime's default, which
/// runs `init(from:)` on the tape, so the declaration does not depend on the endpoints.
struct FastConformanceTests {
    static let spec = #"""
        {
          "name": "Jobs",
          "types": {
            "Job": { "id": "String", "state": { "$enum": ["queued", "done"] } },
            "NewJob": {
              "title": "String",
              "priority": { "$enum": ["low", "high"] },
              "schedule": { "at": "Date", "repeats": "Bool?" },
              "target": { "$oneOf": [{ "url": "URL" }, { "host": "String", "port": "Int" }] }
            }
          },
          "endpoints": [
            { "name": "job", "path": "/jobs/{id}", "response": "Job" },
            { "name": "createJob", "path": "/jobs", "method": "POST", "body": "NewJob", "response": "Job" }
          ]
        }
        """#

    static func dtos(_ spec: String) throws -> (text: String, files: [GeneratedFile]) {
        let result = generate([("jobs.json", spec)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let text = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        return (text, result.files)
    }

    @Test func everyTypeDeclaresItAndOnlyDecodedOnesHaveAFastPath() throws {
        let dtos = try Self.dtos(Self.spec).text
        for declaration in [
            "nonisolated struct Job: Codable, Sendable, Hashable, Swift.Identifiable, DTORuntime.FastJSONDecodable {",
            "nonisolated struct NewJob: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {",
            "struct Schedule: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {",
            "indirect enum Target: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {",
            "enum Priority: String, Codable, Sendable, Hashable, CaseIterable, DTORuntime.FastJSONDecodable {",
        ] {
            #expect(dtos.contains(declaration), "\(declaration)")
        }
        #expect(dtos.contains("nonisolated extension Job {\n    init(fastJSON json: DTORuntime.FastJSONValue)"))
        #expect(!dtos.contains("extension NewJob"), "nothing decodes NewJob: the runtime's default serves it")
        #expect(!dtos.contains(": DTORuntime.FastJSONDecodable {}"), "no extension adds the conformance")
        #expect(dtos.contains("GeneratedCodeSupport.Version\(RuntimeVersion.declaredFastPaths.rawValue)"))
    }

    /// A type's declaration line stays when the endpoint that decoded it goes.
    @Test func theDeclarationDoesNotDependOnTheEndpoints() throws {
        let without = Self.spec.replacingOccurrences(
            of: #"{ "name": "job", "path": "/jobs/{id}", "response": "Job" },"#, with: ""
        ).replacingOccurrences(of: #""body": "NewJob", "response": "Job""#, with: #""body": "Job""#)
        let before = try Self.dtos(Self.spec).text.split(separator: "\n").filter { $0.contains("struct Job") }
        let after = try Self.dtos(without).text
        #expect(!after.contains("extension Job {"))
        #expect(after.split(separator: "\n").filter { $0.contains("struct Job") } == before)
    }

    /// A type nothing decodes still decodes with `FastDecoder`, as `JSONDecoder` reads it, and
    /// fails where it fails.
    @Test func aTypeWithoutAFastPathDecodesThroughTheDefault() throws {
        let main = ##"""
            import Foundation
            @_spi(Testing) import DTORuntime

            let good = Data(#"""
                { "title": "t", "priority": "high", "schedule": { "at": "2026-01-02T03:04:05Z" },
                  "target": { "host": "h", "port": 8 } }
                """#.utf8)
            let json = try JSONDecoder().decode(NewJob.self, from: good)
            let fast = try FastDecoder().decodeWithoutFallback(NewJob.self, from: good)
            guard case .targetObject2(let target) = fast.target else { fatalError() }
            print(json == fast, fast.priority, fast.schedule.repeats as Any, target.port)
            let nested = try FastDecoder().decodeWithoutFallback([NewJob.Schedule].self, from: Data(#"[{ "at": "2026-01-02T03:04:05Z" }]"#.utf8))
            print(nested.count, nested[0] == json.schedule)
            let bad = Data(#"{ "title": "t", "priority": "urgent", "schedule": { "at": "x" }, "target": {} }"#.utf8)
            print((try? JSONDecoder().decode(NewJob.self, from: bad)) == nil, (try? FastDecoder().decodeWithoutFallback(NewJob.self, from: bad)) == nil)
            """##
        let run = try Swiftc.buildAndRun(try Self.dtos(Self.spec).files, main: main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(run.output == "true high nil 8\n1 true\ntrue true\n", "\(run.output)")
    }
}
