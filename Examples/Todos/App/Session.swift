import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import TodosFeature

/// A running to-do list: the store with its middleware, saving to a directory and recording
/// the session into a log there.
@MainActor
final class Session {
    let store: Store
    let logURL: URL

    /// Opens a session; `narrate` receives what the program shows as the tree changes.
    init(directory: URL, narrate: @escaping @MainActor (String) -> Void) throws {
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        logURL = directory.appendingPathComponent("sessions/session-\(stamp).jsonl")
        let log = try FileLog(url: logURL, flushEvery: 1)
        store = Store(
            model: TodoApp(),
            middleware: [
                // Off until `log` toggles it: its switch is a model in the store.
                ActionLogger(
                    isActive: false,
                    output: { narrate($0.split(separator: "\n").map { "  | " + $0 }.joined(separator: "\n")) }),
                ActionUndoer(limit: 50),
                // Runs the title editor's saves; a new keystroke replaces the pending save.
                StateMachineRunner(cancelsInFlight: true) { TitleEditor(clock: $0.clock) },
                ModelSaver(
                    directory: directory.appendingPathComponent("saved"), strategy: .debounced(.milliseconds(300))),
                ActionRecorder(to: log, digestEvery: 5, snapshotEvery: 25),
                ModelRecorder(to: log, every: 10),
                ModelLogger(
                    diff: true,
                    output: { narrate($0.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")) }),
            ])
        store.observeReductions { action, origin in
            guard !(action is ModelSaver.LoadDidComplete || action is ModelSaver.LoadAllDidComplete) else { return }
            let name = String(reflecting: type(of: action)).split(separator: ".").dropFirst().joined(separator: ".")
            narrate("  ▸ \(name) (\(origin))")
        }
    }

    /// Dispatches a typed line; returns why it was not understood, if it was not.
    func run(_ line: String) -> String? {
        switch Command.action(for: line) {
        case .success(let action):
            store.update(action)
            return nil
        case .failure(let error):
            return error.description
        }
    }

    /// The list as the program shows it.
    var listing: String {
        let app = store.find(TodoApp.self)!
        let rows = app.visible.map { "  [\($0.isDone ? "x" : " ")] \($0.id) \($0.title)" }
        let owner = app.preferences.owner == "you" ? "Your" : "\(app.preferences.owner)'s"
        let header = "\(owner) list (\(app.filter.mode.rawValue)): \(app.summary)"
        var screens: [String] = []
        for case .detail(let detail) in app.navigation.path {
            let title = app.list.todos.first { $0.id == detail.todoID }?.title ?? "(deleted)"
            screens.append("  ▹ detail of \(detail.todoID) \(title), \(detail.changesSeen) changes seen")
        }
        if let editor = app.navigation.editor {
            screens.append("  ▹ editor sheet for \(editor.todoID): \"\(editor.draft)\"")
        }
        return ([header] + (rows.isEmpty ? ["  (empty)"] : rows) + screens).joined(separator: "\n")
    }
}
