import Foundation
import LoopbackServer
import Testing
import TestSupport

@testable import DTOGenCore

/// `errors`: an error type per status. Generated code sent to a server that answers each
/// path with one status: the most specific entry decodes the body (a code before its class,
/// the class before `default`), an endpoint's entries replace the spec's status by status,
/// a body its type cannot decode is still `APIError.status`, and a stream says so before it
/// starts.
struct ErrorsByStatusTests {
    static let spec = #"""
        {
          "name": "Jobs",
          "errors": { "5XX": "Outage", "default": "Problem" },
          "types": {
            "Job": { "id": "Int" },
            "NotFound": { "missing": "String" },
            "Invalid": { "fields": ["String"] },
            "ClientError": { "reason": "String" },
            "Outage": { "retry_after": "Int" },
            "Problem": { "title": "String" },
            "Busy": { "queue": "Int" }
          },
          "endpoints": [
            {
              "name": "job", "path": "/jobs/{id}", "params": { "id": "Int" }, "response": "Job",
              "errors": { "404": "NotFound", "422": "Invalid", "4XX": "ClientError", "503": "Busy" }
            },
            { "name": "jobs", "path": "/jobs", "response": ["Job"] },
            { "name": "legacy", "path": "/legacy", "response": "Job", "error": "ClientError" },
            { "name": "events", "path": "/events", "stream": "sse", "response": "Job" }
          ]
        }
        """#

    /// What the server answers for each job id (and the other two paths).
    static let replies: [String: (Int, String)] = [
        "/jobs/404": (404, #"{ "missing": "job 404" }"#),
        "/jobs/422": (422, #"{ "fields": ["name", "due"] }"#),
        "/jobs/409": (409, #"{ "reason": "taken" }"#),
        "/jobs/503": (503, #"{ "queue": 12 }"#),
        "/jobs/500": (500, #"{ "retry_after": 30 }"#),
        "/jobs/410": (410, #"{ "not": "a client error" }"#),
        "/jobs": (404, #"{ "title": "no such list" }"#),
        "/legacy": (400, #"{ "reason": "old" }"#),
        "/events": (503, #"{ "retry_after": 9 }"#),
    ]

    @Test func theMostSpecificEntryDecodesTheBody() throws {
        let result = generate("jobs.json", Self.spec)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(
                ".decodingErrors(as: NotFound.self, for: .code(404)).decodingErrors(as: Invalid.self, for: .code(422))"
                    + ".decodingErrors(as: Busy.self, for: .code(503)).decodingErrors(as: ClientError.self, for: .statusClass(4))"
                    + ".decodingErrors(as: Outage.self, for: .statusClass(5)).decodingErrors(as: Problem.self)"),
            "\(endpoints)")
        #expect(endpoints.contains("GeneratedCodeSupport.Version15"))

        let server = try LoopbackServer { request in
            let (status, body) = Self.replies[request.path] ?? (200, "{}")
            return .json(body, status: status)
        }
        defer { server.stop() }
        let main = #"""
            import Foundation
            import DTORuntime

            let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)
            func caught(_ send: () async throws -> Any) async -> String {
                do {
                    return "ok \(try await send())"
                } catch APIError.server(let code, _, let error as NotFound) {
                    return "\(code) NotFound \(error.missing)"
                } catch APIError.server(let code, _, let error as Invalid) {
                    return "\(code) Invalid \(error.fields)"
                } catch APIError.server(let code, _, let error as ClientError) {
                    return "\(code) ClientError \(error.reason)"
                } catch APIError.server(let code, _, let error as Busy) {
                    return "\(code) Busy \(error.queue)"
                } catch APIError.server(let code, _, let error as Outage) {
                    return "\(code) Outage \(error.retryAfter)"
                } catch APIError.server(let code, _, let error as Problem) {
                    return "\(code) Problem \(error.title)"
                } catch APIError.status(let code, _) {
                    return "\(code) status"
                } catch {
                    return "other \(error)"
                }
            }
            for id in [404, 422, 409, 503, 500, 410] {
                print(await caught { try await client.send(.job(id: id)) })
            }
            print(await caught { try await client.send(.jobs) })
            print(await caught { try await client.send(.legacy) })
            print(await caught { try await client.stream(.events) })
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main, arguments: [server.baseURL.absoluteString])
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output.split(separator: "\n") == [
                "404 NotFound job 404", #"422 Invalid ["name", "due"]"#, "409 ClientError taken", "503 Busy 12",
                "500 Outage 30", "410 status", "404 Problem no such list", "400 ClientError old",
                "503 Outage 9",
            ], "\(run.output)")
    }

    /// The spec's entries reach every endpoint; an endpoint's own entry for a status replaces
    /// the spec's, and its `error` the spec's `default`.
    @Test func anEndpointsEntriesReplaceTheSpecsStatusByStatus() throws {
        let result = generate("jobs.json", Self.spec)
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(
                "static var jobs: Self {\n        Self(\n            method: .get,\n            path: \"/jobs\",\n        ).decodingErrors(as: Outage.self, for: .statusClass(5)).decodingErrors(as: Problem.self)"
            ), "\(endpoints)")
        #expect(
            endpoints.contains(
                ".decodingErrors(as: Outage.self, for: .statusClass(5)).decodingErrors(as: ClientError.self)\n"),
            "\(endpoints)")
    }

    /// A problem with a spec-level entry is reported once, however many endpoints use it; a
    /// type only an entry every endpoint replaces names is used by none.
    @Test func aSpecLevelEntryIsCheckedOnce() {
        let spec = #"""
            {
              "errors": { "5XX": "Outgae", "404": "Gone" },
              "types": { "Outage": { "m": "String" }, "Gone": { "g": "String" } },
              "endpoints": [
                { "name": "a", "path": "/a", "errors": { "404": "Outage" } },
                { "name": "b", "path": "/b", "errors": { "404": "Outage" } }
              ]
            }
            """#
        let result = generate("jobs.json", spec)
        #expect(
            result.diagnostics.map(\.description) == [
                "jobs.json:2:22: error: unknown error type 'Outgae'; did you mean 'Outage'? [DTG3131]",
                "jobs.json:3:43: warning: type 'Gone' is not used by any endpoint; it is still generated [DTG3127]",
            ])
    }

    /// The spec writer prints `errors` back as it was read.
    @Test func theWriterPrintsErrorsAsWritten() throws {
        let spec = try #require(SpecReader.read(bytes: Array(Self.spec.utf8), path: "jobs.json").0)
        let text = SpecWriter.text(spec)
        #expect(text.contains("\"errors\": {\n    \"5XX\": \"Outage\",\n    \"default\": \"Problem\"\n  }"), "\(text)")
        let reread = try #require(SpecReader.read(bytes: Array(text.utf8), path: "jobs.json").0)
        #expect(reread.endpoints[0].errors.map(\.type.value) == ["NotFound", "Invalid", "Busy", "ClientError"])
    }

    private func generate(_ path: String, _ spec: String) -> GenerationResult {
        Generator.generate([SpecInput(path: path, bytes: Array(spec.utf8))])
    }

    /// `ProblemDetails` names DTORuntime's RFC 9457 type when the spec declares none of that
    /// name: spelled with the runtime's module, or without it when the runtime's sources are
    /// compiled into the generated code's module.
    @Test(arguments: [true, false]) func problemDetailsIsTheRuntimes(runtimeImported: Bool) throws {
        let spec = #"""
            {
              "name": "Docs",
              "error": "ProblemDetails",
              "types": { "Doc": { "id": "Int" } },
              "endpoints": [{ "name": "doc", "path": "/doc", "response": "Doc" }]
            }
            """#
        var options = GeneratorOptions()
        if !runtimeImported { options.runtimeModule = nil }
        let result = Generator.generate([SpecInput(path: "docs.json", bytes: Array(spec.utf8))], options: options)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        let spelled = runtimeImported ? "DTORuntime.ProblemDetails" : "ProblemDetails"
        #expect(endpoints.contains(".decodingErrors(as: \(spelled).self)"), "\(endpoints)")
        #expect(endpoints.contains("GeneratedCodeSupport.Version15"), "the runtime that has the type")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(!dtos.contains("ProblemDetails"), "the runtime's type is neither generated nor checked")

        let server = try LoopbackServer { _ in
            .json(
                #"{"type": "https://example.com/probs/out-of-credit", "title": "You do not have enough credit.", "status": 403, "detail": "Your balance is 30.", "balance": 30}"#,
                status: 403)
        }
        defer { server.stop() }
        let main = #"""
            import Foundation
            \#(runtimeImported ? "import DTORuntime" : "")

            let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)
            do {
                _ = try await client.send(.doc)
            } catch APIError.server(let code, _, let problem as ProblemDetails) {
                print(code, problem.status ?? 0, problem.title ?? "", problem.extensions["balance"]?.doubleValue ?? 0)
                print(problem)
            }
            """#
        let run = try Swiftc.buildAndRun(
            result.files, main: main, runtime: runtimeImported ? .module : .sources,
            arguments: [server.baseURL.absoluteString])
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output
                == "403 403 You do not have enough credit. 30.0\nYou do not have enough credit.: Your balance is 30.\n",
            "\(run.output)")
    }

    /// A spec that declares a type named `ProblemDetails` means its own.
    @Test func aSpecsOwnProblemDetailsWins() throws {
        let spec = #"""
            {
              "error": "ProblemDetails",
              "types": { "ProblemDetails": { "code": "Int" } },
              "endpoints": [{ "name": "doc", "path": "/doc" }]
            }
            """#
        let result = Generator.generate([SpecInput(path: "docs.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains(".decodingErrors(as: ProblemDetails.self)"), "\(endpoints)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("struct ProblemDetails: Codable, Sendable, Hashable, Error"), "\(dtos)")
    }
}
