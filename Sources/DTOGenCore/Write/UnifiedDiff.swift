/// A unified diff (`diff -u` style, 3 lines of context) of two texts: what `--check`
/// prints for a stale file, and what a failing golden test shows.
public enum UnifiedDiff {
    enum Operation: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The diff of `old` and `new` as `--- a/name`, `+++ b/name` and hunks; `""` when equal.
    public static func text(_ old: String, _ new: String, name: String) -> String {
        guard old != new else { return "" }
        let operations = self.operations(lines(old), lines(new))
        var out = ["--- a/\(name)", "+++ b/\(name)"]
        let changed = operations.indices.filter { if case .same = operations[$0] { false } else { true } }
        var index = 0
        while index < changed.count {
            var start = max(0, changed[index] - 3)
            var end = min(operations.count, changed[index] + 4)
            while index + 1 < changed.count, changed[index + 1] - 3 <= end {
                index += 1
                end = min(operations.count, changed[index] + 4)
            }
            var oldLine = 1
            var newLine = 1
            for operation in operations[..<start] {
                switch operation {
                case .same: oldLine += 1; newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            var oldCount = 0
            var newCount = 0
            var body: [String] = []
            while start < end {
                switch operations[start] {
                case .same(let line): body.append(" " + line); oldCount += 1; newCount += 1
                case .removed(let line): body.append("-" + line); oldCount += 1
                case .added(let line): body.append("+" + line); newCount += 1
                }
                start += 1
            }
            out.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
            out += body
            index += 1
        }
        return out.joined(separator: "\n")
    }

    public static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The longest common subsequence of lines, between a common prefix and suffix. A middle
    /// too large to compare line by line (over 4 million pairs) is shown removed, then added.
    static func operations(_ a: [String], _ b: [String]) -> [Operation] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        var middle: [Operation] = []
        if x.count * y.count > 4_000_000 {
            middle = x.map { .removed($0) } + y.map { .added($0) }
        } else {
            var lcs = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                for j in stride(from: y.count - 1, through: 0, by: -1) {
                    lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] {
                    middle.append(.same(x[i])); i += 1; j += 1
                } else if i < x.count, j == y.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                    middle.append(.removed(x[i])); i += 1
                } else {
                    middle.append(.added(y[j])); j += 1
                }
            }
        }
        return a[..<prefix].map { .same($0) } + middle + a[(a.count - suffix)...].map { .same($0) }
    }
}
