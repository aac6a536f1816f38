import Foundation
import Testing
@testable import DTOGenCore
import TestSupport
import PositionalJSON

/// What goes over the wire, judged by the document: for each real document (read in place
/// from `../shared/conformance`, skipped when absent), every factory of the imported spec is
/// called with values its Swift types decode, its request is recorded and checked against
/// the document by `RequestChecker`, and a response drawn from the operation's first 2xx
/// schema by `DocumentSampler` is decoded by the endpoint. Figures are printed per document.
@Suite(.tags(.heavy), .enabled(if: Tier.heavy))
struct WireTests {
    /// The shared OpenAPI examples, and six big documents of other shapes: Docker's
    /// (Swagger 2.0, YAML), Twilio's (form bodies), Slack's (query-heavy 2.0), Linode's
    /// (bodies as closed `allOf` parts with requirements beside them, required and nullable
    /// keys), Square's (deep objects, a dangling reference) and Jira's (request schemas whose
    /// fields are all `writeOnly`).
    static let documents: [String] = {
        let conformance = ConformanceDocumentsTests.conformance
        let openapi = ConformanceDocumentsTests.documents.filter { $0.hasPrefix("openapi/") }
        let big = [
            "bigapis2/docker-engine.yaml", "bigapis2/twilio-api-v2010.json", "bigapis2/slack-web.json",
            "bigapis2/linode.yaml", "bigapis2/square.json", "bigapis2/jira-platform.json",
        ]
        let all =
            openapi + big.filter { FileManager.default.fileExists(atPath: conformance.appendingPathComponent($0).path) }
        // `DTOGEN_WIRE=openapi/oai-v2.0-petstore.json,...` checks only those.
        guard let chosen = ProcessInfo.processInfo.environment["DTOGEN_WIRE"] else { return all }
        return chosen.split(separator: ",").map(String.init)
    }()

    /// Problems the check finds that are the document's own, not dtogen's, by document:
    /// each with why.
    static let known: [String: Int] = [
        // `containerCreate`, `imageCommit`: `ExposedPorts` and `Volumes` map keys to
        // `{ type: object, enum: [{}] }`, an empty object only; the value is any JSON in
        // Swift, so the caller picks it and the sampler's object has a key.
        "bigapis2/docker-engine.yaml": 2,
        // `postIpv6Range`: `prefix_length` is an integer enum (56 or 64), an `Int` in Swift, so
        // the caller picks the value and the sampler's 1 is not one of them.
        // `postObjectStorageBucket`: the body requires `cluster`, which it does not declare
        // (and it allows no other key), so no body is valid.
        "bigapis2/linode.yaml": 2,
        // `evaluateJiraExpression`, `setDefaultValues`: a one-of whose base declares only
        // `type` and allows no other key (`additionalProperties: false`) while its variants add
        // keys (`accountId`, `contextId`); JSON Schema applies both, so no such object is valid.
        // `createScreenScheme`: a schema both sent and returned requires a `writeOnly`
        // property (`screens.defaultScreen`); its one type makes it optional (a response does
        // not have it), and the sampler leaves it out at that depth.
        "bigapis2/jira-platform.json": 3,
    ]

    /// One-of variants whose value is read as another variant, or loses a key, for a reason
    /// of the document's own, by document: each with why.
    static let knownVariants: [String: Int] = [:]

    /// How deep the factories' arguments fill optional fields (`DTOGEN_WIRE_OPTIONALS` sets
    /// another depth): 2, a body's fields and the objects they hold, so what only an optional
    /// field sends is judged too (Twilio's form arrays, the `readOnly` properties of a value
    /// sent back).
    static var optionalDepth: Int {
        ProcessInfo.processInfo.environment["DTOGEN_WIRE_OPTIONALS"].flatMap { Int($0) } ?? 2
    }

    /// One document after another: each builds a program with `swiftc`.
    @Test func everyRequestIsValidAndEveryResponseDecodes() throws {
        var lines: [String] = []
        for document in Self.documents {
            let figures = try check(document)
            lines.append(figures)
        }
        print("Wire test:\n" + lines.joined(separator: "\n"))
    }

    func check(_ name: String) throws -> String {
        let path = ConformanceDocumentsTests.conformance.appendingPathComponent(name).path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let root = try OpenAPIImporter.read(Array(bytes))
        let document = WireDocument(root: root)
        let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path)
        let inputs = [SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))]
        let options = GeneratorOptions(runtimeModule: nil)
        let generated = Generator.generate(inputs, options: options)
        #expect(!generated.hasErrors, "\(name): \(generated.diagnostics.prefix(5))")
        let (irs, _) = Generator.resolve(inputs, options: options)
        guard !generated.hasErrors, let ir = irs.first else { return "\(name): not generated" }
        let program = WireProgram(
            ir: ir, document: document, customKinds: Set(imported.customKinds.map(\.name)),
            optionalDepth: Self.optionalDepth)
        let run = try Swiftc.buildAndRun(
            generated.files, main: program.source(appKinds: imported.customKinds.map(\.name)), runtime: .sources)
        #expect(run.status == 0, "\(name): \(Swiftc.errors(run.output))")
        guard run.status == 0, let line = run.output.split(separator: "\n").last,
            let recorded = try? JSONDecoder().decode([RecordedRequest].self, from: Data(line.utf8))
        else {
            return "\(name): the program failed"
        }
        let checker = RequestChecker(document: document)
        let records = recorded
        let (variantsChecked, variantProblems) = VariantChecks.results(run.output)
        let (otherResponses, otherFailures) = VariantChecks.results(run.output, prefix: "responses: ")
        var invalid: [String] = []
        var decodeFailures: [String] = []
        var decoded = 0
        for record in records {
            if let error = record.requestError {
                invalid.append("\(record.name): not built: \(error)")
                continue
            }
            guard let endpoint = ir.endpoints.first(where: { $0.name == record.name }),
                let operation = document.operation(method: endpoint.method.rawValue, path: endpoint.pathTemplate)
            else {
                invalid.append("\(record.name): no operation in the document")
                continue
            }
            let problems = checker.problems(record, operation)
            if !problems.isEmpty { invalid.append("\(record.name): " + problems.joined(separator: "; ")) }
            if let error = record.decodeError { decodeFailures.append("\(record.name): \(error)") }
            if record.decoded == true { decoded += 1 }
        }
        let responses = records.filter { $0.decoded != nil || $0.decodeError != nil }.count
        let extrasSent = records.compactMap(\.extrasSent).reduce(0, +)
        let extrasKept = records.compactMap(\.extrasKept).reduce(0, +)
        let extrasDropped = records.filter { ($0.extrasKept ?? 0) < ($0.extrasSent ?? 0) }.map(\.name)
        #expect(
            invalid.count <= Self.known[name, default: 0],
            "\(name): \(invalid.count) invalid requests:\n\(invalid.prefix(15).joined(separator: "\n"))")
        #expect(
            decodeFailures.isEmpty,
            "\(name): \(decodeFailures.count) responses do not decode:\n\(decodeFailures.prefix(10).joined(separator: "\n"))"
        )
        #expect(
            otherFailures.isEmpty,
            "\(name): \(otherFailures.count) responses with later one-of variants do not decode:\n\(otherFailures.prefix(10).joined(separator: "\n"))"
        )
        // A value of each one-of variant is read as that variant, with nothing dropped.
        #expect(
            variantProblems.count <= Self.knownVariants[name, default: 0],
            "\(name): \(variantProblems.count) one-of variants not read as themselves:\n\(variantProblems.prefix(10).joined(separator: "\n"))"
        )
        // Keys a schema allows beside its properties are kept (`$additionalProperties`).
        #expect(extrasDropped.isEmpty, "\(name): undeclared keys dropped by \(extrasDropped.prefix(10))")
        return
            "  \(name): \(records.count) of \(program.skipped.count + records.count) factories called (\(program.skipped.count) skipped: \(program.skipped.prefix(3).joined(separator: ", "))), \(records.count - invalid.count) requests valid, \(decoded) of \(responses) sample responses decoded (and \(otherResponses - otherFailures.count) of \(otherResponses) with later one-of variants), \(extrasKept) of \(extrasSent) undeclared keys kept\(extrasDropped.isEmpty ? "" : " (not by \(extrasDropped.prefix(3).joined(separator: ", ")))"), \(variantsChecked - variantProblems.count) of \(variantsChecked) one-of variants read as themselves with every key kept"
    }
}

/// The program that calls every factory of a spec and prints what each request was.
struct WireProgram {
    let ir: SpecIR
    let document: WireDocument
    let customKinds: Set<String>
    var skipped: [String] = []
    var calls: [String] = []
    /// One value of each variant of the one-ofs that rank variants by evidence.
    var variants: [String] = []
    /// Responses whose one-ofs take a later variant than the first.
    var otherVariants: [String] = []
    /// How many variants of each one-of a response is drawn with (the first, second...).
    static let variantResponses = 4

    init(ir: SpecIR, document: WireDocument, customKinds: Set<String>, optionalDepth: Int = 0) {
        self.ir = ir
        self.document = document
        self.customKinds = customKinds
        let printer = SwiftPrinter(table: ir.types, runtime: RuntimeSymbols(module: nil))
        let types = TypeSampler(table: ir.types, optionalDepth: optionalDepth)
        let responses = DocumentSampler(document: document)
        let generatedKinds = Set(ir.kinds.map(\.name.value))
        variants = VariantChecks.calls(ir.types, printer: printer)
        for endpoint in ir.endpoints {
            guard endpoint.stream == nil else { skipped.append("\(endpoint.name) (a stream)"); continue }
            let data: String
            switch endpoint.kind {
            case .public: data = "()"
            case .private: data = "AccessToken(rawValue: \"t\")"
            case .basic: data = "BasicCredentials(username: \"u\", password: \"p\")"
            case .refreshing: skipped.append("\(endpoint.name) (a refreshing kind)"); continue
            case .custom(let name): data = generatedKinds.contains(name) ? "APIKey(rawValue: \"k\")" : "\"k\""
            }
            var arguments: [String] = []
            var sampled = true
            for argument in endpoint.arguments {
                guard let json = types.sample(argument.type) else { sampled = false; break }
                let label = argument.label ?? argument.name
                let value = "try sample(\(printer.qualifiedType(argument.type)).self, \(Self.raw(json)))"
                arguments.append(label == "_" ? value : "\(SwiftName.escaped(label)): \(value)")
            }
            guard sampled else { skipped.append("\(endpoint.name) (a file argument)"); continue }
            let kind = printer.kind(of: endpoint)
            let response = endpoint.response.map(printer.qualifiedType) ?? "Void"
            let type = "Endpoint<\(kind), \(response)>"
            let call =
                "\(type).\(SwiftName.escaped(endpoint.name))"
                + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
            var payload = "nil"
            var status = 200
            if endpoint.response != nil, endpoint.rawResponse == nil,
                let operation = document.operation(method: endpoint.method.rawValue, path: endpoint.pathTemplate),
                let (schema, sampled) = document.responseSchema(operation)
            {
                status = sampled
                let first = responses.sample(schema)
                payload = Self.raw(first)
                // The same response with the later variants of its one-ofs, each decoded too.
                var seen: Set<String> = [first]
                for variant in 1..<Self.variantResponses {
                    var sampler = responses
                    sampler.variant = variant
                    let other = sampler.sample(schema)
                    guard seen.insert(other).inserted else { continue }
                    otherVariants.append(
                        "variantResponses.append(decodeCheck(\(SwiftLiteral.string(endpoint.name)), { () throws -> \(type) in \(call) }, \(Self.raw(other)), status: \(status)))"
                    )
                }
            }
            calls.append(
                "records.append(record(\(SwiftLiteral.string(endpoint.name)), { () throws -> \(type) in \(call) }, \(data), \(payload), status: \(status)))"
            )
        }
    }

    /// A raw string literal that holds `text` as it is.
    static func raw(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains(hashes + "\"") { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    func source(appKinds: [String]) -> String {
        let kinds = appKinds.map {
            "struct \($0): EndpointKind { static func prepare(_ request: inout URLRequest, with data: String) { request.setValue(data, forHTTPHeaderField: \"Authorization\") } }"
        }
        return """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            \(kinds.joined(separator: "\n"))

            struct Record: Codable {
                var name: String
                var method = ""
                var url = ""
                var headers: [String: String] = [:]
                var body: String?
                var requestError: String?
                var decodeError: String?
                var decoded: Bool?
                var extrasSent: Int?
                var extrasKept: Int?
            }

            func extras(_ text: String) -> Int { text.components(separatedBy: "\\"\(DocumentSampler.extraKey)\\"").count - 1 }

            let decoder: JSONDecoder = {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return decoder
            }()

            func sample<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
                try decoder.decode(T.self, from: Data(json.utf8))
            }

            /// A 2xx body as the client reads it: by its status, when the response has a case per status.
            func decoded<K: EndpointKind, R: Sendable>(_ endpoint: Endpoint<K, R>, _ payload: String, status: Int) throws -> R {
                let data = Data(payload.utf8)
                return try endpoint.decodeByStatus.map { try $0(status, data) } ?? endpoint.decode(data)
            }

            func record<K: EndpointKind, R: Sendable>(_ name: String, _ make: () throws -> Endpoint<K, R>, _ data: K.RequestData, _ payload: String?, status: Int) -> Record {
                var record = Record(name: name)
                do {
                    let endpoint = try make()
                    let request = try endpoint.makeRequest(baseURL: URL(string: "https://wire.example")!, with: data)
                    record.method = request.httpMethod ?? ""
                    record.url = request.url?.absoluteString ?? ""
                    record.headers = request.allHTTPHeaderFields ?? [:]
                    record.body = request.httpBody?.base64EncodedString()
                    if let payload {
                        do {
                            let value = try decoded(endpoint, payload, status: status)
                            record.decoded = true
                            record.extrasSent = extras(payload)
                            if let encodable = value as? any Encodable {
                                record.extrasKept = extras(String(decoding: try JSONEncoder().encode(encodable), as: UTF8.self))
                            }
                        } catch {
                            record.decodeError = "\\(error)"
                        }
                    }
                } catch {
                    record.requestError = "\\(error)"
                }
                return record
            }

            \(VariantChecks.support)

            /// A response drawn with later one-of variants: the problem, if it does not decode.
            func decodeCheck<K: EndpointKind, R: Sendable>(_ name: String, _ make: () throws -> Endpoint<K, R>, _ payload: String, status: Int) -> String? {
                do {
                    _ = try decoded(make(), payload, status: status)
                    return nil
                } catch {
                    return "\\(name): \\(error)"
                }
            }

            var variantResponses: [String?] = []
            var records: [Record] = []
            \(calls.joined(separator: "\n"))
            \(otherVariants.joined(separator: "\n"))
            print("responses: " + String(decoding: try JSONEncoder().encode([String(variantResponses.count)] + variantResponses.compactMap { $0 }), as: UTF8.self))
            \(variants.joined(separator: "\n"))
            \(VariantChecks.report)
            print(String(decoding: try JSONEncoder().encode(records), as: UTF8.self))

            """
    }
}
