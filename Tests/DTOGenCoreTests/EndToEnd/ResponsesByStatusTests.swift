import Foundation
import LoopbackServer
import Testing
import TestSupport

@testable import DTOGenCore

/// `responses`: an endpoint whose success statuses answer different bodies returns an enum
/// with a case per status (`.ok(Job)`, `.accepted(JobTicket)`, `.noContent`), decoded by the
/// status that arrived; a 2xx status it does not list is `APIError.status`. Generated code
/// sent to a server that answers each path with one status.
struct ResponsesByStatusTests {
    static let spec = #"""
        {
          "name": "Jobs",
          "types": {
            "Job": { "id": "Int", "state": "String" },
            "JobTicket": { "ticket": "String", "poll_after": "Int" }
          },
          "endpoints": [
            {
              "name": "createJob", "method": "POST", "path": "/jobs/{mode}", "params": { "mode": "String" },
              "body": { "name": "String" },
              "responses": { "200": "Job", "202": "JobTicket", "204": null }
            },
            {
              "name": "jobReport", "path": "/report/{mode}", "params": { "mode": "String" },
              "responses": { "200": "String", "203": { "cached_at": "String" } }
            },
            {
              "name": "wrapped", "path": "/wrapped/{mode}", "params": { "mode": "String" },
              "envelope": { "data": "data" },
              "responses": { "200": "Job", "201": ["JobTicket"] }
            }
          ]
        }
        """#

    /// What the server answers for each path.
    static let replies: [String: (Int, String)] = [
        "/jobs/now": (200, #"{ "id": 7, "state": "done" }"#),
        "/jobs/later": (202, #"{ "ticket": "t-1", "poll_after": 30 }"#),
        "/jobs/quiet": (204, ""),
        "/jobs/odd": (201, #"{ "id": 8, "state": "new" }"#),
        "/report/text": (200, "all good"),
        "/report/cached": (203, #"{ "cached_at": "yesterday" }"#),
        "/wrapped/one": (200, #"{ "data": { "id": 9, "state": "wrapped" } }"#),
        "/wrapped/many": (
            201, #"{ "data": [{ "ticket": "a", "poll_after": 1 }, { "ticket": "b", "poll_after": 2 }] }"#
        ),
    ]

    @Test func theStatusThatArrivedPicksTheCase() throws {
        let result = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(Self.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("enum CreateJobResponse: Sendable, Hashable, DTORuntime.StatusResponse {"), "\(dtos)")
        #expect(dtos.contains("    /// 204 No Content.\n    case noContent\n"), "\(dtos)")
        #expect(
            dtos.contains("struct JobReportNonAuthoritativeInformation"), "an inline body is named after its status")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("Endpoint<DTORuntime.EndpointKinds.Public, CreateJobResponse>"), "\(endpoints)")

        let server = try LoopbackServer { request in
            let (status, body) = Self.replies[request.path] ?? (500, "")
            return .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        defer { server.stop() }
        let main = #"""
            import Foundation
            import DTORuntime

            let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)
            for mode in ["now", "later", "quiet", "odd"] {
                do {
                    switch try await client.send(.createJob(mode: mode, body: CreateJobBody(name: "n"))) {
                    case .ok(let job): print("ok", job.id, job.state)
                    case .accepted(let ticket): print("accepted", ticket.ticket, ticket.pollAfter)
                    case .noContent: print("no content")
                    }
                } catch APIError.status(let code, _) {
                    print("status", code)
                }
            }
            for mode in ["text", "cached"] {
                switch try await client.send(.jobReport(mode: mode)) {
                case .ok(let text): print("text", text)
                case .nonAuthoritativeInformation(let cached): print("cached", cached.cachedAt)
                }
            }
            for mode in ["one", "many"] {
                let response = try await client.response(for: .wrapped(mode: mode), using: ())
                switch response.value {
                case .ok(let job): print(response.statusCode, "job", job.state)
                case .created(let tickets): print(response.statusCode, "tickets", tickets.map(\.ticket))
                }
            }
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main, arguments: [server.baseURL.absoluteString])
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output.split(separator: "\n") == [
                "ok 7 done", "accepted t-1 30", "no content", "status 201", "text all good", "cached yesterday",
                "200 job wrapped", #"201 tickets ["a", "b"]"#,
            ], "\(run.output)")
    }

    /// `dtogen verify --endpoint` has no one type to check a body against, and says which
    /// status has which; `--type` checks one.
    @Test func verifyAsksForOneStatusesType() {
        let inputs = [SpecInput(path: "jobs.json", bytes: Array(Self.spec.utf8))]
        let payload = SamplePayload(path: "job.json", bytes: Array(#"{ "id": 1, "state": "x" }"#.utf8))
        let byEndpoint = Generator.verify(inputs, target: .endpoint("createJob"), payloads: [payload])
        #expect(
            byEndpoint.map(\.description) == [
                "jobs.json:9:15: error: 'createJob' answers each status with its own body (200: Job, 202: JobTicket); verify one with --type [DTG5027]"
            ])
        #expect(Generator.verify(inputs, target: .type("Job"), payloads: [payload]).isEmpty)
    }

    /// The spec writer prints `responses` back as they were read, `null` included.
    @Test func theWriterPrintsResponsesAsWritten() throws {
        let spec = try #require(SpecReader.read(bytes: Array(Self.spec.utf8), path: "jobs.json").0)
        let text = SpecWriter.text(spec)
        let written = ["\"200\": \"Job\"", "\"202\": \"JobTicket\"", "\"204\": null"]
        #expect(
            text.contains("\"responses\": {\n        " + written.joined(separator: ",\n        ") + "\n      }"),
            "\(text)")
        let reread = try #require(SpecReader.read(bytes: Array(text.utf8), path: "jobs.json").0)
        #expect(
            reread.endpoints.map { $0.responses.map(\.status.value) } == [[200, 202, 204], [200, 203], [200, 201]])
    }

    /// A status whose body is a deprecated type deprecates the enum and the factory that
    /// returns it, so the generated code compiles without a warning; a status without a body
    /// still checks the envelope's rule; a taken name is said.
    @Test func deprecationEnvelopesAndTakenNames() throws {
        let spec = #"""
            {
              "types": {
                "Old": { "$deprecated": "use Job", "id": "Int" },
                "Job": { "id": "Int" },
                "LegacyResponse": { "x": "Int" }
              },
              "endpoints": [
                { "name": "legacy", "path": "/legacy", "responses": { "200": "Old", "202": "Job" } },
                {
                  "name": "quiet", "path": "/quiet", "envelope": { "data": "data", "success": { "key": "ok", "equals": true } },
                  "responses": { "200": "Job", "204": null }
                }
              ]
            }
            """#
        let result = Generator.generate([SpecInput(path: "old.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(
            result.diagnostics.map(\.description) == [
                "old.json:5:5: warning: type 'LegacyResponse' is not used by any endpoint; it is still generated [DTG3127]",
                "old.json:8:59: warning: 'LegacyResponse', the name of 'legacy''s response by status, is also a type's; it is generated as 'LegacyResponse2' [DTG3153]",
            ])
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(
            dtos.contains(
                "@available(*, deprecated, message: \"Old is deprecated: use Job\")\nnonisolated enum LegacyResponse2"))
        #expect(
            dtos.contains(
                "        case 204:\n            try Self.checkEnvelope(of: body, envelope)\n            self = .noContent\n"
            ))
        let checked = try Swiftc.typecheck(
            result.files, runtime: .module, flags: ["-swift-version", "6", "-warnings-as-errors"])
        #expect(checked.status == 0, "\(Swiftc.errors(checked.output))")
    }
}
