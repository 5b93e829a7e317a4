// A process that saves a large model over and over, so a test can kill it in the middle of a
// write and check what is left on disk.
//
// Usage: substate-saver-child DIRECTORY [COUNT]
// Prints "saved N" once version N was reported saved, then saves version N + 1; with a count,
// exits once version COUNT is saved, so that two of them can save one file side by side.
// Prints "failed: REASON" for each save that failed.
import Foundation
import Substate
import SubstateMiddleware

/// A model large enough that writing it takes a while: a version, an edition it shares with
/// the writer, and two megabytes of text.
struct Journal: SavedModel {
    var version = 0
    @Shared(.edition) var edition = 0
    var text = String(repeating: "0123456789abcdef", count: 131_072)
    struct Next: Action {}
    mutating func update(action: Action) {
        if action is Next { version += 1 }
    }
}

/// Raises the shared edition with every version: the saved journal holds it through its own field.
struct Writer: Model {
    @Shared(.edition) var edition = 0
    mutating func update(action: Action) {
        if action is Journal.Next { edition += 1 }
    }
}

struct JournalApp: Model {
    var journal = Journal()
    var writer = Writer()
}

extension SharedKey where Value == Int {
    static var edition: Self { SharedKey("edition") }
}

/// Prints each save's outcome as it is reported.
@MainActor
final class SaveReporter: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if action is ModelSaver.SaveDidSucceed, let version = store.find(Journal.self)?.version {
            FileHandle.standardOutput.write(Data("saved \(version)\n".utf8))
        }
        if let failure = action as? ModelSaver.SaveDidFail {
            FileHandle.standardOutput.write(Data("failed: \(failure.error)\n".utf8))
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 3 && Int(arguments[2]) != nil) else {
    FileHandle.standardError.write(Data("usage: substate-saver-child DIRECTORY [COUNT]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[1])
let count = arguments.count == 3 ? Int(arguments[2])! : Int.max
// With a count, each run starts from version 0, whatever another run saved.
let store = Store(
    model: JournalApp(),
    middleware: [
        SaveReporter(),
        ModelSaver(directory: directory, strategy: .manual, loading: count == .max ? .automatic : .manual),
    ])
while store.find(Journal.self)!.version < count {
    store.update(Journal.Next())
    store.update(ModelSaver.Save())
    await store.effects.waitForAll()
}
