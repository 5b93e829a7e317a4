/// Asks whatever holds a screen of the type to dismiss it: a ``Presented`` holder sets its screen
/// to `nil`, a ``ScreenStack`` pops its topmost screen of the type (and the screens above it),
/// and an optional field holding one (`var sheet: Sheet?`, TCA's `@Presents` optional) is set to
/// `nil` once every model has seen the action. A holder of an enum of screens
/// (`Presented<Destination>`, `ScreenStack<Path>`, `var destination: Destination?`) dismisses the
/// screen when its current case holds one of the type. A `Dismiss` of the store's root type
/// dismisses the root (see `Store.isDismissed`). It reaches every holder of the type: to
/// dismiss the screen of one row of a list (one row's alert), send ``TargetedDismiss``, which
/// names the row by its id.
///
/// A screen asks for its own dismissal, as TCA's `dismiss()` does, with no code in its parent:
/// its model, an effect started for it or a middleware sends the action, and the holder, which
/// receives every action after the screens inside it, does the rest. The screen's effects end
/// with it (see `Effect(model:action:)`). A test sees the dismissal as any other action:
///
/// ```swift
/// await store.receive(Dismiss<EditForm>.self) { $0.destination.screen = nil }
/// ```
///
/// A `Dismiss` that nothing would carry out (the screen is not shown, or sits in a field that is
/// neither optional nor a holder, as a row of an array) is dropped with a `Diagnostic` of kind
/// `undeliverableAction`, which fails a test store, as TCA warns of a `dismiss()` of a feature
/// that was not presented.
public struct Dismiss<Screen: Model>: Action, Codable, Equatable, DismissRequest, DeliveryChecked {
    public init() {}

    func matches(_ value: Any) -> Bool {
        if value is Screen { return true }
        // An enum of screens: the payload of its current case.
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .enum && mirror.children.first.map { $0.value is Screen } == true
    }

    var screenType: ObjectIdentifier { ObjectIdentifier(Screen.self) }

    @MainActor package func undeliverable(in store: Store) -> String? {
        guard !store.carriesOut(self) else { return nil }
        return
            "no Presented, ScreenStack or optional field in the tree holds a \(typeName(Screen.self)) to dismiss, and it is not the store's root"
    }
}

/// A ``Dismiss`` of any screen type, as the holders see it.
protocol DismissRequest {
    /// Whether the request dismisses this screen (or enum of screens).
    func matches(_ value: Any) -> Bool
    /// The screen type the request dismisses.
    var screenType: ObjectIdentifier { get }
}

/// A model that holds screens in a way the store cannot see as an optional (a stack's array of
/// elements), and says whether it would carry out a dismissal.
protocol ScreenHolder {
    /// Whether the holder holds a screen the request dismisses.
    func carriesOut(_ dismissal: any DismissRequest) -> Bool
}
