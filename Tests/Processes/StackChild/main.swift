// A program that uses the store on its main thread with whatever stack the process was started
// with: a test runs it under `ulimit -s 512` and `ulimit -s 1024`, the stacks Apple platforms
// give secondary threads and the iOS main thread. Prints one line per check and exits 1 on the
// first that fails; a stack overflow ends it with a signal.
//
// Usage: substate-stack-child
import Foundation
import Substate
import SubstateMiddleware
import SubstateReplay

/// A folder of folders, with a bottom model at the end of a deep chain.
struct Folder: Model {
    var children: [Folder] = []
    var opened = 0
    var bottom: Bottom?

    mutating func update(action: Action) {
        if action is Open { opened += 1 }
    }

    static func tree(width: Int, levels: Int) -> Folder {
        guard levels > 0 else { return Folder() }
        return Folder(children: Array(repeating: tree(width: width, levels: levels - 1), count: width))
    }

    static func chain(depth: Int) -> Folder {
        var node = Folder(bottom: Bottom())
        for _ in 0..<depth { node = Folder(children: [node]) }
        return node
    }
}

struct Bottom: Model, Equatable {
    var value = 0
    mutating func update(action: Action) {
        if let set = action as? Set { value = set.value }
    }
}

struct Open: Action {}
struct Set: Action { let value: Int }
/// An action carrying a deep value, for the formatter.
struct Carry: Action { let folder: Folder }

@MainActor
func check(_ condition: Bool, _ what: String) {
    guard condition else {
        FileHandle.standardOutput.write(Data("FAILED: \(what)\n".utf8))
        exit(1)
    }
    // Unbuffered, so that what passed is known even if the next step overflows the stack.
    FileHandle.standardOutput.write(Data("ok: \(what)\n".utf8))
}

/// A deep action of the program's own, kept for the process's life: freeing a 20,000-level value
/// the program made is the program's business, not the store's.
let carried = Carry(folder: Folder.chain(depth: 20_000))
var kept: [Folder] = []

@MainActor
func run() {
    let depth = 20_000

    // A tree of ordinary depth is walked where it starts: no helper thread.
    do {
        let before = DeepStack.segmentsStarted
        let store = Store(model: Folder.tree(width: 10, levels: 2))
        for _ in 0..<100 { store.update(Open()) }
        check(store.findAll(Folder.self).allSatisfy { $0.opened == 100 }, "111 folders each opened 100 times")
        check(DeepStack.segmentsStarted == before, "no walk of the 111 folders moved to a helper thread")
    }

    // A chain 20,000 levels deep: walked, updated, found, diffed, formatted and released.
    do {
        var lines: [String] = []
        let store = Store(model: Folder.chain(depth: depth), middleware: [ActionLogger { lines.append($0) }])
        // Records keep each action's old values, which the next action lets go of: old
        // levels of the whole chain, freed where the stack can take them.
        store.recordChanges()
        store.update(Open())
        store.update(Open())
        store.update(Set(value: 7))
        check(store.find(Bottom.self)?.value == 7, "dispatch reaches the bottom of the chain")
        do {
            let all = store.findAll(Folder.self)
            check(all.count == depth + 1 && all.allSatisfy { $0.opened == 2 }, "findAll sees every level, opened twice")
        }
        store.update(carried)
        check((lines.last?.count ?? 0) > 20 * depth, "the action logger prints a 20,000-level action whole")
        store.update(Store.Replace(model: Bottom(value: 9)))
        check(store.find(Bottom.self)?.value == 9, "replace reaches the bottom")
        // The program's own copy of the old tree; once the action changes the tree, it alone
        // holds the old levels, so it is kept, like `carried`.
        kept.append(store.find(Folder.self)!)
        store.update(Set(value: 10))
        let diff = StateDiff(from: kept.last!, to: store.find(Folder.self)!)
        check(
            diff.changes.count == 1 && diff.changes.first?.after == "10",
            "StateDiff finds the change 20,000 levels down")
    }
    check(true, "the store and its 20,000-level tree were released")

    // The diff logger on the chain, an action changing the bottom level. (An action that
    // changes every level prints in bytes linear in the depth, each path written relative to
    // the one above: ModelLoggerDeepTreeTests bounds it.)
    do {
        var entries: [LogEntry] = []
        let store = Store(model: Folder.chain(depth: depth), middleware: [ModelLogger(entries: { entries.append($0) })])
        store.update(Set(value: 7))
        check(entries.last?.changes.last?.after == "7", "the diff logger reports the change at the bottom")
    }
    check(true, "the second store was released")
}

MainActor.assumeIsolated { run() }
