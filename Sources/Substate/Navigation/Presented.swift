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
        } else if let alert = screen as? any ClosingAlert, alert.isAnswered(by: action) {
            // An alert's button was tapped: the alert closes before its holder sees the action.
            self.screen = nil
        }
    }
}

extension Presented: Equatable where Screen: Equatable {}
extension Presented: Codable where Screen: Codable {}
