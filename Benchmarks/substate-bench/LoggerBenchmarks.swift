import Substate
import SubstateMiddleware

/// What the loggers cost, output discarded: a five-field action formatted, the logger switched
/// off, a diff of the only model of a one-model tree, and a diff on a large tree where one model
/// changes.
@MainActor
enum LoggerBenchmarks {
    struct Edit: Action {
        let id: Int
        let title: String
        let amount: Double
        let tags: [String]
        let done: Bool
    }

    struct Row: ListRow {
        let id: Int
        var done = false
    }

    /// A row as apps have them: a title and a number beside the flag, so that copying and
    /// comparing a row touches a string's buffer.
    struct TextRow: ListRow {
        let id: Int
        var title: String
        var estimate: Double
        var done = false
    }

    struct TextTable: Model {
        var rows: [TextRow]
        mutating func update(action: Action) {}
    }

    struct Table: Model {
        var rows: [Row]
        mutating func update(action: Action) {}
    }

    /// A row that declares its one action type, so the store routes other actions past it.
    struct RoutedRow: ListRow {
        let id: Int
        var done = false
        static var handledActions: [any Action.Type]? { [ToggleRow.self] }
    }

    /// A title that only renames react to.
    struct Title: Model {
        var text = ""
        struct Rename: Action { let text: String }
        mutating func update(action: Action) {
            if let rename = action as? Rename { text = rename.text }
        }
        static var handledActions: [any Action.Type]? { [Rename.self] }
    }

    /// 10,000 routed rows and a title: a rename reaches the title alone.
    struct RoutedTable: Model {
        var title = Title()
        var rows: [RoutedRow]
        static var handledActions: [any Action.Type]? { [] }
    }

    /// The only model of a one-model tree: an edit changes two of its fields.
    struct Profile: Model {
        var name = ""
        var visits = 0
        var premium = false
        var score = 0.0
        struct Edit: Action {
            let name: String
            let visits: Int
        }
        mutating func update(action: Action) {
            if let edit = action as? Edit {
                name = edit.name
                visits = edit.visits
            }
        }
    }

    /// A middleware that only passes each action on: the least any middleware costs.
    struct PassingOn: Middleware {
        func handle(_ action: Action, store: Store, next: Next) { next(action) }
    }

    static func figures(harness: Harness) -> [Figure] {
        // The switched-off logger and the routed diff are differences of two dispatches, and
        // the diff of one model a few microseconds: figures near their targets.
        let harness = harness.withRounds(atLeast: 15)
        let discard: @MainActor (String) -> Void = { _ in }
        let edits = (0..<64).map {
            Edit(id: $0, title: "title \($0)", amount: Double($0) / 4, tags: ["a", "b"], done: $0 % 2 == 0)
        }
        let bare = Store(model: Header())
        let logged = Store(model: Header(), middleware: [ActionLogger(output: discard)])
        let off = Store(model: Header(), middleware: [ActionLogger(isActive: false, output: discard)])
        let passing = Store(model: Header(), middleware: [PassingOn()])
        let times = harness.compare([
            ("bare", 20_000, { ops in for index in 0..<ops { bare.update(edits[index & 63]) } }),
            ("logged", 20_000, { ops in for index in 0..<ops { logged.update(edits[index & 63]) } }),
            ("off", 20_000, { ops in for index in 0..<ops { off.update(edits[index & 63]) } }),
            ("passing", 20_000, { ops in for index in 0..<ops { passing.update(edits[index & 63]) } }),
        ])
        let profileEdits = (0..<64).map { Profile.Edit(name: "name \($0)", visits: $0) }
        let profilePlain = Store(model: Profile())
        let profileDiffed = Store(model: Profile(), middleware: [ModelLogger(diff: true, output: discard)])
        // The store's record of what each action changed, which the diff logger reads.
        let profileRecording = Store(model: Profile())
        profileRecording.recordChanges()
        let profileTimes = harness.compare([
            ("plain", 20_000, { ops in for index in 0..<ops { profilePlain.update(profileEdits[index & 63]) } }),
            (
                "recording", 20_000,
                { ops in for index in 0..<ops { profileRecording.update(profileEdits[index & 63]) } }
            ),
            ("diffed", 20_000, { ops in for index in 0..<ops { profileDiffed.update(profileEdits[index & 63]) } }),
        ])
        let rows = (0..<10_000).map { Row(id: $0) }
        let plain = Store(model: Table(rows: rows))
        // A store that records what each action changes, as an observed store (an app's UI) does.
        let recording = Store(model: Table(rows: rows))
        recording.recordChanges()
        let diffed = Store(model: Table(rows: rows), middleware: [ModelLogger(diff: true, output: discard)])
        let diffTimes = Harness(rounds: harness.rounds).compare([
            ("plain", 50, { ops in for index in 0..<ops { plain.update(ToggleRow(id: index)) } }),
            ("recording", 50, { ops in for index in 0..<ops { recording.update(ToggleRow(id: index)) } }),
            ("diffed", 50, { ops in for index in 0..<ops { diffed.update(ToggleRow(id: index)) } }),
        ])
        let textRows = (0..<10_000).map { TextRow(id: $0, title: "Todo number \($0)", estimate: Double($0) / 4) }
        let textPlain = Store(model: TextTable(rows: textRows))
        let textDiffed = Store(model: TextTable(rows: textRows), middleware: [ModelLogger(diff: true, output: discard)])
        let textTimes = Harness(rounds: harness.rounds).compare([
            ("plain", 50, { ops in for index in 0..<ops { textPlain.update(ToggleRow(id: index)) } }),
            ("diffed", 50, { ops in for index in 0..<ops { textDiffed.update(ToggleRow(id: index)) } }),
        ])
        let routedRows = (0..<10_000).map { RoutedRow(id: $0) }
        let routedPlain = Store(model: RoutedTable(rows: routedRows))
        let routedRecording = Store(model: RoutedTable(rows: routedRows))
        routedRecording.recordChanges()
        let routedDiffed = Store(
            model: RoutedTable(rows: routedRows), middleware: [ModelLogger(diff: true, output: discard)])
        let renames = (0..<64).map { Title.Rename(text: "title \($0)") }
        let routedTimes = harness.compare([
            ("plain", 20_000, { ops in for index in 0..<ops { routedPlain.update(renames[index & 63]) } }),
            (
                "recording", 20_000,
                { ops in for index in 0..<ops { routedRecording.update(renames[index & 63]) } }
            ),
            ("diffed", 20_000, { ops in for index in 0..<ops { routedDiffed.update(renames[index & 63]) } }),
        ])
        let logging = max(0, times["logged"]! - times["bare"]!)
        let switchedOff = max(0, times["off"]! - times["bare"]!)
        // The logger's own work for one action, timed alone: a difference of two dispatches of
        // a 10,000-model tree is noisier than the few microseconds it is about.
        recording.update(ToggleRow(id: 5))
        let toggled = recording.changes
        let toggle = ToggleRow(id: 5)
        let work = harness.compare([
            (
                "describe", 2_000,
                { ops in for _ in 0..<ops { _ = ModelLogger.describe(toggle, changes: toggled, in: recording) } }
            )
        ])
        let diffing = work["describe"]!
        let recordingCost = max(0, diffTimes["recording"]! - diffTimes["plain"]!)
        return [
            Figure(
                name: "ActionLogger, a five-field action", value: logging, unit: "ns", target: 1_000,
                detail: "\(Report.format(times["logged"]!, 0)) ns vs \(Report.format(times["bare"]!, 0)) ns without it"),
            Figure(
                name: "ActionLogger switched off", value: switchedOff, unit: "ns", target: 50,
                detail:
                    "\(Report.format(times["off"]!, 0)) ns vs \(Report.format(times["bare"]!, 0)) ns without it; "
                    + "a middleware that only passes actions on: \(Report.format(times["passing"]!, 0)) ns"),
            Figure(
                name: "ModelLogger(diff: true), one-model tree, two fields change: added per action",
                value: max(0, profileTimes["diffed"]! - profileTimes["plain"]!), unit: "ns", target: 2_000,
                detail:
                    "\(Report.format(profileTimes["diffed"]!, 0)) ns vs \(Report.format(profileTimes["plain"]!, 0)) ns without the logger; "
                    + "the store's change record alone: \(Report.format(profileTimes["recording"]!, 0)) ns"
            ),
            Figure(
                name: "ModelLogger(diff: true), 10,000 models, one changes", value: diffing, unit: "ns", target: 2_000,
                detail:
                    "diffing and formatting what the action changed; a whole dispatch: \(Report.format(diffTimes["diffed"]! / 1e3, 1)) µs vs \(Report.format(diffTimes["recording"]! / 1e3, 1)) µs in a store that records changes"
            ),
            Figure(
                name: "ModelLogger(diff: true), 10,000 models, broadcast: added vs the dispatch",
                value: max(0, diffTimes["diffed"]! - diffTimes["plain"]!) / diffTimes["plain"]!, unit: "x",
                target: 0.25,
                detail:
                    "every row receives the action, one changes: \(Report.format(diffTimes["diffed"]! / 1e3, 1)) µs vs \(Report.format(diffTimes["plain"]! / 1e3, 1)) µs without the logger"
            ),
            Figure(
                name:
                    "ModelLogger(diff: true), 10,000 rows with a String and a Double, broadcast: added vs the dispatch",
                value: max(0, textTimes["diffed"]! - textTimes["plain"]!) / textTimes["plain"]!, unit: "x",
                target: 0.25,
                detail:
                    "every row receives the action, one changes: \(Report.format(textTimes["diffed"]! / 1e3, 1)) µs vs \(Report.format(textTimes["plain"]! / 1e3, 1)) µs without the logger"
            ),
            Figure(
                name: "ModelLogger(diff: true), 10,000 models, routed to one: added per action",
                value: max(0, routedTimes["diffed"]! - routedTimes["plain"]!), unit: "ns", target: 2_000,
                detail:
                    "a rename reaches the title alone: \(Report.format(routedTimes["diffed"]!, 0)) ns vs \(Report.format(routedTimes["plain"]!, 0)) ns without the logger; "
                    + "the store's change record alone: \(Report.format(routedTimes["recording"]!, 0)) ns"
            ),
            Figure(
                name: "recording changes, 10,000 models, vs the dispatch", value: recordingCost / diffTimes["plain"]!,
                unit: "x", target: .infinity,
                detail:
                    "\(Report.format(diffTimes["recording"]! / 1e3, 1)) µs vs \(Report.format(diffTimes["plain"]! / 1e3, 1)) µs per action without"
            ),
        ]
    }
}
