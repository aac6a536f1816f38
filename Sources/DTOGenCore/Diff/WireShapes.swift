/// What a type is on the wire, whatever it is called: a digest of its JSON keys, their
/// shapes and optionality, enum values, one-of tags and variants, through named types to
/// the scalars. Two types with the same digest decode and encode the same JSON, so a type
/// renamed with the same shape breaks code that names it (source), never the wire.
///
/// Types refer to each other in cycles, so each declaration's digest is refined in rounds
/// (its own structure, then with its children's digests of the round before): after
/// `rounds` rounds two types agree to that depth of nesting.
struct WireShapes {
    let table: TypeTable
    private var digests: [UInt64]
    static let rounds = 12

    init(table: TypeTable) {
        self.table = table
        digests = Array(repeating: 0, count: table.decls.count)
        for _ in 0..<Self.rounds {
            digests = table.decls.indices.map { index in digest(of: DeclID(index: index)) }
        }
    }

    func digest(_ type: TypeRef) -> UInt64 {
        switch type {
        case .scalar(let scalar): Self.hash(["scalar", scalar.rawValue])
        case .json: Self.hash(["json"])
        case .parameter(let name): Self.hash(["parameter", name])
        case .optional(let wrapped): Self.hash(["optional", String(digest(wrapped))])
        case .array(let element): Self.hash(["array", String(digest(element))])
        case .dictionary(let value): Self.hash(["dictionary", String(digest(value))])
        case .generic(let id, let arguments):
            Self.hash(["generic", String(digests[id.index])] + arguments.map { String(digest($0)) })
        case .named(let id): digests[id.index]
        }
    }

    /// A declaration's digest from its children's current ones.
    private func digest(of id: DeclID) -> UInt64 {
        var words: [String]
        switch table[id].kind {
        case .structure(let fields):
            words = ["struct"]
            for field in fields.sorted(by: { $0.jsonKey < $1.jsonKey }) {
                words += [field.jsonKey, String(digest(field.type))]
            }
            if let additional = table[id].additionalProperties {
                words += ["$additionalProperties", String(digest(additional.type))]
            }
        case .enumeration(let info):
            words = ["enum", info.unknownCaseName == nil ? "closed" : "open"] + info.cases.map(\.rawValue).sorted()
        case .oneOf(let info):
            words = ["oneOf", info.discriminator ?? "", info.unknownCaseName == nil ? "closed" : "open"]
            for variant in info.variants {
                words += [variant.tag ?? "", String(digest(variant.type))]
            }
        case .alias(let target):
            words = ["alias", String(digest(target))]
        case .appType:
            // What the app's type reads is its own: by the spec's name for it, whichever
            // Swift type stands for it (a change of that is the source's, not the wire's).
            words = ["appType", table[id].name]
        case .statusResponses(let cases):
            words =
                ["statusResponses"] + cases.flatMap { [String($0.code), $0.payload.map { String(digest($0)) } ?? ""] }
        case .responseHeaders(let fields):
            words = ["responseHeaders"]
            for field in fields.sorted(by: { $0.header.lowercased() < $1.header.lowercased() }) {
                words += [
                    field.header.lowercased(), String(digest(field.type)), field.dateFormat.map { "\($0)" } ?? "",
                ]
            }
        }
        return Self.hash(words)
    }

    /// FNV-1a over the words, each ended by a zero byte.
    static func hash(_ words: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in words {
            for byte in word.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
