import Foundation
import LoopbackServer
import Testing
import YAMLReader
@testable import DTOGenCore
import TestSupport

/// Streamed responses in OpenAPI documents: `text/event-stream` and JSON Lines become stream
/// endpoints, beside the JSON endpoint when an operation answers either way.
struct StreamImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Talk, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        paths:
          /chat:
            post:
              operationId: createChat
              requestBody:
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/ChatRequest" }
              responses:
                "200":
                  description: ok
                  content:
                    application/json: { schema: { $ref: "#/components/schemas/Chat" } }
                    text/event-stream: { schema: { $ref: "#/components/schemas/ChatChunk" } }
          /runs:
            get:
              operationId: watchRuns
              responses:
                "200":
                  description: ok
                  content:
                    text/event-stream: { schema: { $ref: "#/components/schemas/RunEvent" } }
          /speech:
            post:
              operationId: speak
              responses:
                "200":
                  description: audio, whole or streamed
                  content:
                    application/octet-stream: { schema: { type: string, format: binary } }
                    text/event-stream: { schema: { $ref: "#/components/schemas/ChatChunk" } }
          /exports:
            get:
              operationId: exportRows
              responses:
                "200":
                  description: ok
                  content:
                    application/x-ndjson: { schema: { $ref: "#/components/schemas/Row" } }
        components:
          schemas:
            ChatRequest:
              type: object
              required: [prompt]
              properties:
                prompt: { type: string }
                stream: { type: boolean, description: "Streams the answer; the stream ends with `data: [DONE]`." }
            Chat: { type: object, required: [text], properties: { text: { type: string } } }
            ChatChunk: { type: object, required: [delta], properties: { delta: { type: string } } }
            RunEvent:
              oneOf:
                - { $ref: "#/components/schemas/RunStarted" }
                - { $ref: "#/components/schemas/RunDone" }
            RunStarted:
              type: object
              required: [event, data]
              properties: { event: { type: string, enum: [run.started] }, data: { $ref: "#/components/schemas/Row" } }
            RunDone:
              type: object
              required: [event, data]
              properties: { event: { type: string, enum: [run.done] }, data: { type: object, properties: { id: { type: integer } } } }
            Row: { type: object, required: [id], properties: { id: { type: integer } } }
        """

    @Test func streamedResponsesBecomeStreamEndpoints() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "talk.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        let root = try JSONReader.parse(bytes: Array(imported.spec.utf8))
        let endpoints = root["endpoints"]?.elements ?? []
        func summary(_ endpoint: JSONNode) -> [String] {
            ["name", "method", "response", "stream", "end", "events"].compactMap { key in
                endpoint[key]?.stringValue.map { "\(key)=\($0)" }
            }
        }
        #expect(
            endpoints.map(summary) == [
                ["name=createChat", "method=POST", "response=Chat"],
                ["name=createChatStream", "method=POST", "response=ChatChunk", "stream=sse", "end=[DONE]"],
                ["name=watchRuns", "response=RunEvent", "stream=sse", "events=named"],
                // Beside bytes, the stream is the other endpoint: the bytes stay Data, not text.
                ["name=speak", "method=POST", "response=Data"],
                ["name=speakStream", "method=POST", "response=ChatChunk", "stream=sse"],
                ["name=exportRows", "response=Row", "stream=jsonl"],
            ])
        #expect(endpoints[1]["body"]?.stringValue == "ChatRequest", "the stream sends the same request")
        let generated = Generator.generate([SpecInput(path: "talk.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let factories = try #require(generated.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(factories.contains("extension DTORuntime.StreamEndpoint<DTORuntime.EndpointKinds.Public, ChatChunk> {"))
        #expect(factories.contains("static func createChatStream(body: ChatRequest) -> Self {"))
        #expect(factories.contains("format: .serverSentEvents(end: \"[DONE]\"),"))
        #expect(factories.contains("format: .serverSentEvents(named: true),"))
        #expect(factories.contains("format: .jsonLines,"))
    }

    /// swift-openapi-generator's event-stream example offers one body as JSON Lines, JSON
    /// sequences and server-sent events: one stream endpoint (the first format dtogen reads),
    /// not a text endpoint beside it.
    @Test func aBodyOfSeveralStreamFormatsIsOneStream() throws {
        let path = OpenAPIImportTests.folder.appendingPathComponent("swift-openapi-generator-event-streams.yaml").path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(bytes: Array(data), path: path)
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        let endpoints = try JSONReader.parse(bytes: Array(imported.spec.utf8))["endpoints"]?.elements ?? []
        #expect(
            endpoints.map { [$0["name"]?.stringValue, $0["stream"]?.stringValue] } == [["getGreetingsStream", "sse"]])
    }

    /// OpenAI's streamed chat completion, end to end: its document imported (only that
    /// operation), the Swift generated, built with the runtime and run against the loopback
    /// server replaying the chunks the document's example shows, cut into small pieces.
    @Test func openAIsStreamedChatCompletion() throws {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/conformance/bigapis/openai.yaml"
        ).path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(data), path: path, options: ImportOptions(operations: ["createChatCompletion"]))
        #expect(!imported.hasErrors, "\(imported.diagnostics.filter { $0.severity == .error }.prefix(5))")
        let root = try JSONReader.parse(bytes: Array(imported.spec.utf8))
        let stream = try #require(
            root["endpoints"]?.elements?.first { $0["name"]?.stringValue == "createChatCompletionStream" })
        #expect(stream["stream"]?.stringValue == "sse" && stream["end"]?.stringValue == "[DONE]")
        #expect(stream["response"]?.stringValue == "CreateChatCompletionStreamResponse")

        // The chunks of the document's example, as the API sends them.
        let document = try YAMLReader.parse(bytes: Array(data))
        let example = try #require(
            document["components"]?["schemas"]?["CreateChatCompletionStreamResponse"]?["x-oaiMeta"]?["example"]?
                .stringValue)
        let chunks = example.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(chunks.count == 3)
        let recorded = Array((chunks.map { "data: \($0)\n\n" }.joined() + "data: [DONE]\n\n").utf8)
        let server = try LoopbackServer { _ in
            .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: { index in
                    let start = index * 7
                    return start < recorded.count ? Data(recorded[start..<min(recorded.count, start + 7)]) : nil
                })
        }
        defer { server.stop() }

        var options = GeneratorOptions()
        options.runtimeModule = nil
        let generated = Generator.generate(
            [SpecInput(path: "openai.json", bytes: Array(imported.spec.utf8))], options: options)
        #expect(!generated.hasErrors, "\(generated.diagnostics.filter { $0.severity == .error }.prefix(5))")
        let main = """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)
            let request = try JSONDecoder().decode(
                CreateChatCompletionRequest.self,
                from: Data(#"{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hello!"}], "stream": true}"#.utf8)
            )
            var text = ""
            var chunks = 0
            for try await chunk in try await client.stream(.createChatCompletionStream(body: request), using: AccessToken(rawValue: "sk-test")) {
                chunks += 1
                text += chunk.choices.first?.delta.content ?? ""
                if chunk.choices.first?.finishReason != nil { print("finished: \\(chunk.choices.first.map { String(describing: $0.finishReason) } ?? "")") }
            }
            print("\\(chunks) chunks: \\(text)")
            """
        let run = try Swiftc.buildAndRun(
            generated.files, main: main, runtime: .sources, arguments: [server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.output.split(separator: "\n").filter { $0.contains("error") }.prefix(10))")
        #expect(run.output.contains("3 chunks: Hello"), "\(run.output.suffix(2000))")
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/chat/completions" && sent.headers["accept"] == "text/event-stream")
        #expect(sent.headers["authorization"] == "Bearer sk-test")
        #expect(String(decoding: sent.body, as: UTF8.self).contains(#""stream":true"#))
    }
}
