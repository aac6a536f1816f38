import Foundation
@_exported import PositionalJSON

/// Positions in specs and payloads are the JSON reader's (`PositionalJSON.SourceLocation`);
/// named here too so `DTOGenCore.SourceLocation` keeps working beside Testing's own type.
public typealias SourceLocation = PositionalJSON.SourceLocation

/// A diagnostic's stable name, so a user can look it up (`docs/diagnostics.md`) and a tool
/// can tell diagnostics apart without reading their text: `DTG` and four digits, the first
/// the stage that finds it (1 reading a spec, 2 validating it, 3 resolving types, endpoints
/// and mappings, 4 importing an OpenAPI document, 5 checking sample payloads, 6 inferring
/// from samples, 7 rendering; 8 is the build and command plugins' own, for
/// `dtogen.config.json`). A code is never renumbered or reused.
public struct DiagnosticCode: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    /// A type name that `types` does not declare (its `subject` is the name).
    public static let unknownType: DiagnosticCode = "DTG3106"
    /// An `error` type that `types` does not declare (its `subject` is the name).
    public static let unknownErrorType: DiagnosticCode = "DTG3131"
    /// A template that does not render (its file is the template's name).
    public static let templateError: DiagnosticCode = "DTG7001"
}

/// One problem found in a spec, printed in the `path:line:col: error: message [DTG1001]`
/// form that compilers use, so editors and Xcode make it clickable.
public struct Diagnostic: Hashable, Comparable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case error
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// Found only by looking at all specs of a module together (two specs with one name,
    /// one type declared twice). The build plugin checks these in a command of their own.
    public var isModuleWide = false
    /// Another place the message refers to (the spec line that declares what a sample
    /// payload breaks), printed after the message as `(file:line:col)`.
    public var related: Related?
    /// The name a diagnostic is about, for a tool that acts on it (the importer leaves out
    /// what uses a type it left out, by `unknownType`'s subject), so nothing reads the text.
    public var subject: String?

    public struct Related: Hashable, Sendable {
        public var file: String
        public var location: SourceLocation
    }

    public init(
        _ severity: Severity, _ code: DiagnosticCode, file: String, at location: SourceLocation, _ message: String
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
            + (related.map { " (\($0.file):\($0.location))" } ?? "") + " [\(code)]"
    }

    /// Diagnostics as a JSON array (`--format json`), for tools: each with its severity, code,
    /// file, line, column and message, in the order given.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        struct Entry: Encodable {
            var severity: String
            var code: String
            var file: String
            var line: Int
            var column: Int
            var message: String
        }
        let entries = diagnostics.map {
            Entry(
                severity: $0.severity.rawValue, code: $0.code.rawValue, file: $0.file, line: Int($0.location.line),
                column: Int($0.location.column), message: $0.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.file, lhs.location.line, lhs.location.column, lhs.severity, lhs.message)
            < (rhs.file, rhs.location.line, rhs.location.column, rhs.severity, rhs.message)
    }
}

/// Collects diagnostics for one spec while a stage walks it. Each is reported in the file its
/// location is in: the spec, or one of the files its values come from (`Spec.otherFiles`).
struct DiagnosticSink {
    let file: String
    let otherFiles: [String]
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, otherFiles: [String] = []) {
        self.file = file
        self.otherFiles = otherFiles
    }

    init(spec: Spec) {
        self.init(file: spec.path, otherFiles: spec.otherFiles)
    }

    /// The path of the file `location` is in.
    func path(of location: SourceLocation) -> String {
        let index = Int(location.file) - 1
        return otherFiles.indices.contains(index) ? otherFiles[index] : file
    }

    mutating func error(_ code: DiagnosticCode, _ location: SourceLocation, _ message: String, subject: String? = nil) {
        var diagnostic = Diagnostic(.error, code, file: path(of: location), at: location, message)
        diagnostic.subject = subject
        diagnostics.append(diagnostic)
    }

    /// An error for a rule of the format a value breaks (its code is the rule's).
    mutating func report(_ broken: FormatRules.Broken, at location: SourceLocation) {
        let code = broken.code
        error(code, location, broken.message)
    }

    mutating func warning(_ code: DiagnosticCode, _ location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(.warning, code, file: path(of: location), at: location, message))
    }

    /// An error that only the specs of a module taken together reveal.
    mutating func moduleError(_ code: DiagnosticCode, _ location: SourceLocation, _ message: String) {
        var diagnostic = Diagnostic(.error, code, file: path(of: location), at: location, message)
        diagnostic.isModuleWide = true
        diagnostics.append(diagnostic)
    }

    /// Takes over what another sink collected for the same file.
    mutating func append(_ other: DiagnosticSink) {
        diagnostics += other.diagnostics
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// "Did you mean" suggestions: the closest known name by edit distance, when close enough;
/// of two equally close names the one earlier in `candidates`, so callers list likelier
/// names first.
public enum Suggest {
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            let limit = max(1, min(3, max(name.count, candidate.count) / 3))
            guard distance <= limit else { continue }
            if let current = best, current.1 <= distance { continue }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// "; did you mean 'x'?" or "".
    static func hint(for name: String, in candidates: [String]) -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return "; did you mean '\(match)'?"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours ("hihg" is one step from "high").
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
