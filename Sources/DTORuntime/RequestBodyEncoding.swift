import Foundation

/// A value that is both sent and received (a `User` a `PUT` sends back) can hold properties
/// only the server sets (OpenAPI's `readOnly`: an id, a creation date). Generated types keep
/// them when encoded anywhere else (a cache, a test fixture) and leave them out of a request
/// body, which the runtime encodes with an encoder that says so.
public enum RequestBodyEncoding {
    /// Set to `true` in an encoder's `userInfo` while it writes a request body.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "dtogen.requestBody")

    /// The encoder `Endpoint` writes request bodies with (form and multipart bodies too,
    /// which are written from its JSON): a plain `JSONEncoder` that says it writes one.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        if let key = userInfoKey { encoder.userInfo[key] = true }
        return encoder
    }
}

extension Encoder {
    /// Whether this encoder writes a request body, where generated types leave out the
    /// properties a spec marks `$readOnly`.
    public var isEncodingRequestBody: Bool {
        guard let key = RequestBodyEncoding.userInfoKey else { return false }
        return userInfo[key] as? Bool == true
    }
}
