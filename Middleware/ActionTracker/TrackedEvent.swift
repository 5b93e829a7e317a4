import Substate

/// An analytics event: a name and named values, in the order the app reads them.
public struct TrackedEvent: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let values: [(key: String, value: String)]

    public init(name: String, values: [(key: String, value: String)] = []) {
        self.name = name
        self.values = values
    }

    public static func == (lhs: TrackedEvent, rhs: TrackedEvent) -> Bool {
        lhs.name == rhs.name && lhs.values.elementsEqual(rhs.values) { $0.key == $1.key && $0.value == $1.value }
    }

    public var description: String {
        values.isEmpty ? name : "\(name) " + values.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}

/// Delivers tracked events to a closure and to asynchronous sequences, in dispatch order: the
/// plumbing both trackers share, with whether they track during a replay. The sequences end
/// when the last store served is released.
@MainActor
final class EventOutlet {
    private let handler: (@MainActor (TrackedEvent) -> Void)?
    private let subscribers = Subscribers<TrackedEvent>()
    private var served = ServedStores()
    /// Whether a replaying store tracks too: the trackers' `runsDuringReplay`.
    let duringReplay: Bool

    init(_ handler: (@MainActor (TrackedEvent) -> Void)?, duringReplay: Bool) {
        self.handler = handler
        self.duringReplay = duringReplay
    }

    func emit(_ event: TrackedEvent) {
        handler?(event)
        if !subscribers.isEmpty { subscribers.yield(event) }
    }

    func stream() -> AsyncStream<TrackedEvent> { subscribers.subscribe() }

    /// Notes a store that started with the middleware.
    func serve(_ store: Store) { served.serve(store) }

    /// Notes a store's release: the sequences end with the last store served.
    func release(_ store: Store) {
        if served.release(store) { subscribers.finish() }
    }
}
