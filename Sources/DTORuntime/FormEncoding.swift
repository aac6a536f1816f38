import Foundation

/// How a request body is sent.
public enum BodyEncoding: Sendable, Hashable {
    /// `application/json` (the default).
    case json
    /// `application/x-www-form-urlencoded` in the bracket style Stripe, Rails and PHP read.
    case form
    /// `application/x-www-form-urlencoded` as OpenAPI writes a form body without an
    /// `encoding` (each field in the `form` style, exploded), as HTML forms and Twilio do: an
    /// array repeats its key (`event=initiated&event=ringing`), an object's fields are keys of
    /// their own; what that style cannot say (an array of objects, an object in an object) in
    /// the bracket style.
    case formExploded
    /// `multipart/form-data`: each top-level field a part; `FilePart` fields are file parts.
    case multipart
    /// A `Data` body sent as it is.
    case raw(contentType: String)
}

/// A file in a multipart body (a `File` field in a spec): its bytes, or a file on disk
/// streamed from there, with its name and content type.
public struct FilePart: Codable, Sendable, Hashable {
    /// The file's bytes (empty for a file on disk, `fileURL`).
    public var data: Data
    /// The name the part's `Content-Disposition` gives the file.
    public var filename: String
    /// The part's `Content-Type` (`image/png`).
    public var contentType: String
    /// A file on disk sent in place of `data`, in a multipart body only: `APIClient.send`,
    /// `response(for:)` and `pages` stream it from there, never reading it whole.
    public var fileURL: URL?

    /// A file to send in a multipart body.
    public init(data: Data, filename: String, contentType: String) {
        self.data = data
        self.filename = filename
        self.contentType = contentType
        self.fileURL = nil
    }

    /// A file on disk to send in a multipart body, streamed from disk as the request is sent
    /// (a photo or a video never sits in memory whole); `filename` defaults to the file's name.
    public init(fileURL: URL, filename: String? = nil, contentType: String = "application/octet-stream") {
        self.data = Data()
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
        self.fileURL = fileURL
    }

    /// How a file travels through JSON on its way to a multipart body (the key marks it).
    static let marker = "$dtogen.file"

    /// Whether a body's JSON holds a file on disk (its path, which only a multipart body
    /// turns into the file's bytes).
    static func namesAFile(_ json: Data) -> Bool {
        json.range(of: Data("\"\(marker)\"".utf8)) != nil && json.range(of: Data("\"fileURL\"".utf8)) != nil
    }

    enum CodingKeys: String, CodingKey {
        case marker = "$dtogen.file", data, filename, contentType, fileURL
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fileURL = try container.decodeIfPresent(URL.self, forKey: .fileURL)
        data = try container.decodeIfPresent(Data.self, forKey: .data) ?? Data()
        filename = try container.decode(String.self, forKey: .filename)
        contentType = try container.decode(String.self, forKey: .contentType)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(true, forKey: .marker)
        if let fileURL {
            try container.encode(fileURL, forKey: .fileURL)
        } else {
            try container.encode(data, forKey: .data)
        }
        try container.encode(filename, forKey: .filename)
        try container.encode(contentType, forKey: .contentType)
    }
}

extension JSONValue {
    /// Neither an object nor an array (`null` included).
    var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    /// A scalar as a form field, query item or multipart text part writes it (numbers as JSON
    /// writes them); nil for `null`, an object or an array, which each encoding writes its way.
    var scalarText: String? {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): WholeNumber.text(n)
        case .integer(let i): String(i)
        case .unsignedInteger(let u): String(u)
        case .string(let s): s
        case .null, .object, .array: nil
        }
    }
}

/// `multipart/form-data` bodies: a part per top-level field, in sorted order; files as file
/// parts (a file on disk copied in pieces, never read whole), strings, numbers and booleans
/// as text, objects as JSON, an array as a part per element; `null` left out.
/// Names and file names escape `"`, CR and LF as the WHATWG form serializer does.
enum MultipartEncoding {
    /// The body in memory (a file on disk read into it).
    static func encode(_ value: JSONValue, boundary: String) throws -> Data {
        var body = Data()
        try write(value, boundary: boundary) { body.append($0) }
        return body
    }

    /// The body written to a temporary file, for a body with files on disk: the caller
    /// uploads it from there and removes it.
    static func temporaryFile(_ value: JSONValue, boundary: String) throws -> URL {
        let file = Foundation.FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-multipart-\(UUID().uuidString)")
        guard Foundation.FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw APIError.invalidRequest("cannot write the body's temporary file \(file.path)")
        }
        do {
            let handle = try Foundation.FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try write(value, boundary: boundary) { try handle.write(contentsOf: $0) }
        } catch {
            try? Foundation.FileManager.default.removeItem(at: file)
            throw error
        }
        return file
    }

    /// Whether a body has a file on disk (`FilePart(fileURL:)`) among its parts.
    static func hasFiles(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.values.contains { field in
            let parts: [JSONValue] = if case .array(let elements) = field { elements } else { [field] }
            return parts.contains { part in
                if case .object(let object) = part {
                    object[FilePart.marker] == .bool(true) && object["fileURL"] != nil
                } else {
                    false
                }
            }
        }
    }

    static func write(_ value: JSONValue, boundary: String, to sink: (Data) throws -> Void) throws {
        func line(_ text: String) throws { try sink(Data((text + "\r\n").utf8)) }
        func part(_ key: String, _ field: JSONValue) throws {
            switch field {
            case .null:
                return
            case .object(let object) where object[FilePart.marker] == .bool(true):
                try line("--\(boundary)")
                try line(
                    "Content-Disposition: form-data; name=\"\(escape(key))\"; filename=\"\(escape(object["filename"]?.stringValue ?? "file"))\""
                )
                try line("Content-Type: \(object["contentType"]?.stringValue ?? "application/octet-stream")")
                try line("")
                if let written = object["fileURL"]?.stringValue {
                    try copy(written, to: sink)
                } else {
                    try sink(object["data"]?.stringValue.flatMap { Data(base64Encoded: $0) } ?? Data())
                }
                try line("")
            default:
                try line("--\(boundary)")
                try line("Content-Disposition: form-data; name=\"\(escape(key))\"")
                let text: String
                if let scalar = field.scalarText {
                    text = scalar
                } else {
                    try line("Content-Type: application/json")
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    text = String(decoding: (try? encoder.encode(field)) ?? Data(), as: UTF8.self)
                }
                try line("")
                try line(text)
            }
        }
        guard case .object(let members) = value else { return }
        for key in members.keys.sorted() {
            guard let field = members[key] else { continue }
            // An array is a part per element under the field's name (OpenAPI's multipart
            // encoding): `keyword=a`, `keyword=b`, several files under one name.
            if case .array(let elements) = field {
                for element in elements { try part(key, element) }
            } else {
                try part(key, field)
            }
        }
        try line("--\(boundary)--")
    }

    /// A file on disk into the body, a megabyte at a time.
    private static func copy(_ written: String, to sink: (Data) throws -> Void) throws {
        guard let url = URL(string: written), url.isFileURL else {
            throw APIError.invalidRequest("a FilePart's fileURL must be a file URL, found \(written)")
        }
        let handle: Foundation.FileHandle
        do {
            handle = try Foundation.FileHandle(forReadingFrom: url)
        } catch {
            throw APIError.invalidRequest("cannot read the file \(url.path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
            try _Concurrency.Task.checkCancellation()
            try sink(piece)
        }
    }

    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}

/// `application/x-www-form-urlencoded` bodies in the bracket style: nested objects
/// `card[number]=4242`, dictionaries `metadata[order_id]=6735`, arrays of scalars
/// `expand[]=customer`, arrays of objects `items[0][price]=p_1`. Exploded (OpenAPI's
/// default), a top-level array of scalars repeats its key (`tag=a&tag=b`) and a top-level
/// object's fields are keys of their own. Keys come in sorted order
/// (so a body is the same bytes on every run); `null` is left out; names and values are
/// percent-encoded as the WHATWG URL standard's form serializer does (space as `+`).
enum FormEncoding {
    /// `delimiters`: top-level array fields written as one value, their elements joined
    /// (`tags=a,b`), in either style.
    static func encode(_ value: JSONValue, exploded: Bool = false, delimiters: [String: String] = [:]) -> String {
        var pairs: [(String, String)] = []
        if case .object(let members) = value {
            for key in members.keys.sorted() {
                let member = members[key] ?? .null
                if let delimiter = delimiters[key], case .array(let elements) = member,
                    elements.allSatisfy(\.isScalar)
                {
                    // An empty array is no value, left out as it is exploded.
                    if !elements.isEmpty {
                        pairs.append((key, elements.compactMap(\.scalarText).joined(separator: delimiter)))
                    }
                    continue
                }
                switch member {
                case .array(let elements) where exploded && elements.allSatisfy(\.isScalar):
                    for element in elements { append(element, name: key, to: &pairs) }
                case .object(let fields) where exploded:
                    for field in fields.keys.sorted() { append(fields[field] ?? .null, name: field, to: &pairs) }
                default:
                    append(member, name: key, to: &pairs)
                }
            }
        }
        return pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// The bracket-style names and values of one value under `name` (an object query item).
    static func pairs(_ value: JSONValue, name: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        append(value, name: name, to: &pairs)
        return pairs
    }

    private static func append(_ value: JSONValue, name: String, to pairs: inout [(String, String)]) {
        switch value {
        case .null: return
        case .bool, .number, .integer, .unsignedInteger, .string:
            if let text = value.scalarText { pairs.append((name, text)) }
        case .object(let members):
            for key in members.keys.sorted() { append(members[key] ?? .null, name: "\(name)[\(key)]", to: &pairs) }
        case .array(let elements):
            let scalars = elements.allSatisfy(\.isScalar)
            for (index, element) in elements.enumerated() {
                append(element, name: scalars ? "\(name)[]" : "\(name)[\(index)]", to: &pairs)
            }
        }
    }

    /// Bytes outside `*-._0-9A-Za-z` percent-encoded, space as `+`.
    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "): out += "+"
            case UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
