/// An alert or a confirmation dialog as a value: a title, a message and buttons, each with its
/// role and the action it sends. TCA's `AlertState` and `ConfirmationDialogState`.
///
/// Held in a ``Presented``, it closes by itself when one of its buttons' actions is sent, before
/// the models around it see that action, so a feature's `update` only says what the button
/// does. A button's action that the store stamps when it is sent (a ``StampedAction`` or
/// ``StampedFromState``, as SyncUps' "Save and end", which draws the meeting's id) is compared
/// as the button holds it, before stamping, so the alert closes all the same. A view shows ``title``, ``message`` and ``buttons``, and sends a button's ``Button/action``
/// when it is tapped, or `Dismiss<AlertState<...>>()` when the alert is dismissed without one
/// (a cancel button has no action).
///
/// ```swift
/// struct Feature: Model {
///     enum AlertAction: Action, Equatable { case increment }
///     var alert = Presented<AlertState<AlertAction>>()
///     var count = 0
///     struct ShowAlert: Action {}
///
///     mutating func update(action: Action) {
///         if action is ShowAlert {
///             alert.screen = AlertState(
///                 title: "Alert!", buttons: [.cancel("Cancel"), .init("Increment", action: .increment)])
///         }
///         if case .increment? = action as? AlertAction { count += 1 }   // the alert has closed
///     }
/// }
/// ```
///
/// One per row works the same way: a row's button actions name the row (a `TargetedAction`, or
/// an id in the action), so a tap closes that row's alert alone, and a dismissal without a
/// button names the row too, with ``TargetedDismiss``
/// (`TargetedDismiss<Row, AlertState<Row.Alert>>(targetID: id)`): a plain `Dismiss` closes the
/// alert of that type in every row.
public struct AlertState<ButtonAction: Action & Equatable>: Model, Equatable {
    /// How the choices are shown.
    public enum Style: String, Equatable, Codable, Sendable {
        /// An alert, over the screen.
        case alert
        /// A confirmation dialog (an action sheet), from the bottom of the screen.
        case confirmationDialog
    }

    /// One button of an alert.
    public struct Button: Equatable, Sendable {
        /// What a button does, for the way it is drawn.
        public enum Role: String, Equatable, Codable, Sendable {
            /// Closes the alert without doing anything.
            case cancel
            /// Deletes or undoes something.
            case destructive
        }

        public var title: String
        public var role: Role?
        /// The action the button sends; `nil` for one that only closes the alert.
        public var action: ButtonAction?

        /// A button with a title, the action it sends and its role.
        public init(_ title: String, role: Role? = nil, action: ButtonAction? = nil) {
            self.title = title
            self.role = role
            self.action = action
        }

        /// A button that closes the alert and sends nothing.
        public static func cancel(_ title: String) -> Button { Button(title, role: .cancel) }
    }

    public var style: Style
    public var title: String
    public var message: String?
    /// The buttons, in order; an alert with none shows one that closes it.
    public var buttons: [Button]

    /// An alert (or, with `style`, a confirmation dialog).
    public init(title: String, message: String? = nil, buttons: [Button] = [], style: Style = .alert) {
        self.style = style
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    public mutating func update(action: Action) {}
}

extension AlertState: ClosingAlert {
    func isAnswered(by action: any Action) -> Bool {
        guard let sent = action as? ButtonAction else { return false }
        if buttons.contains(where: { $0.action == sent }) { return true }
        // A stamped action (``StampedAction``, ``StampedFromState``) differs from the button,
        // which holds it unstamped, as the feature wrote it: that form is compared too. An
        // action addressed to one screen reaches it as the action inside.
        guard let unstamped = UnstampedForms.current else { return false }
        let form = (unstamped as? any AddressedAction)?.addressedAction ?? unstamped
        guard let written = form as? ButtonAction else { return false }
        return buttons.contains { $0.action == written }
    }
}

extension AlertState: Codable where ButtonAction: Codable {}
extension AlertState.Button: Codable where ButtonAction: Codable {}

/// A screen that closes when an action answers it: an ``AlertState`` whose button was tapped.
protocol ClosingAlert {
    /// Whether the action is one of the screen's buttons' actions.
    func isAnswered(by action: any Action) -> Bool
}
