/// An action with which middleware reports work it did for the app, and which an exhaustive
/// test receives only when it asks for it.
///
/// A save that succeeded is news for the app's logs, and for a model that shows it, rather than
/// a step of the feature under test: TCA's tests of `.fileStorage` shared state receive nothing
/// when a value is saved. A `TestStore` keeps a quiet action for a test that receives it, and
/// otherwise lets it go without a failure, as long as it changed no state; one that changed
/// the state (a model reacted to it) is received like any other action, so that the change is
/// asserted. `ModelSaver`'s successes and completions are quiet; its failures are not.
///
/// ```swift
/// struct Synced: QuietAction { let count: Int }   // a sync middleware's report
/// ```
public protocol QuietAction: Action {}
