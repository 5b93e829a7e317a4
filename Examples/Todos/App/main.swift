import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay
import TodosFeature

// Todos, the Substate flagship example.
//
//   swift run Todos                 a scripted demo: the tree updating, the log written, the replay verified
//   swift run Todos interactive     type commands (add, toggle, edit, delete, filter, undo, redo, list)
//   swift run Todos replay LOG      replay a recorded session and verify it

@MainActor
func demo() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("substate-todos-demo-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    print("Substate Todos: a scripted session. Each command's action reaches every model; the changes it")
    print("made to the tree are listed below it (list, its to-dos, statistics and summary, with no wiring).\n")

    var session: Session? = try Session(directory: directory, narrate: { print($0) })
    let script = [
        "owner Ada", "add Write the README", "add Record a session", "add Replay it", "toggle 1",
        "log", "edit 2 Record a real session", "log", "delete 3", "undo", "filter active",
        "open 2", "rename 2", "type Record and replay", "save", "close", "rename 1", "type Never saved", "close",
        "back",
    ]
    for line in script {
        print("> \(line)")
        if let problem = session!.run(line) { print("  \(problem)") }
        // Let effects deliver what they finished (the editor's save) before the next line.
        await settle()
    }
    print("\n" + session!.listing)
    let logURL = session!.logURL
    session = nil  // closing the session writes what is not saved yet, and flushes the log

    // The demo's folder goes when it ends; its log is kept where it can be found.
    let kept = FileManager.default.temporaryDirectory.appendingPathComponent("substate-todos-sessions")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    let keptLog = kept.appendingPathComponent(logURL.lastPathComponent)
    try? FileManager.default.removeItem(at: keptLog)
    try FileManager.default.copyItem(at: logURL, to: keptLog)
    KeptSessions.prune(kept)
    let lines = try String(contentsOf: keptLog, encoding: .utf8).split(separator: "\n")
    print("\nThe session was recorded, \(lines.count) lines, and the log is kept at:")
    print("  \(keptLog.path)")
    print("(the folder keeps the \(KeptSessions.limit) newest sessions' logs).")
    print("Replay it with `swift run Todos replay \(keptLog.path)`, or read it with")
    print("`swift run substate-log show \(keptLog.path)`. The first typed action:")
    print("  " + (lines.first { $0.contains(#""origin":"app""#) }.map(String.init) ?? ""))

    print("\nA new session starts from what the last one saved:")
    let restarted = try Session(directory: directory, narrate: { _ in })
    print(restarted.listing)

    print("\nReplaying the recorded session into a fresh store, checking every digest and snapshot:")
    let status = ReplayCommand.run([logURL.path], as: TodoApp.self) { print("  " + $0) }
    if status != 0 { exit(status) }
}

/// Gives effects that finished their work a moment to deliver it to the store.
@MainActor
func settle() async {
    try? await Task.sleep(for: .milliseconds(20))
}

@MainActor
func interactive() async throws {
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".todos")
    let session = try Session(directory: directory, narrate: { print($0) })
    print("Substate Todos, saving in \(directory.path). Type help for the commands.\n" + session.listing)
    reading: while true {
        print("> ", terminator: "")
        guard let line = readLine() else { break }
        switch Command.parse(line) {
        case .quit: break reading
        case .help: print(Command.helpText)
        case .list: print(session.listing)
        case .dispatch(let line):
            if let problem = session.run(line) {
                print(problem)
            } else {
                await settle()
                print(session.listing)
            }
        }
    }
    print("\nRecorded to \(session.logURL.path)")
    print("Replay it with `swift run Todos replay \(session.logURL.path)`.")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "demo": try await demo()
case "interactive": try await interactive()
case "replay": exit(ReplayCommand.run(Array(arguments.dropFirst()), as: TodoApp.self))
default:
    print("usage: Todos [demo | interactive | replay LOG [--through SEQ] [--skip SEQ]]")
    exit(64)
}
