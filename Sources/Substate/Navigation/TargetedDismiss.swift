/// Asks one model, named by its id, to dismiss the screen of a type it holds: one row's alert,
/// where ``Dismiss`` closes that alert in every row.
///
/// Use it where each row of a list holds an alert or a sheet of the same type, for the
/// dismissal a view sends without a button's action (a cancel, a swipe): the row with the id
/// and the models inside it carry it out as they carry out a `Dismiss` (a `Presented` sets its
/// screen to `nil`, a stack pops, an optional field is emptied), and every other row keeps its
/// screen. It is a ``TargetedAction``: with routing it travels down the path to that row alone,
/// without routing every model receives it, and either way only the named row's holders act.
/// A dismissal that the named row cannot carry out (no row has the id, or it shows no such
/// screen) is dropped with a `Diagnostic` of kind `undeliverableAction`, which fails a test
/// store.
///
/// ```swift
/// store.update(TargetedDismiss<Episode, AlertState<Episode.Alert>>(targetID: 2))   // row 2's alert alone
/// ```
public struct TargetedDismiss<Target: Model & Identifiable, Screen: Model>: TargetedAction, Equatable,
    DeliveryChecked, RowDismissal
where Target.ID: Sendable {
    /// The id of the model whose screen is dismissed.
    public let targetID: Target.ID

    /// A dismissal of the screen of type `Screen` held by the model of type `Target` with the id.
    public init(targetID: Target.ID) {
        self.targetID = targetID
    }

    var screenDismissal: any DismissRequest & Action { Dismiss<Screen>() }

    @MainActor func rowLocation(in store: Store) -> ModelLocation? { instance(in: store) }

    @MainActor package func undeliverable(in store: Store) -> String? {
        guard let location = instance(in: store) else {
            return "no \(typeName(Target.self)) in the tree has the id \(targetID)"
        }
        guard store.carriesOut(Dismiss<Screen>(), within: location) else {
            return
                "the \(typeName(Target.self)) with the id \(targetID) holds no \(typeName(Screen.self)) to dismiss in a Presented, ScreenStack or optional field"
        }
        return nil
    }
}

extension TargetedDismiss: Codable where Target.ID: Codable {}

/// A dismissal addressed to one model, which the store carries out inside that model alone.
protocol RowDismissal {
    /// Where the model the dismissal names sits; `nil` when none has its id.
    @MainActor func rowLocation(in store: Store) -> ModelLocation?
    /// The dismissal the holders inside that model carry out.
    var screenDismissal: any DismissRequest & Action { get }
}
