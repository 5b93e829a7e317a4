/// A screen that is shown or not, like a sheet or an alert: TCA's `@Presents` with `ifLet`.
///
/// The screen is a model like any other while it is shown, receiving every action, and its
/// effects end when it goes. It goes when its parent sets ``screen`` to `nil` or when anything
/// sends ``Dismiss`` for its type, which needs no code in the parent; an ``AlertState`` also
/// goes when one of its buttons' actions is sent.
///
/// ```swift
/// struct Meetings: Model {
///     var editor = Presented<EditForm>()
///     mutating func update(action: Action) {
///         if action is EditTapped { editor.screen = EditForm() }
///     }
/// }
/// ```
public struct Presented<Screen: Model>: Model {
    /// The screen, while it is shown.
    public var screen: Screen?

    /// Whether the screen is shown.
    public var isPresented: Bool { screen != nil }

    /// A holder showing the screen, or nothing.
    public init(_ screen: Screen? = nil) {
        self.screen = screen
    }

    public mutating func update(action: Action) {
        guard let screen else { return }
        if let dismiss = action as? any DismissRequest, dismiss.matches(screen) {
            self.screen = nil
        } else if let alert = screen as? any ClosingAlert ?? Self.alert(in: screen), alert.isAnswered(by: action) {
            // An alert's button was tapped: the alert closes before its holder sees the action,
            // whether it is the screen or the current case of a destination enum (TCA's
            // `Destination.alert`).
            self.screen = nil
        }
    }
}

extension Presented {
    /// The alert that is the payload of an enum screen's current case, if it is one.
    private static func alert(in screen: Screen) -> (any ClosingAlert)? {
        // The type's kind comes from its metadata, so a struct screen costs no mirror.
        guard RuntimeMetadata.kind(Screen.self) == RuntimeMetadata.enumKind else { return nil }
        return Mirror(reflecting: screen).children.first?.value as? any ClosingAlert
    }
}

extension Presented: Equatable where Screen: Equatable {}
extension Presented: Codable where Screen: Codable {}
