import Foundation

// Lists the public symbols in the symbol graphs of a folder that have no doc comment.
// Usage: swift Scripts/undocumented-symbols.swift <symbol-graph-folder>
struct Graph: Decodable {
    struct Symbol: Decodable {
        struct Names: Decodable { var title: String }
        struct Kind: Decodable { var identifier: String }
        struct Location: Decodable {
            struct Position: Decodable { var line: Int }
            var uri: String
            var position: Position
        }
        struct DocComment: Decodable {}
        var pathComponents: [String]
        var kind: Kind
        var location: Location?
        var docComment: DocComment?
    }
    var symbols: [Symbol]
}

let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: undocumented-symbols.swift <symbol-graph-folder>\n".utf8))
    exit(2)
}
var undocumented: [String] = []
var count = 0
let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
for file in files.sorted() where file.hasSuffix(".symbols.json") {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))
    for symbol in try JSONDecoder().decode(Graph.self, from: data).symbols {
        count += 1
        guard symbol.docComment == nil else { continue }
        let place =
            symbol.location.map { "\($0.uri.replacingOccurrences(of: "file://", with: "")):\($0.position.line + 1): " }
            ?? ""
        undocumented.append(
            "\(place)error: public \(symbol.kind.identifier.replacingOccurrences(of: "swift.", with: "")) '\(symbol.pathComponents.joined(separator: "."))' has no doc comment"
        )
    }
}
guard count > 0 else {
    FileHandle.standardError.write(Data("no symbols in \(folder)\n".utf8))
    exit(2)
}
for line in undocumented.sorted() { print(line) }
print("\(count) public symbols, \(undocumented.count) without a doc comment")
exit(undocumented.isEmpty ? 0 : 1)
