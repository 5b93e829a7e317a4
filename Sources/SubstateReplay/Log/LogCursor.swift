import Substate

/// What the recorders writing to one sink share: the sequence number of the last action
/// recorded, so that a `ModelRecorder` numbers its lines after the actions the
/// `ActionRecorder` really wrote (none while recording is paused, only recorded ones when it
/// filters).
///
/// One cursor per sink object, found through the sink the app handed both recorders; it lives
/// as long as a recorder holds it.
@MainActor
package final class LogCursor {
    /// Whether an `ActionRecorder` writes to the sink and numbers its actions.
    package private(set) var numbersActions = false
    /// Called after the action recorder wrote an action, with its sequence number.
    private var followers: [(Int, Store) -> Void] = []

    private static var cursors: [ObjectIdentifier: WeakCursor] = [:]

    /// The cursor of a sink, made on first use.
    package static func cursor(for sink: any LogSink) -> LogCursor {
        cursors = cursors.filter { $0.value.cursor != nil }
        let id = ObjectIdentifier(sink)
        if let cursor = cursors[id]?.cursor { return cursor }
        let cursor = LogCursor()
        cursors[id] = WeakCursor(cursor: cursor)
        return cursor
    }

    package func attachActionRecorder() { numbersActions = true }

    package func follow(_ follower: @escaping (Int, Store) -> Void) { followers.append(follower) }

    /// The action recorder wrote the action with this sequence number.
    package func recorded(_ sequence: Int, in store: Store) {
        for follower in followers { follower(sequence, store) }
    }
}

private struct WeakCursor {
    weak var cursor: LogCursor?
}
