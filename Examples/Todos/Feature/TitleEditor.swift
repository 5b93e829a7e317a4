import Substate
import SubstateMachine

/// The sheet that renames a to-do, written as a StateMachine feature.
///
/// Typing changes the draft and starts an autosave that waits for a pause in typing (each
/// keystroke replaces the pending save); `commit` saves at once, without waiting on the clock. A save comes back as a
/// ``Saved`` result, which the to-do itself applies. Dismissing the sheet takes the editor's
/// node out of the tree, and the runner cancels its pending save, as TCA cancels a dismissed
/// feature's effects: a title typed and then dismissed is never saved.
public struct TitleEditor: StateMachine {
    public struct State: Codable, Equatable, Sendable {
        public let todoID: Int
        public var draft: String
        /// The last title saved from this editor.
        public var saved: String? = nil

        public init(todoID: Int, draft: String, saved: String? = nil) {
            self.todoID = todoID
            self.draft = draft
            self.saved = saved
        }
    }

    public enum Input: Codable, Equatable, Sendable {
        case typed(String)
        case commit
    }

    public enum IOEffect: Equatable, Sendable {
        /// Saves the title, after a pause in typing, or at once when `after` is `nil`.
        case save(todoID: Int, title: String, after: Duration?)
    }

    public struct IOResult: Codable, Equatable, Sendable {
        public let todoID: Int
        public let title: String

        public init(todoID: Int, title: String) {
            self.todoID = todoID
            self.title = title
        }
    }

    /// The result action that carries a save to the tree.
    public typealias Saved = MachineNode<TitleEditor>.Result

    /// How long typing must pause before the draft is saved.
    public static let pause = Duration.seconds(1)

    let clock: any Clock<Duration>

    public init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    public static func reduceInput(_ state: State, _ input: Input) -> Transition {
        var state = state
        switch input {
        case .typed(let text):
            state.draft = text
            return transition(state, .save(todoID: state.todoID, title: text, after: pause))
        case .commit:
            return transition(state, .save(todoID: state.todoID, title: state.draft, after: nil))
        }
    }

    public static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        var state = state
        state.saved = ioResult.title
        return nextState(state)
    }

    public func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .save(let todoID, let title, let pause):
            let clock = self.clock
            // A cancelled save stops sleeping and is never delivered. A commit does not sleep:
            // even a sleep of zero waits for a test clock to be advanced.
            return .single {
                if let pause { try? await clock.sleep(for: pause) }
                return IOResult(todoID: todoID, title: title)
            }
        }
    }
}
