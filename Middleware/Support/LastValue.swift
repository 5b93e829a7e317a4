/// The last value a change source or a tracked value saw; only the main actor touches it.
@MainActor
final class LastValue<V: Sendable>: Sendable {
    var value: V?
}
