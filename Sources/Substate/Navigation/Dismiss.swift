/// Asks whatever holds a screen of the type to dismiss it: a ``Presented`` holder sets its screen
/// to `nil`, a ``ScreenStack`` pops its topmost screen of the type (and the screens above it).
/// A holder of an enum of screens (`Presented<Destination>`, `ScreenStack<Path>`) dismisses the
/// screen when its current case holds one of the type.
///
/// A screen asks for its own dismissal, as TCA's `dismiss()` does, with no code in its parent:
/// its model, an effect started for it or a middleware sends the action, and the holder, which
/// receives every action after the screens inside it, does the rest. The screen's effects end
/// with it (see `Effect(model:action:)`). A test sees the dismissal as any other action:
///
/// ```swift
/// await store.receive(Dismiss<EditForm>.self) { $0.destination.screen = nil }
/// ```
public struct Dismiss<Screen: Model>: Action, Codable, Equatable, DismissRequest {
    public init() {}

    func matches(_ value: Any) -> Bool {
        if value is Screen { return true }
        // An enum of screens: the payload of its current case.
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .enum && mirror.children.first.map { $0.value is Screen } == true
    }
}

/// A ``Dismiss`` of any screen type, as the holders see it.
protocol DismissRequest {
    /// Whether the request dismisses this screen (or enum of screens).
    func matches(_ value: Any) -> Bool
}
