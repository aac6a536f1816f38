/// How `dtogen diff` prints its changes.
public enum APIDiffFormat: String, Sendable, CaseIterable {
    /// Grouped by severity, one change a line (`path:line:col: symbol: message [breaks]`).
    case text
    /// A table for a pull request comment.
    case markdown
    /// An array of objects with the keys severity, breaks, symbol, message, location.
    case json
    /// GitHub workflow commands, so each change shows on the pull request's line.
    case github
}

/// What `--fail-on` looks for.
public enum APIDiffFailure: String, Sendable, CaseIterable {
    /// Any breaking change.
    case breaking
    case source
    case wire

    public func matches(_ change: APIChange) -> Bool {
        switch self {
        case .breaking: change.isBreaking
        case .source: change.breaks.contains(.source)
        case .wire: change.breaks.contains(.wire)
        }
    }
}

public enum APIDiffReport {
    public static func render(_ changes: [APIChange], as format: APIDiffFormat) -> String {
        switch format {
        case .text: return text(changes)
        case .markdown: return markdown(changes)
        case .json: return json(changes)
        case .github: return changes.map(github).joined()
        }
    }

    static func location(_ change: APIChange) -> String {
        "\(change.file):\(change.location.line):\(change.location.column)"
    }

    static func breaks(_ change: APIChange) -> String {
        change.breaks.map(\.rawValue).joined(separator: ", ")
    }

    static func text(_ changes: [APIChange]) -> String {
        guard !changes.isEmpty else { return "No API changes.\n" }
        var text = ""
        for (title, group) in [
            ("breaking", changes.filter(\.isBreaking)), ("non-breaking", changes.filter { !$0.isBreaking }),
        ] where !group.isEmpty {
            text += "\(title) (\(group.count)):\n"
            for change in group {
                text +=
                    "  \(location(change)): \(change.symbol): \(change.message)"
                    + (change.isBreaking ? " [\(breaks(change))]" : "") + "\n"
            }
        }
        return text
    }

    static func markdown(_ changes: [APIChange]) -> String {
        guard !changes.isEmpty else { return "No API changes.\n" }
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        let breaking = changes.filter(\.isBreaking).count
        var text = "**\(breaking) breaking, \(changes.count - breaking) non-breaking**\n\n"
        text += "| severity | breaks | symbol | change | location |\n|---|---|---|---|---|\n"
        for change in changes.filter(\.isBreaking) + changes.filter({ !$0.isBreaking }) {
            text +=
                "| \(change.severity) | \(breaks(change)) | `\(cell(change.symbol))` | \(cell(change.message)) | `\(cell(location(change)))` |\n"
        }
        return text
    }

    static func json(_ changes: [APIChange]) -> String {
        guard !changes.isEmpty else { return "[]\n" }
        let objects = changes.map { change in
            "  {\n"
                + [
                    "\"severity\": \(DraftJSON.quoted(change.severity))",
                    "\"breaks\": [\(change.breaks.map { DraftJSON.quoted($0.rawValue) }.joined(separator: ", "))]",
                    "\"symbol\": \(DraftJSON.quoted(change.symbol))",
                    "\"message\": \(DraftJSON.quoted(change.message))",
                    "\"location\": \(DraftJSON.quoted(location(change)))",
                ].map { "    " + $0 }.joined(separator: ",\n") + "\n  }"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// `::error file=...,line=...,col=...::message`, escaped as the runner reads it.
    static func github(_ change: APIChange) -> String {
        let level = change.isBreaking ? "error" : "notice"
        let message = "\(change.symbol): \(change.message)" + (change.isBreaking ? " (breaks \(breaks(change)))" : "")
        return
            "::\(level) file=\(workflowProperty(change.file)),line=\(change.location.line),col=\(change.location.column)::\(workflowData(message))\n"
    }

    /// A diagnostic as a workflow command (`--format github` on generation and `--check`).
    public static func github(_ diagnostic: Diagnostic) -> String {
        let level = diagnostic.severity == .error ? "error" : "warning"
        return
            "::\(level) file=\(workflowProperty(diagnostic.file)),line=\(diagnostic.location.line),col=\(diagnostic.location.column),title=\(diagnostic.code)::\(workflowData(diagnostic.message))\n"
    }

    /// Text in a workflow command's message, escaped as the runner reads it.
    public static func workflowData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value (a file path), escaped as the runner reads it.
    public static func workflowProperty(_ text: String) -> String {
        workflowData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
