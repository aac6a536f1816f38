import Foundation

/// Writes specs for a synthetic API shaped like the comparison in the README: resources of
/// five operations each (list with paging and four query items, create, get, update,
/// delete), with enums, nested objects, dates, optional fields and dictionaries. Ten
/// resources per spec file.
enum SyntheticAPI {
    /// The resources of the 200-endpoint API (five endpoints each).
    static let resources200 = 40

    /// `shapes`: the resources use one-of values, generic list wrappers and recursion heavily
    /// (spec-format-2 §1–§3): an expandable owner (`$oneOf` of an id or the object), a
    /// tagged one-of attachment, a generic `Page<T>` for every list, and a resource that
    /// holds its parent (through an optional) and its children.
    static func write(endpoints: Int, to folder: URL, shapes: Bool = false) throws -> (specs: Int, schemas: Int) {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let resources = endpoints / 5
        var specs = 0
        var schemas = 0
        if shapes {
            // One generic list wrapper, imported by every spec.
            try
                #"{ "name": "Common", "types": { "Page<T>": { "items": ["T"], "total": "Int", "next_cursor": "String?" } }, "endpoints": [] }"#
                .write(to: folder.appendingPathComponent("common.json"), atomically: true, encoding: .utf8)
            specs += 1
            schemas += 1
        }
        for first in stride(from: 0, to: resources, by: 10) {
            var types: [String] = []
            var operations: [String] = []

            for r in first..<min(resources, first + 10) {
                let name = "Resource\(r)"
                if shapes {
                    types.append(
                        """
                        "\(name)": {
                          "$doc": "A resource of the synthetic API.",
                          "id": "Int64",
                          "name": "String",
                          "status": { "$enum": ["draft", "active", "archived"], "$unknown": "unknown" },
                          "created_at": "Date",
                          "owner": { "$oneOf": ["String", { "id": "Int64", "login": "String" }], "$typeName": "OwnerRef" },
                          "attachment": { "$oneOf": { "file": { "kind": "String", "url": "URL" }, "note": { "kind": "String", "text": "String" } },
                                          "$discriminator": "kind", "$unknown": true, "$optional": true },
                          "parent": "\(name)?",
                          "children": ["\(name)"],
                          "related": "Page<\(name)>?"
                        },
                        "\(name)Input": { "name": "String", "status": "\(name)Status", "tags": ["String"] },
                        "\(name)Status": { "$enum": ["draft", "active", "archived"] }
                        """)
                    // The resource, owner one-of and object, attachment one-of and two variants; input, status.
                    schemas += 7
                    let path = "/resources\(r)"
                    operations.append(
                        """
                        { "name": "list\(name)", "path": "\(path)", "kind": "private", "query": { "page": { "$type": "Int", "$default": 1 }, "status": { "$type": "\(name)Status", "$optional": true } },
                          "response": "Page<\(name)>" },
                        { "name": "create\(name)", "method": "POST", "path": "\(path)", "kind": "private", "body": "\(name)Input", "response": "\(name)" },
                        { "name": "get\(name)", "path": "\(path)/{id}", "params": { "id": "Int64" }, "response": "\(name)" },
                        { "name": "update\(name)", "method": "PUT", "path": "\(path)/{id}", "kind": "private", "params": { "id": "Int64" }, "body": "\(name)Input", "response": "\(name)" },
                        { "name": "delete\(name)", "method": "DELETE", "path": "\(path)/{id}", "kind": "private", "params": { "id": "Int64" } }
                        """)
                    continue
                }
                types.append(
                    """
                    "\(name)": {
                      "$doc": "A resource of the synthetic API.",
                      "id": "Int64",
                      "name": "String",
                      "status": { "$enum": ["draft", "active", "archived"], "$unknown": "unknown" },
                      "created_at": "Date",
                      "updated_at": "Date?",
                      "tags": ["String"],
                      "owner": { "id": "Int64", "login": "String", "avatar_url": "URL?" },
                      "metadata": { "$dict": "String", "$optional": true },
                      "price": "Decimal?",
                      "count": { "$type": "Int", "$default": 0 }
                    },
                    "\(name)Page": { "items": ["\(name)"], "total": "Int", "next_cursor": "String?" },
                    "\(name)Input": { "name": "String", "status": "\(name)Status", "tags": ["String"], "price": "Decimal?" },
                    "\(name)Status": { "$enum": ["draft", "active", "archived"] }
                    """)
                schemas += 5  // the resource, its nested owner, page, input, status
                let path = "/resources\(r)"
                operations.append(
                    """
                    { "name": "list\(name)", "path": "\(path)", "kind": "private", "doc": "Lists \(name) values, a page at a time.",
                      "query": { "page": { "$type": "Int", "$default": 1 }, "per_page": "Int?", "status": { "$type": "\(name)Status", "$optional": true }, "q": { "$type": "String?", "$name": "query", "$label": "matching" } },
                      "response": "\(name)Page" },
                    { "name": "create\(name)", "method": "POST", "path": "\(path)", "kind": "private", "body": "\(name)Input", "response": "\(name)" },
                    { "name": "get\(name)", "path": "\(path)/{id}", "params": { "id": "Int64" }, "response": "\(name)" },
                    { "name": "update\(name)", "method": "PUT", "path": "\(path)/{id}", "kind": "private", "params": { "id": "Int64" }, "body": "\(name)Input", "response": "\(name)" },
                    { "name": "delete\(name)", "method": "DELETE", "path": "\(path)/{id}", "kind": "private", "params": { "id": "Int64" } }
                    """)
            }
            let text = """
                {
                  "name": "\(shapes ? "Shapes" : "Synthetic")\(first / 10)",\(shapes ? "\n  \"imports\": [\"common.json\"]," : "")
                  "baseURL": "https://api.example.com/v1",
                  "types": {
                \(types.joined(separator: ",\n"))
                  },
                  "endpoints": [
                \(operations.joined(separator: ",\n"))
                  ]
                }

                """
            try text.write(
                to: folder.appendingPathComponent(String(format: "synthetic%04d.json", first / 10)), atomically: true,
                encoding: .utf8)
            specs += 1
        }
        return (specs, schemas)
    }
}
