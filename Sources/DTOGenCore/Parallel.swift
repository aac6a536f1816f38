import Dispatch

/// Maps on all cores, keeping order: specs are read, resolved and rendered independently,
/// and a large API has many specs.
func parallelMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    guard items.count > 1 else { return items.map(transform) }
    var results = [R?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let output = UnsafeSendable(buffer)
        let input = UnsafeSendable(items)
        withoutActuallyEscaping(transform) { transform in
            let work = UnsafeSendable(transform)
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                // Each index is written by exactly one iteration.
                output.value[index] = work.value(input.value[index])
            }
        }
    }
    return results.compactMap { $0 }
}

/// Carries a value into `concurrentPerform`; safe here because every iteration touches its own index.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
