import Foundation

/// How a request body is sent.
public enum BodyEncoding: Sendable, Hashable {
    /// `application/json` (the default).
    case json
    /// `application/x-www-form-urlencoded` in the bracket style Stripe, Rails and PHP read.
    case form
}

/// `application/x-www-form-urlencoded` bodies in the bracket style: nested objects
/// `card[number]=4242`, dictionaries `metadata[order_id]=6735`, arrays of scalars
/// `expand[]=customer`, arrays of objects `items[0][price]=p_1`. Keys come in sorted order
/// (so a body is the same bytes on every run); `null` is left out; names and values are
/// percent-encoded as the WHATWG URL standard's form serializer does (space as `+`).
enum FormEncoding {
    static func encode(_ value: JSONValue) -> String {
        var pairs: [(String, String)] = []
        if case .object(let members) = value {
            for key in members.keys.sorted() { append(members[key] ?? .null, name: key, to: &pairs) }
        }
        return pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static func append(_ value: JSONValue, name: String, to pairs: inout [(String, String)]) {
        switch value {
        case .null: return
        case .bool(let b): pairs.append((name, b ? "true" : "false"))
        case .number(let n): pairs.append((name, WholeNumber.text(n)))
        case .integer(let i): pairs.append((name, String(i)))
        case .unsignedInteger(let u): pairs.append((name, String(u)))
        case .string(let s): pairs.append((name, s))
        case .object(let members):
            for key in members.keys.sorted() { append(members[key] ?? .null, name: "\(name)[\(key)]", to: &pairs) }
        case .array(let elements):
            let scalars = elements.allSatisfy { if case .object = $0 { false } else if case .array = $0 { false } else { true } }
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
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
