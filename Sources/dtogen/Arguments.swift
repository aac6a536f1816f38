import DTOGenCore
import Foundation

/// One command's arguments, read front to back. Mistakes end the run with exit code 2 and
/// a message that names the command's help.
struct Arguments {
    private var remaining: [String]
    /// `dtogen`, `dtogen infer`, ...: how the help is asked for.
    let command: String
    let usage: String

    init(_ arguments: [String], command: String, usage: String) {
        remaining = arguments
        self.command = command
        self.usage = usage
    }

    mutating func next() -> String? {
        remaining.isEmpty ? nil : remaining.removeFirst()
    }

    /// The value after `option`.
    mutating func value(for option: String) -> String {
        guard let value = next() else { fail("\(option) needs a value\n\n\(usage)") }
        return value
    }

    /// A value that must be a Swift identifier (a type or module name).
    mutating func identifier(for option: String, what: String = "a Swift type name") -> String {
        let name = value(for: option)
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            fail("\(option) takes \(what), not '\(name)'")
        }
        return name
    }

    /// Ends the run for an option the command does not have, suggesting the nearest one.
    func unknown(_ option: String, known: [String]) -> Never {
        let near = Suggest.closest(to: option, in: known).map { "; did you mean '\($0)'?" } ?? ""
        fail("unknown option '\(option)'\(near) (\(command) --help lists the options)")
    }
}
