@_spi(Testing) import DTORuntime
import Foundation
import Testing

/// Decodes with `JSONDecoder`, and checks that `FastDecoder`'s tape alone (the generated
/// fast paths, no fallback) agrees: the same value, or a failure too. Every golden spec's
/// payloads go through both.
func decodeBoth<T: Decodable & Equatable>(
    _ type: T.Type, from data: Data, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let disagreement = FastDecoder().disagreement(T.self, from: data)
    #expect(disagreement == nil, "\(disagreement ?? "")", sourceLocation: sourceLocation)
    return try JSONDecoder().decode(T.self, from: data)
}
