public import DTORuntime
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking  // URLRequest
#else
public import Foundation
#endif

// What a library that exports the seed specs' public output declares itself: the custom kind
// the catalog spec names, public like the factories that use it.

public nonisolated enum APIKeyKind: EndpointKind {
    public static func prepare(_ request: inout URLRequest, with key: String) {
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
    }
}
