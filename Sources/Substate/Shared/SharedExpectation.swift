/// Applies a test's expected change to a state as the store applies shared writes: a write to
/// one ``Shared`` field reaches every field with the same key, in the root and in the models
/// beside it, when the change returns.
///
/// So a test asserts a shared value once, on the screen it tests, as it would write it in
/// that screen's `update`: `$0.counter.stats.count = 1` also sets the profile tab's copy, as
/// the store did.
package enum SharedExpectation {
    /// Calls `change` on the root, then brings every shared field of the root and of `beside`
    /// up to date with the values it wrote.
    package static func apply<Root: Model>(
        _ change: (inout Root) -> Void, to root: inout Root, beside: inout [any Model]
    ) {
        let values = SharedValues()
        SharedValues.$current.withValue(values) {
            // The state given is one the store made, so its copies agree: these take no side.
            for index in beside.indices { SharedValues.syncFields(of: &beside[index]) }
            SharedValues.syncFields(of: &root)
            _ = values.takeChanged()
            change(&root)
            guard values.takeChanged() else { return }
            SharedValues.syncFields(of: &root)
            for index in beside.indices { SharedValues.syncFields(of: &beside[index]) }
        }
    }
}
