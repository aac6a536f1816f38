import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries what is safe to retry: transport errors and 408, 429, 500, 502, 503, 504, for
/// idempotent requests only (GET, HEAD, PUT, DELETE, OPTIONS, or any request with an
/// `Idempotency-Key` header). Waits as `Retry-After` says (seconds or an HTTP date, capped at
/// `maxDelay`), else backs off exponentially with jitter. Sends at most `maxAttempts` times
/// in all; cancelling the task stops it at once, also during a wait.
public struct RetryMiddleware: APIMiddleware {
    /// How many times a request is sent in all (at least once).
    public var maxAttempts: Int
    /// The first back-off; each retry doubles it, with jitter.
    public var baseDelay: Duration
    /// The longest wait, also for a `Retry-After` that asks for more.
    public var maxDelay: Duration

    /// The statuses that mean "try again": 408, 429, 500, 502, 503 and 504.
    public static let retriedStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// The methods a retry cannot repeat the effect of (RFC 9110 §9.2.2), less `TRACE`.
    public static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]

    /// A retry policy: three attempts, a 200 ms first back-off and at most 30 s of wait by default.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Sends the request, and sends it again while the answer says to and the policy allows.
    public func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse) {
        let retryable =
            Self.idempotentMethods.contains(request.httpMethod ?? "GET")
            || request.value(forHTTPHeaderField: "Idempotency-Key") != nil
        var attempt = 1
        while true {
            try _Concurrency.Task.checkCancellation()
            let result: (Data, HTTPURLResponse)
            do {
                result = try await next(request)
            } catch let error as APIError {
                guard retryable, attempt < maxAttempts, case .transport = error else { throw error }
                try await _Concurrency.Task.sleep(for: delay(attempt: attempt, retryAfter: nil))
                attempt += 1
                continue
            }
            let (_, response) = result
            guard retryable, attempt < maxAttempts, Self.retriedStatusCodes.contains(response.statusCode) else {
                return result
            }
            try await _Concurrency.Task.sleep(
                for: delay(attempt: attempt, retryAfter: response.value(forHTTPHeaderField: "Retry-After")))
            attempt += 1
        }
    }

    /// `Retry-After` when the server sent one (capped), else `baseDelay · 2^(attempt-1)` with
    /// up to half of it added at random, capped at `maxDelay`.
    func delay(attempt: Int, retryAfter: String?) -> Duration {
        if let retryAfter, let seconds = Self.seconds(retryAfter: retryAfter) {
            return min(.milliseconds(Int64((max(0, seconds) * 1000).rounded())), maxDelay)
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        let jitter = exponential * Double.random(in: 0..<0.5)
        return min(exponential + jitter, maxDelay)
    }

    /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`, as seconds from now.
    public static func seconds(retryAfter value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Foundation.Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Foundation.TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: trimmed).map { $0.timeIntervalSince(now) }
    }
}
