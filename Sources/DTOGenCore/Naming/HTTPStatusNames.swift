/// The names of success statuses, as HTTP gives them (RFC 9110 and its registry): a
/// `responses` case is named after its status's reason phrase (`204` → `noContent`).
enum HTTPStatus {
    static let phrases: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
    ]

    /// The reason phrase, or `(no reason phrase)` for a code HTTP does not name.
    static func phrase(_ code: Int) -> String { phrases[code] ?? "(no reason phrase)" }

    /// The case of a response by status: `ok`, `created`, `nonAuthoritativeInformation`,
    /// `imUsed`; `status299` for a code HTTP does not name.
    static func caseName(_ code: Int) -> String {
        guard let phrase = phrases[code] else { return "status\(code)" }
        if code == 200 { return "ok" }
        if code == 226 { return "imUsed" }
        let words = phrase.split { $0 == " " || $0 == "-" }.map(String.init)
        return words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined()
    }
}
