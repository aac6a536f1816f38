import Foundation
import LoopbackServer
import Testing
import TestSupport

@testable import DTOGenCore

/// `responseHeaders`: an endpoint's declared response headers become a struct
/// (`CreateJobResponseHeaders`) that `client.response(for:)` returns beside the body as
/// `responseHeaders`, each header read as its type (an `X-` dropped from its property's
/// name); a malformed optional one is nil, a missing required one throws. Generated code
/// sent to a server that answers each path with its own headers.
struct ResponseHeadersTests {
    static let spec = #"""
        {
          "name": "Jobs",
          "types": {
            "Job": { "id": "Int" },
            "CacheStatus": { "$enum": ["HIT", "MISS"] }
          },
          "endpoints": [
            {
              "name": "createJob", "method": "POST", "path": "/jobs/{mode}", "params": { "mode": "String" },
              "kind": "private",
              "response": "Job",
              "responseHeaders": {
                "X-RateLimit-Remaining": "Int?",
                "ETag": { "$type": "String?", "$doc": "The job's version." },
                "Expires": "Date?",
                "X-Reset-At": { "$type": "Date?", "$format": "secondsSince1970" },
                "Location": "URL",
                "X-Cache": "CacheStatus?",
                "Allow": ["String"],
                "X-Mode": { "$enum": ["fast", "slow"], "$optional": true },
                "X-Old-Quota": { "$type": "Int?", "$deprecated": "Read X-RateLimit-Remaining." }
              }
            },
            {
              "name": "ping", "path": "/ping", "responseHeaders": { "X-Request-Id": "UUID?" }
            }
          ]
        }
        """#

    /// What the server answers for each path: the headers of a 200 with a `Job` body.
    static let replies: [String: [String: String]] = [
        "/jobs/full": [
            "x-ratelimit-remaining": "41", "ETag": "\"v7\"", "Expires": "Wed, 21 Oct 2026 07:28:00 GMT",
            "X-Reset-At": "1700000000", "Location": "/jobs/7", "X-Cache": "HIT", "Allow": "GET, HEAD , PUT",
            "X-Mode": "slow", "X-Old-Quota": "3",
        ],
        "/jobs/malformed": [
            "X-RateLimit-Remaining": "many", "Expires": "tomorrow", "Location": "/jobs/8", "X-Cache": "STALE",
            "Allow": "",
        ],
        "/jobs/missing": ["X-RateLimit-Remaining": "1"],
        "/ping": ["X-Request-Id": "9F1C2A44-3B8E-4D2B-9C31-0F5E6D7A8B90"],
    ]

    @Test func theDeclaredHeadersAreReadAsTheirTypes() throws {
        let result = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(Self.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(
            dtos.contains("struct CreateJobResponseHeaders: Sendable, Hashable, DTORuntime.ResponseHeaders {"),
            "\(dtos)")
        #expect(dtos.contains("    var rateLimitRemaining: Int?\n"), "\(dtos)")
        #expect(dtos.contains(#"self.expires = headers.date("Expires")"#), "\(dtos)")
        #expect(dtos.contains(#"self.location = try headers.requiredValue("Location", as: URL.self)"#), "\(dtos)")
        #expect(dtos.contains("enum CreateJobMode: String"), "an inline enum is named after the endpoint: \(dtos)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(
                "extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.WithResponseHeaders<DTORuntime.EndpointKinds.Private, CreateJobResponseHeaders>, Job> {"
            ), "\(endpoints)")
        #expect(endpoints.contains("GeneratedCodeSupport.Version16"), "\(endpoints)")

        let server = try LoopbackServer { request in
            var headers = Self.replies[request.path] ?? [:]
            headers["Content-Type"] = "application/json"
            return .respond(status: 200, headers: headers, body: Data(#"{ "id": 7 }"#.utf8))
        }
        defer { server.stop() }
        let main = #"""
            import Foundation
            import DTORuntime

            let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)
            let token = AccessToken(rawValue: "t")
            let full = try await client.response(for: .createJob(mode: "full"), using: token)
            let h = full.responseHeaders
            print(full.value.id, full.statusCode, h.rateLimitRemaining ?? -1, h.eTag ?? "-")
            print(h.expires?.timeIntervalSince1970 ?? -1, h.resetAt?.timeIntervalSince1970 ?? -1)
            print(h.location.absoluteString, h.cache == .hit, h.allow, h.mode == .slow, full.header("etag") ?? "-")
            let odd = try await client.response(for: .createJob(mode: "malformed"), using: token).responseHeaders
            print(odd.rateLimitRemaining as Any, odd.expires as Any, odd.cache as Any, odd.allow)
            do {
                _ = try await client.response(for: .createJob(mode: "missing"), using: token)
            } catch let error as APIError {
                print(error)
            }
            // `send` returns the body alone, and reads no header.
            print(try await client.send(.createJob(mode: "missing"), using: token).id)
            print(try await client.response(for: .ping).responseHeaders.requestID?.uuidString ?? "-")
            let stand = CreateJobResponseHeaders(location: URL(string: "/x")!, allow: [])
            print(stand.rateLimitRemaining as Any, stand == CreateJobResponseHeaders(location: URL(string: "/x")!, allow: []))
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main, arguments: [server.baseURL.absoluteString])
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        let lines = run.output.split(separator: "\n").filter { !$0.hasPrefix("DTORuntime:") }
        #expect(
            lines == [
                #"7 200 41 "v7""#, "1792567680.0 1700000000.0", #"/jobs/7 true ["GET", "HEAD", "PUT"] true "v7""#,
                "nil nil nil []",
                "cannot decode the response at 'headers.Location': missing response header 'Location'", "7",
                "9F1C2A44-3B8E-4D2B-9C31-0F5E6D7A8B90", "nil true",
            ], "\(run.output)")
        #expect(
            run.output.contains(
                "DTORuntime: response header 'X-RateLimit-Remaining': 'many' is not a value of type Int"),
            "a malformed optional header is logged: \(run.output)")
    }

    /// Located errors: a header of a type no header holds, a modifier a header takes not,
    /// a name twice, headers on a stream; a taken struct name is a warning.
    @Test func badHeadersAreLocatedErrors() {
        let spec = #"""
            {
              "name": "Bad",
              "types": { "Job": { "id": "Int" }, "ListResponseHeaders": { "a": "Int" } },
              "endpoints": [
                {
                  "name": "list", "path": "/jobs", "response": ["Job"],
                  "responseHeaders": {
                    "X-Job": "Job?", "X-Count": { "$type": "Int", "$default": 1 }, "x-count": "Int?",
                    "X-When": { "$type": "Int?", "$format": "iso8601" }, "Bad Name": "String?", "X-Dates": ["Date"],
                    "X-Fine": "String?"
                  }
                },
                {
                  "name": "events", "path": "/events", "stream": "sse", "response": "Job",
                  "responseHeaders": { "X-Id": "String?" }
                }
              ]
            }
            """#
        let result = Generator.generate([SpecInput(path: "bad.json", bytes: Array(spec.utf8))])
        let messages = result.diagnostics.map(\.description)
        #expect(
            messages == [
                "bad.json:3:38: warning: type 'ListResponseHeaders' is not used by any endpoint; it is still generated [DTG3127]",
                "bad.json:8:9: warning: 'ListResponseHeaders', the name of 'list''s response headers, is also a type's; it is generated as 'ListResponseHeaders2' [DTG3155]",
                "bad.json:8:18: error: response header 'X-Job' is Job; a header is read as String, Int, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, an enum, or a comma-separated list of those (not of dates) [DTG3154]",
                "bad.json:8:67: error: response header 'X-Count' takes no '$default': a header the response may lack is optional ('?') [DTG3156]",
                "bad.json:8:72: error: 'x-count' is the header 'X-Count' again: header names ignore case; keep one [DTG3157]",
                "bad.json:9:49: error: '$format' on response header 'X-When' gives a Date header's format (an HTTP date unless it says otherwise); 'X-When' is Int [DTG3159]",
                "bad.json:9:62: error: 'Bad Name' is not a valid HTTP header name [DTG3158]",
                "bad.json:9:96: error: response header 'X-Dates' is [Date]; a header is read as String, Int, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, an enum, or a comma-separated list of those (not of dates) [DTG3154]",
                "bad.json:15:28: error: 'responseHeaders' is not supported on a stream endpoint: 'client.stream' gives the events, not a response; remove it [DTG2033]",
            ], "\(messages)")
    }

    /// A header's inline enum is named after the parameters' (which keep their names), and
    /// a header of a deprecated type deprecates the struct, so generated code compiles
    /// without a warning; a deprecated header's storage never takes another header's name.
    @Test func namesAndDeprecationsLeaveTheRestAlone() throws {
        let spec = #"""
            {
              "name": "Jobs",
              "types": {
                "Job": { "id": "Int" },
                "OldCache": { "$enum": ["HIT", "MISS"], "$deprecated": "Read X-Cache-State." }
              },
              "endpoints": [
                {
                  "name": "list", "path": "/jobs", "query": { "mode": { "$enum": ["a", "b"], "$optional": true } },
                  "response": ["Job"],
                  "responseHeaders": {
                    "X-Mode": { "$enum": ["fast", "slow"], "$optional": true },
                    "X-Cache": "OldCache?",
                    "X-Count": { "$type": "Int?", "$deprecated": true },
                    "X-Other": { "$type": "Int?", "$name": "_count" }
                  }
                }
              ]
            }
            """#
        let result = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("enum ListMode: String, Codable, Sendable, Hashable, CaseIterable"), "\(dtos)")
        #expect(dtos.contains("    case a\n"), "the parameter's enum keeps its name: \(dtos)")
        #expect(dtos.contains("var mode: ListMode2?"), "\(dtos)")
        #expect(
            dtos.contains(
                "@available(*, deprecated, message: \"OldCache is deprecated: Read X-Cache-State.\")\nnonisolated struct ListResponseHeaders"
            ),
            "\(dtos)")
        let checked = try Swiftc.typecheck(result.files, with: "", runtime: .module)
        #expect(checked.status == 0, "\(Swiftc.errors(checked.output))")
        #expect(!checked.output.contains("warning:"), "\(checked.output)")
    }
}
