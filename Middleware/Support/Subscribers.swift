import Substate

/// The continuations of an asynchronous sequence's consumers; a consumer that stops iterating
/// is removed.
@MainActor
final class Subscribers<Element: Sendable> {
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0

    var count: Int { continuations.count }
    var isEmpty: Bool { continuations.isEmpty }

    /// A new sequence, with an optional first element.
    func subscribe(first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        nextID += 1
        let id = nextID
        continuations[id] = continuation
        if let first { continuation.yield(first) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    /// Hands the element to every consumer, dropping those that stopped.
    func yield(_ element: Element) {
        for (id, continuation) in continuations {
            if case .terminated = continuation.yield(element) { continuations[id] = nil }
        }
    }

    func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations = [:]
    }
}
