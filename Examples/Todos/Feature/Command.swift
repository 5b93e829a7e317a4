import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware

/// A line typed at the program's prompt, read into the action it dispatches.
public enum Command: Equatable {
    case dispatch(String)
    case list
    case help
    case quit

    /// What the program understands.
    public static let helpText = """
        commands:
          add TITLE          add a to-do
          toggle ID          mark a to-do done, or not done
          edit ID TITLE      rename a to-do
          delete ID          delete a to-do
          filter all|active|done
          owner NAME         whose list it is (saved)
          open ID            push the detail screen of a to-do; back pops it
          rename ID          open the title editor sheet; type TEXT edits the draft
                             (saved after a pause), save saves now, close dismisses
          undo, redo         undo or redo the last change to the list
          log                switch the action log on or off
          list               show the list
          help, quit
        """

    /// The action a line dispatches, or why the line is not understood.
    public static func action(for line: String) -> Result<any Action, CommandError> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { return .failure(CommandError("empty line")) }
        let rest = words.dropFirst().joined(separator: " ")
        func id() -> Int? { words.count > 1 ? Int(words[1]) : nil }
        switch verb {
        case "add" where !rest.isEmpty: return .success(TodoList.Add(rest))
        case "toggle": return id().map { .success(TodoList.Toggle($0)) } ?? .failure(CommandError("toggle needs an id"))
        case "delete": return id().map { .success(TodoList.Delete($0)) } ?? .failure(CommandError("delete needs an id"))
        case "edit":
            guard let id = id(), words.count > 2 else { return .failure(CommandError("edit needs an id and a title")) }
            return .success(TodoList.Edit(id, title: words.dropFirst(2).joined(separator: " ")))
        case "filter":
            guard let mode = Filter.Mode(rawValue: rest) else {
                return .failure(CommandError("filter all, active or done"))
            }
            return .success(Filter.Set(mode))
        case "owner" where !rest.isEmpty: return .success(Preferences.Rename(rest))
        case "open": return id().map { .success(Navigation.Open($0)) } ?? .failure(CommandError("open needs an id"))
        case "back": return .success(Navigation.Back())
        case "rename":
            return id().map { .success(Navigation.Rename($0)) } ?? .failure(CommandError("rename needs an id"))
        case "type" where !rest.isEmpty: return .success(MachineNode<TitleEditor>.Input(.typed(rest)))
        case "save": return .success(MachineNode<TitleEditor>.Input(.commit))
        case "close": return .success(Navigation.Dismiss())
        case "log": return .success(ActionLogger.Toggle())
        case "undo": return .success(Undo())
        case "redo": return .success(Redo())
        default: return .failure(CommandError("not understood: \(line) (try help)"))
        }
    }

    /// Reads a line: a program command, or an action to dispatch.
    public static func parse(_ line: String) -> Command {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "list", "ls": .list
        case "help", "?": .help
        case "quit", "exit", "q": .quit
        default: .dispatch(line)
        }
    }
}

/// A line the program did not understand.
public struct CommandError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
