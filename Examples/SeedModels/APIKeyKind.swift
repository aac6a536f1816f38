import DTORuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A custom endpoint kind (named in specs/catalog.json as `"kind": "APIKeyKind"`): the
/// request data is an API key, sent in a header.
public enum APIKeyKind: EndpointKind {
    public static func prepare(_ request: inout URLRequest, with key: String) {
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
    }
}
