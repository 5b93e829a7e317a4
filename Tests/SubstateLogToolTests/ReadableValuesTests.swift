import Foundation
import Substate
import SubstateLogTool
import SubstateMiddleware
import SubstateReplay
import XCTest

/// When something repeats: an enum whose cases carry durations, unlabelled, labelled and mixed.
enum Cadence: Codable, Equatable {
    case manual
    case every(Duration)
    case window(from: Duration, to: Duration)
    case jittered(Duration, percent: Int)
}

/// A nested value with an optional duration.
struct Retry: Codable, Equatable {
    var delay: Duration
    var cap: Duration?
}

/// A recursive value: its shape names itself inside itself.
indirect enum Plan: Codable, Equatable {
    case wait(Duration)
    case then([Plan])
}

/// An action with a duration in every place a value can hold one.
struct Configure: Action, Codable {
    var cadence: Cadence = .manual
    var timeout: Duration? = nil
    var steps: [Duration] = []
    var limits: [String: Duration] = [:]
    var names: [Duration: String] = [:]
    var retry = Retry(delay: .milliseconds(250), cap: nil)
    var plan = Plan.then([])
    var seen: Set<Duration> = []
    var count = 0
}

/// A model with durations, in the tree: the store's own actions carry it.
struct Schedule: Model, Codable, Equatable {
    var cadence = Cadence.every(.seconds(5))
    var retry = Retry(delay: .milliseconds(250), cap: .seconds(2))
    mutating func update(action: Action) {}
}

/// A model with durations that no shape in the log describes until an action carries one.
struct Alarm: Model, Codable, Equatable {
    var snooze: Duration
    mutating func update(action: Action) {}
}

/// An action that carries an alarm, and so describes its type.
struct SetAlarm: Action, Codable {
    let alarm: Alarm
}

/// A model with durations that no shape in the log describes.
struct Stopwatch: Model, Codable, Equatable {
    var lap: Duration
    mutating func update(action: Action) {}
}

/// The root: a schedule, and a number that is a pair of integers that is not a duration.
struct Timetable: Model, Codable {
    var schedule = Schedule()
    var range: [Int] = [0, 5]
    mutating func update(action: Action) {}
}

/// `show`, `tail`, `diff` and `inspect` print durations as people read them (`300 ms`), and
/// the store's own actions' model type names as people write them, wherever they sit.
@MainActor
final class ReadableValuesTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-readable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ log: MemoryLog, _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try log.text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func write(lines: [String], _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The type and payload of each action a command printed, without its number, time and
    /// origin.
    private func shown(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /#\d+ +\S+ +\S+ +(.*)/) else { return nil }
            return String(match.1)
        }
    }

    /// A duration as `Codable` writes it, anywhere in the text: `[0,300000000000000000]`.
    private func rawDurations(_ text: String) -> [String] {
        text.matches(of: /\[-?\d+,\d{6,}\]/).map { String($0.0) }
    }

    func testShowOfASessionWithTheTodosMiddlewarePrintsNoRawDuration() async throws {
        // The middleware `swift run Todos` records with, on a test clock.
        let log = MemoryLog()
        let store = Store(
            model: Meter(),
            middleware: [
                ActionLogger(isActive: false, output: { _ in }), ActionUndoer(limit: 50),
                ModelSaver(
                    storage: ModelSaver.MemoryStorage(), strategy: .debounced(.milliseconds(300)), clock: TestClock()),
                ActionRecorder(to: log, digestEvery: 5, snapshotEvery: 25),
            ])
        store.update(ModelSaver.SetStrategy(.throttled(.seconds(2))))
        let path = try write(log, "todos.jsonl")
        XCTAssertTrue(log.text.contains(#""_0":[0,300000000000000000]"#), "recorded as Codable writes it")
        let output = LogTool.run(["show", path]).output
        XCTAssertEqual(rawDurations(output), [], output)
        let lines = shown(output)
        XCTAssertTrue(
            lines.contains(
                #"Store.Register {"model":{"loading":"automatic","strategy":{"debounced":{"_0":"300 ms"}}},"modelName":"ModelSaver.Settings"}"#
            ), output)
        XCTAssertTrue(lines.contains(#"Store.Register {"model":{"isActive":false},"modelName":"ActionLogger.State"}"#))
        XCTAssertTrue(lines.contains(#"ModelSaver.SetStrategy {"strategy":{"throttled":{"_0":"2 s"}}}"#), output)
    }

    func testTheFirstLinesOfATodosSessionReadInShowAndTail() async throws {
        // As `swift run Todos` writes them: the settings' shape is in no line of the log.
        let path = try write(
            lines: [
                #"{"format":"substate-log","version":2,"root":"TodoApp","rootName":"12TodosFeature7TodoAppV","rootShape":"TodoApp(list: TodoList(todos: Array<Todo(id: Int, title: String, isDone: Bool)>, nextID: Int))"}"#,
                #"{"seq":1,"t":0.019815,"type":"Store.Start","name":"8Substate5StoreC5StartV","shape":"Store.Start","origin":"store","payload":{}}"#,
                #"{"seq":2,"t":0.025458,"type":"Store.Register","name":"8Substate5StoreC8RegisterV","shape":"Store.Register(model: Model)","origin":"middleware","payload":{"model":{"loading":"automatic","strategy":{"debounced":{"_0":[0,300000000000000000]}}},"modelName":"18SubstateMiddleware10ModelSaverC8SettingsV"}}"#,
                #"{"seq":3,"t":0.235,"type":"Store.Restore","name":"8Substate5StoreC7RestoreV","shape":"Store.Restore(models: Array<Model>, locations: Optional<Array<ModelLocation(box: Int, steps: Array<ModelLocation.Step(part(Int) | element(Int) | key(AnyKey) | opened)>)>>)","origin":"middleware","payload":{"models":[{"model":{"nextID":4,"todos":[]},"modelName":"12TodosFeature8TodoListV"}],"locations":[{"box":0,"steps":[0]}]}}"#,
            ], "todos.jsonl")
        let settings =
            #"middleware Store.Register {"model":{"loading":"automatic","strategy":{"debounced":{"_0":"300 ms"}}},"modelName":"ModelSaver.Settings"}"#
        let restore =
            #"middleware Store.Restore {"models":[{"model":{"nextID":4,"todos":[]},"modelName":"TodoList"}],"locations":[{"box":0,"steps":[0]}]}"#
        XCTAssertEqual(
            LogTool.run(["show", path]).output,
            """
            TodoApp, recorded in format version 2
            #1     0.020s     store      Store.Start {}
            #2     0.025s     \(settings)
            #3     0.235s     \(restore)
            3 of 3 actions shown
            """)
        XCTAssertEqual(
            LogTool.run(["tail", path, "-n", "2"]).output,
            """
            #2     0.025s     \(settings)
            #3     0.235s     \(restore)
            """)
    }

    /// A log of `Configure` actions, each with durations in one kind of place.
    private func recordConfigurations(_ name: String, last: Configure) throws -> String {
        let log = MemoryLog()
        let store = Store(model: Timetable(), middleware: [ActionRecorder(to: log)])
        store.update(Configure(cadence: .every(.milliseconds(300))))
        store.update(Configure(cadence: .window(from: .seconds(1), to: .seconds(90))))
        store.update(Configure(cadence: .jittered(.microseconds(1_500), percent: 10)))
        store.update(Configure(timeout: .seconds(120), steps: [.seconds(1), .milliseconds(1_500)]))
        store.update(Configure(limits: ["read": .seconds(30)], names: [.nanoseconds(12): "tick"]))
        store.update(Configure(retry: Retry(delay: .seconds(1), cap: .seconds(60))))
        store.update(Configure(plan: .then([.wait(.seconds(3)), .then([.wait(.milliseconds(20))])])))
        store.update(Configure(seen: [.seconds(4)]))
        store.update(last)
        return try write(log, name)
    }

    func testShowPrintsDurationsInEveryKindOfPlace() async throws {
        let path = try recordConfigurations("configure.jsonl", last: Configure(count: 1))
        let output = LogTool.run(["show", path]).output
        XCTAssertEqual(rawDurations(output), [], output)
        let rest = #""retry":{"delay":"250 ms"},"plan":{"then":{"_0":[]}},"seen":[],"count":0}"#
        XCTAssertEqual(
            shown(output),
            [
                "Store.Start {}",
                #"Configure {"cadence":{"every":{"_0":"300 ms"}},"steps":[],"limits":{},"names":[],"# + rest,
                #"Configure {"cadence":{"window":{"from":"1 s","to":"90 s"}},"steps":[],"limits":{},"names":[],"#
                    + rest,
                #"Configure {"cadence":{"jittered":{"_0":"1.5 ms","percent":10}},"steps":[],"limits":{},"names":[],"#
                    + rest,
                #"Configure {"cadence":{"manual":{}},"timeout":"2 min","steps":["1 s","1.5 s"],"limits":{},"names":[],"#
                    + rest,
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{"read":"30 s"},"names":["12 ns","tick"],"#
                    + rest,
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"1 s","cap":"1 min"},"plan":{"then":{"_0":[]}},"seen":[],"count":0}"#,
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"250 ms"},"plan":{"then":{"_0":[{"wait":{"_0":"3 s"}},{"then":{"_0":[{"wait":{"_0":"20 ms"}}]}}]}},"seen":[],"count":0}"#,
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"250 ms"},"plan":{"then":{"_0":[]}},"seen":["4 s"],"count":0}"#,
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"250 ms"},"plan":{"then":{"_0":[]}},"seen":[],"count":1}"#,
            ])
        // Every line but a type's first lacks its shape: a filter, and tail, still know it.
        XCTAssertEqual(
            shown(LogTool.run(["show", path, "--from", "8", "--to", "8"]).output),
            [
                #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"250 ms"},"plan":{"then":{"_0":[{"wait":{"_0":"3 s"}},{"then":{"_0":[{"wait":{"_0":"20 ms"}}]}}]}},"seen":[],"count":0}"#
            ])
        XCTAssertEqual(
            shown(LogTool.run(["tail", path, "-n", "5"]).output), Array(shown(output).suffix(5)), "tail shows the same")
    }

    func testDiffShowsTheActionsWhereLogsDifferReadablyAndComparesThemAsRecorded() async throws {
        let a = try recordConfigurations("a.jsonl", last: Configure(names: [.seconds(1): "a"]))
        let b = try recordConfigurations("b.jsonl", last: Configure(names: [.milliseconds(1_000): "a"]))
        XCTAssertEqual(
            LogTool.run(["diff", a, b]), .init(output: "the logs record the same 10 actions", exitCode: 0),
            "the same duration, written the same")
        let c = try recordConfigurations("c.jsonl", last: Configure(plan: .wait(.milliseconds(301))))
        let d = try recordConfigurations("d.jsonl", last: Configure(plan: .wait(.milliseconds(300))))
        let payload = { (time: String) in
            #"Configure {"cadence":{"manual":{}},"steps":[],"limits":{},"names":[],"retry":{"delay":"250 ms"},"plan":{"wait":{"_0":"\#(time)"}},"seen":[],"count":0}"#
        }
        XCTAssertEqual(
            LogTool.run(["diff", c, d]),
            .init(
                output: """
                    the logs differ at action #10:
                      \(c) line 11: app \(payload("301 ms"))
                      \(d) line 11: app \(payload("300 ms"))
                    """, exitCode: 1))
    }

    func testTheStoresOwnActionsShowTheirModelsReadably() async throws {
        let log = MemoryLog()
        let store = Store(model: Timetable(), middleware: [ActionRecorder(to: log)])
        // In the tree: the root's shape describes it.
        store.update(
            Store.Replace(model: Schedule(cadence: .every(.milliseconds(300)), retry: Retry(delay: .seconds(1)))))
        store.update(Store.Restore(models: [Schedule(cadence: .window(from: .seconds(1), to: .seconds(2)))]))
        // Described by an action's shape before it is registered.
        store.update(SetAlarm(alarm: Alarm(snooze: .seconds(540))))
        store.update(Store.Register(model: Alarm(snooze: .seconds(300))))
        // Described nowhere in the log: shown as recorded, its type's name readable.
        store.update(Store.Register(model: Stopwatch(lap: .seconds(1))))
        let path = try write(log, "store.jsonl")
        let lines = shown(LogTool.run(["show", path]).output)
        XCTAssertEqual(
            Array(lines.dropFirst()),
            [
                #"Store.Replace {"model":{"cadence":{"every":{"_0":"300 ms"}},"retry":{"delay":"1 s"}},"modelName":"Schedule"}"#,
                #"Store.Restore {"models":[{"model":{"cadence":{"window":{"from":"1 s","to":"2 s"}},"retry":{"cap":"2 s","delay":"250 ms"}},"modelName":"Schedule"}]}"#,
                #"SetAlarm {"alarm":{"snooze":"9 min"}}"#,
                #"Store.Register {"model":{"snooze":"5 min"},"modelName":"Alarm"}"#,
                #"Store.Register {"model":{"lap":[0,1000000000000000000]},"modelName":"Stopwatch"}"#,
            ])
    }

    func testOnlyWhatTheShapeSaysIsADurationIsRewritten() async throws {
        let header =
            #"{"format":"substate-log","version":2,"root":"Timetable","rootName":"4Main9TimetableV","rootShape":"Timetable(range: Array<Int>)"}"#
        func action(_ seq: Int, _ type: String, shape: String?, _ payload: String) -> String {
            let shape = shape.map { #","shape":"\#($0)""# } ?? ""
            return
                #"{"seq":\#(seq),"t":0.5,"type":"\#(type)","name":"1\#(type)"\#(shape),"origin":"app","payload":\#(payload)}"#
        }
        let path = try write(
            lines: [
                header,
                // Pairs of integers that the shape says are not durations, and strings that look like one.
                action(
                    1, "Span", shape: "Span(range: Array<Int>, label: String, pair: Pair(a: Int, b: UInt64))",
                    #"{"range":[0,5],"label":"[0,1]","pair":[0,300000000000000000]}"#),
                // Where the shape says Duration, only a pair of integers that fit is one.
                action(
                    2, "Wait", shape: "Wait(a: Duration, b: Duration, c: Duration, d: Optional<Duration>)",
                    #"{"a":"soon","b":[1.5,0],"c":[0,18446744073709551616],"d":null}"#),
                action(3, "Wait", shape: nil, #"{"a":[-1,18446744073709551316],"b":[0, 1000],"c":[0,0]}"#),
                // A shape that is not one, a function's type, and nesting too deep: nothing is known.
                action(4, "Odd", shape: "Odd(a: Duration", #"{"a":[0,1000]}"#),
                action(
                    5, "Fn", shape: "Fn(f: Optional<@Sendable (Int) throws -> ()>, a: Duration)", #"{"a":[0,1000]}"#),
                // A recursive type without durations.
                action(
                    6, "Grow", shape: "Grow(tree: Tree(children: Array<Tree>, size: Array<Int>))",
                    #"{"tree":{"children":[{"children":[],"size":[0,1000]}],"size":[0,1000]}}"#),
                action(
                    7, "Deep",
                    shape: String(repeating: "Optional<", count: 10_000) + "Duration"
                        + String(repeating: ">", count: 10_000), #"[0,1000]"#),
            ], "odd.jsonl")
        let result = LogTool.run(["show", path])
        XCTAssertEqual(result.exitCode, 0, result.output)
        XCTAssertEqual(
            shown(result.output),
            [
                #"Span {"range":[0,5],"label":"[0,1]","pair":[0,300000000000000000]}"#,
                #"Wait {"a":"soon","b":[1.5,0],"c":[0,18446744073709551616],"d":null}"#,
                #"Wait {"a":"-300 as","b":"1000 as","c":"0 ns"}"#,
                #"Odd {"a":[0,1000]}"#,
                #"Fn {"a":"1000 as"}"#,
                #"Grow {"tree":{"children":[{"children":[],"size":[0,1000]}],"size":[0,1000]}}"#,
                #"Deep [0,1000]"#,
            ])
    }

    func testTheHelpSaysHowValuesRead() {
        XCTAssertTrue(LogTool.usage.contains(#"a Duration as "300 ms" wherever it sits"#), LogTool.usage)
        let show = LogTool.run(["show", "--help"]).output
        XCTAssertTrue(show.contains(#"A Duration prints as "300 ms" wherever it sits"#), show)
        XCTAssertTrue(show.contains("names its type as people write it (ModelSaver.Settings)"), show)
        XCTAssertTrue(LogTool.run(["tail", "--help"]).output.contains(#"(a Duration as "300 ms")"#))
        XCTAssertTrue(LogTool.run(["diff", "--help"]).output.contains(#"readable as show prints it (a"#))
        XCTAssertTrue(LogTool.run(["inspect", "--help"]).output.contains("show a Duration as 300 ms wherever it sits"))
    }

    func testTheLibrarysRegisteredModelsShapesAreTheirTypesShapes() {
        XCTAssertEqual(
            ValueReadings.libraryShapes, [typeShape(ModelSaver.Settings.self), typeShape(ActionLogger.State.self)])
    }

    func testTheSessionPageCarriesHowToShowEachValue() async throws {
        let log = MemoryLog()
        let store = Store(model: Timetable(), middleware: [ActionRecorder(to: log, snapshotEvery: 2)])
        store.update(Configure(cadence: .every(.milliseconds(300))))
        store.update(Store.Replace(model: Schedule(cadence: .every(.seconds(1)))))
        let path = try write(log, "page.jsonl")
        let page = directory.appendingPathComponent("page.html").path
        XCTAssertEqual(LogTool.run(["inspect", path, "-o", page]).exitCode, 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The payloads as recorded, which the page rebuilds states from, and how to show them.
        XCTAssertTrue(
            html.contains(
                #""payload":{"cadence":{"every":{"_0":[0,300000000000000000]}},"steps":[],"limits":{},"names":[],"retry":{"delay":[0,250000000000000000]},"plan":{"then":{"_0":[]}},"seen":[],"count":0},"reading":{"f":{"cadence":{"f":{"every":{"f":{"_0":"d"}},"jittered":{"f":{"_0":"d"}},"window":{"f":{"from":"d","to":"d"}}}},"limits":{"v":"d"},"names":{"k":"d"},"plan":{"f":{"then":{"f":{"_0":{"e":{"r":"Plan"}}}},"wait":{"f":{"_0":"d"}}}}"#
            ), html)
        XCTAssertTrue(html.contains(#""reading":{"f":{"model":{"f":{"cadence":"#), html)
        XCTAssertTrue(html.contains(#""modelName":{"t":"Schedule"}}}}],"marks":[{"seq":2,"kind":"snapshot""#), html)
        XCTAssertTrue(
            html.contains(
                #""readings":{"root":{"f":{"schedule":{"f":{"cadence":{"f":{"every":{"f":{"_0":"d"}},"#), html)
        XCTAssertTrue(html.contains(#""named":{"Plan":{"f":{"then":{"f":{"_0":{"e":{"r":"Plan"}}}},"#), html)
    }
}
