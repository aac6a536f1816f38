import Foundation
import Testing
@testable import DTOGenCore

/// Every diagnostic has a code of its own, and `docs/diagnostics.md` lists each with what it
/// says. The list is made from the sources (`DTOGEN_RECORD=1 swift test --filter
/// DiagnosticCodeTests` writes it), so a new diagnostic without a code, or a code used at two
/// places, fails here.
struct DiagnosticCodeTests {
    struct Site: Equatable {
        var code: String
        var severity: String
        var message: String
        var file: String
    }

    /// What a diagnostic says when its message is not written where it is raised (a reader's
    /// syntax error, a message a helper builds).
    static let explained: [String: String] = [
        "DTG1001": "the spec is not valid JSON (the reader says where and why)",
        "DTG1005":
            "a keyword with a closed set of values has another (method, kind, stream style...); the message lists the values and suggests the closest",
        "DTG2027": "a Swift expression (`swift`) in a mapping does not parse (the message says what it expected)",
        "DTG3035": "a path in an endpoint (pagination's `from`, an envelope key) does not parse",
        "DTG3037": "a path in an endpoint names a key the type does not have; did you mean",
        "DTG3041": "a `$default` cannot be written for the field's type (the message says why)",
        "DTG3046": "a mapping's source path does not parse",
        "DTG3053": "a mapping's source path names a key the type does not have; did you mean",
        "DTG3070":
            "a second mapping with 'fields' of a model from the same DTO type in this spec; leave out 'fields' to reuse the first",
        "DTG3071":
            "a second mapping with 'fields' of a model from the same DTO type, in another spec of the module; leave out 'fields' to reuse the first",
        "DTG3130": "a struct holds itself through a field that cannot be boxed (the message names the cycle)",
        "DTG4008": "a backed spec's `operations` names an operation or tag the document does not have; did you mean",
        "DTG4012": "the OpenAPI document behind a backed spec is not valid JSON or YAML",
        "DTG4014": "the OpenAPI document is not valid JSON or YAML (the reader says where and why)",
        "DTG4015": "`--operations` or `--tags` names an operation or tag the document does not have; did you mean",
        "DTG4016": "a file a `$ref` names is not valid JSON or YAML",
        "DTG4021": "where a file a `$ref` names fails to read (beside DTG4047)",
        "DTG5002": "a sample payload is not valid JSON",
        "DTG6001": "a sample given to `dtogen infer` is not valid JSON",
        "DTG8002":
            "`dtogen.config.json` has a key other than `access`, `templates`, `runtimeModule` (strings) and `fastDecoding` (true or false), or one of those with a value of another type",
        "DTG8003": "the command plugin found no target with `*.dtogen.json` specs (among those named with `--target`)",
        "DTG7001":
            "a template (default or from `--templates`) does not render: an unknown tag, an unclosed section (the file is the template's name)",
    ]

    /// The places in the sources that raise a diagnostic, by code.
    static func sites() throws -> [Site] {
        let sources = packageRoot.appendingPathComponent("Sources/DTOGenCore")
        let constants = try String(
            contentsOf: sources.appendingPathComponent("Diagnostics/Diagnostic.swift"), encoding: .utf8)
        var named: [String: String] = [:]
        for match in constants.matches(of: /static let (\w+): DiagnosticCode = "(DTG\d{4})"/) {
            named["." + String(match.1)] = String(match.2)
        }
        var sites: [Site] = []
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            }.sorted() ?? []
        // The plugins' own diagnostics (`dtogen.config.json`), in the files they do not share
        // with DTOGenCore through a link.
        let plugins = [
            "../../Plugins/DTOGenPlugin/PluginOptions.swift", "../../Plugins/DTOGenCommand/DTOGenCommand.swift",
        ]
        for file in files + plugins where file != "Diagnostics/Diagnostic.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(
                of:
                    /(sink\.error|sinks\[index\]\.error|sink\.warning|sink\.moduleError|Diagnostic\(\s*\.error|Diagnostic\(\s*\.warning|Diagnostic\(\s*dangling|warn|fail|report|ConfigError\(\s*code:|CommandError\(\s*code:|Broken\(\s*code:|warning\(\s*PluginOptions\.coded)\(?\s*(?:,\s*)?("DTG\d{4}"|\.unknownType|\.unknownErrorType|\.templateError)/
            ) {
                let token = String(match.2)
                let code = token.hasPrefix("\"") ? String(token.dropFirst().dropLast()) : named[token] ?? token
                let call = String(match.1)
                let severity =
                    call.contains("warning") || call == "warn" || call.contains("dangling") ? "warning" : "error"
                var after = text[match.range.upperBound...].prefix(600)
                // A diagnostic built in place: its message follows `at:`; the importer's
                // `warn` takes the JSON pointer first.
                if call.hasPrefix("Diagnostic"), let at = after.range(of: "at: ") { after = after[at.upperBound...] }
                if call == "warn", file.hasPrefix("Import/"), let comma = Self.argumentEnd(after) {
                    after = after[comma...]
                }
                sites.append(
                    Site(
                        code: code, severity: call.contains("dangling") ? "error or warning" : severity,
                        message: Self.message(in: after),
                        file: file.hasPrefix("../../") ? String(file.dropFirst("../../".count)) : file))
            }
        }
        return sites
    }

    /// Where the first argument of a call's remaining arguments ends (after its comma), past
    /// the one after it when that is the JSON pointer (`warn(code, node, pointer, message)`).
    static func argumentEnd(_ arguments: Substring) -> Substring.Index? {
        var depth = 0
        var commas = 0
        var index = arguments.startIndex
        var inString = false
        while index < arguments.endIndex {
            let character = arguments[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([".contains(character) { depth += 1 }
                if ")]".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    commas += 1
                    if commas == 3 { return arguments.index(after: index) }
                }
            }
            index = arguments.index(after: index)
        }
        return nil
    }

    /// The first string literal of a call's remaining arguments, its interpolations as `…`.
    static func message(in arguments: Substring) -> String {
        var depth = 0
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let character = arguments[index]
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0 { return "" }
                depth -= 1
            }
            if character == "\"" { break }
            index = arguments.index(after: index)
        }
        guard index < arguments.endIndex else { return "" }
        var text = ""
        var position = arguments.index(after: index)
        while position < arguments.endIndex {
            let character = arguments[position]
            if character == "\"" { return text }
            if character == "\\" {
                let next = arguments.index(after: position)
                guard next < arguments.endIndex else { break }
                if arguments[next] == "(" {
                    // An interpolation: skip to its closing parenthesis.
                    var level = 0
                    var cursor = next
                    while cursor < arguments.endIndex {
                        if arguments[cursor] == "(" { level += 1 }
                        if arguments[cursor] == ")" {
                            level -= 1
                            if level == 0 { break }
                        }
                        cursor = arguments.index(after: cursor)
                    }
                    if !text.hasSuffix("…") { text += "…" }
                    position = cursor < arguments.endIndex ? arguments.index(after: cursor) : cursor
                    continue
                }
                text.append(arguments[next])
                position = arguments.index(after: next)
                continue
            }
            text.append(character)
            position = arguments.index(after: position)
        }
        return text
    }

    static let stages = [
        "1": "Reading a spec", "2": "Validating a spec", "3": "Resolving types, endpoints and mappings",
        "4": "Importing an OpenAPI document", "5": "Checking sample payloads", "6": "Inferring a spec from samples",
        "7": "Rendering", "8": "Build and command plugins (`dtogen.config.json`)",
    ]

    static func document(_ sites: [Site]) -> String {
        var text = """
            # Diagnostics

            Every error and warning dtogen prints ends with its code, `[DTG3106]`, which
            `--format json` gives as `code` and `--format github` as the annotation's title. The
            first digit says the stage that finds it. A code is never renumbered or given to
            another diagnostic; a diagnostic dtogen no longer raises keeps its number unused.
            This list is made from the sources (`DTOGEN_RECORD=1 swift test --filter
            DiagnosticCodeTests`); `…` stands for what the message fills in.

            """
        let byCode = Dictionary(grouping: sites, by: \.code)
        var stage = ""
        for code in byCode.keys.sorted() {
            guard let site = byCode[code]?.first else { continue }
            let first = String(code.dropFirst(3).prefix(1))
            if first != stage {
                stage = first
                text +=
                    "\n## \(stages[first] ?? "Other") (DTG\(first)xxx)\n\n| code | severity | says | raised in |\n|---|---|---|---|\n"
            }
            let says = explained[code] ?? (site.message.isEmpty ? "(see the message)" : site.message)
            text +=
                "| \(code) | \(site.severity) | \(says.replacingOccurrences(of: "|", with: "\\|")) | `\(site.file)` |\n"
        }
        return text
    }

    @Test func everyCodeIsUsedOnceAndListed() throws {
        let sites = try Self.sites()
        #expect(sites.count > 250)
        let codes = sites.map(\.code)
        let repeated = Dictionary(grouping: codes, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "codes raised at more than one place: \(repeated)")
        #expect(
            codes.allSatisfy { $0.wholeMatch(of: /DTG[1-8]\d{3}/) != nil },
            "\(codes.filter { $0.wholeMatch(of: /DTG[1-8]\d{3}/) == nil })")
        let url = packageRoot.appendingPathComponent("docs/diagnostics.md")
        let expected = Self.document(sites)
        if ProcessInfo.processInfo.environment["DTOGEN_RECORD"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == expected,
            "docs/diagnostics.md is not what the sources raise; run DTOGEN_RECORD=1 swift test --filter DiagnosticCodeTests"
        )
    }

    /// Every way a diagnostic is created in the sources takes a code: a call without one is
    /// found here rather than in review.
    @Test func noDiagnosticIsRaisedWithoutACode() throws {
        let sources = packageRoot.appendingPathComponent("Sources/DTOGenCore")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            } ?? []
        var uncoded: [String] = []
        for file in files where file != "Diagnostics/Diagnostic.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(
                of:
                    /sinks?(?:\[index\])?\.(?:error|warning|moduleError)\(\s*(?!\s|"DTG|\.unknownType|\.unknownErrorType|\.templateError|code\b)/
            ) {
                uncoded.append("\(file): \(match.0)")
            }
            for match in text.matches(
                of:
                    /Diagnostic\(\.(?:error|warning),\s*(?!\s|"DTG|\.unknownType|\.unknownErrorType|\.templateError|code\b)/
            ) {
                uncoded.append("\(file): \(match.0)")
            }
        }
        // The plugins print through SwiftPM's `Diagnostics` (their thrown errors take a code
        // by their type: `ConfigError(code:...)`, `CommandError(code:...)`).
        for file in [
            "Plugins/DTOGenPlugin/DTOGenPlugin.swift", "Plugins/DTOGenPlugin/PluginOptions.swift",
            "Plugins/DTOGenCommand/DTOGenCommand.swift",
        ] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /Diagnostics\.(?:error|warning|remark)\((?!\s*PluginOptions\.coded\()/) {
                uncoded.append("\(file): \(match.0)")
            }
        }
        #expect(uncoded.isEmpty, "\(uncoded)")
    }

    @Test func codesArePrintedAndInJSON() {
        var diagnostic = Diagnostic(
            .warning, .unknownType, file: "specs/a.json", at: SourceLocation(line: 3, column: 7), "unknown type 'Pet'")
        diagnostic.subject = "Pet"
        #expect(diagnostic.description == "specs/a.json:3:7: warning: unknown type 'Pet' [DTG3106]")
        #expect(
            Diagnostic.json([diagnostic]) == """
                [
                  {
                    "code" : "DTG3106",
                    "column" : 7,
                    "file" : "specs/a.json",
                    "line" : 3,
                    "message" : "unknown type 'Pet'",
                    "severity" : "warning"
                  }
                ]
                """)
        #expect(
            APIDiffReport.github(diagnostic)
                == "::warning file=specs/a.json,line=3,col=7,title=DTG3106::unknown type 'Pet'\n")
    }
}
