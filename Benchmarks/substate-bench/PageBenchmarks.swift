import Foundation
import Substate
import SubstateMachine
import SubstateReplay
import TodosFeature

/// The session page an app's `replay LOG --inspect PAGE` writes, for sessions of real length:
/// the Todos example's session (1,000 to-dos added, 3,000 toggles, recorded as the example
/// records: a digest every 5 actions, a snapshot every 25, the list every 10) and a session of
/// 100,000 actions over 1,000 models recorded with the recorder's defaults.
@MainActor
enum PageBenchmarks {
    static func figures(quick: Bool) -> [Figure] {
        var figures: [Figure] = []
        let todos = page(
            adds: 1_000, toggles: 3_000,
            recorders: {
                [ActionRecorder(to: $0, digestEvery: 5, snapshotEvery: 25), ModelRecorder(to: $0, every: 10)]
            })
        figures.append(
            Figure(
                name: "replay page, Todos session of 4,000 actions: written in", value: todos.seconds, unit: "s",
                target: 5, detail: "\(todos.checks); 1,000 to-dos"))
        figures.append(
            Figure(
                name: "replay page, Todos session of 4,000 actions: size", value: todos.megabytes, unit: "MB",
                target: 10, detail: "the state after each action is one click away"))
        if !quick {
            let long = page(adds: 1_000, toggles: 99_000, recorders: { [ActionRecorder(to: $0)] })
            figures.append(
                Figure(
                    name: "replay page, 100,000 actions over 1,000 models: written in", value: long.seconds,
                    unit: "s", target: 60, detail: "\(long.checks); \(Report.format(long.megabytes, 1)) MB"))
        }
        return figures
    }

    /// Records a session of to-dos into a temporary log, then times writing its page.
    private static func page(
        adds: Int, toggles: Int, recorders: (FileLog) -> [any Middleware]
    ) -> (seconds: Double, megabytes: Double, checks: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "substate-bench-page-\(ProcessInfo.processInfo.processIdentifier)-\(adds + toggles)")
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logURL = folder.appendingPathComponent("session.jsonl")
        let pageURL = folder.appendingPathComponent("session.html")
        do {
            let log = try! FileLog(url: logURL, flushEvery: 1_000)
            let runner = StateMachineRunner(cancelsInFlight: true) { TitleEditor(clock: $0.clock) }
            let store = Store(model: TodoApp(), middleware: [runner] + recorders(log))
            for index in 1...adds { store.update(TodoList.Add("item \(index)")) }
            // Toggles spread over the list, the same every run.
            var seed: UInt64 = 0x5EED
            for _ in 0..<toggles {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                store.update(TodoList.Toggle(Int(seed >> 33) % adds + 1))
            }
            try! log.flush()
        }
        var said = ""
        let clock = ContinuousClock()
        let start = clock.now
        let code = ReplayCommand.run([logURL.path, "--inspect", pageURL.path], as: TodoApp.self) { said = $0 }
        let elapsed = start.duration(to: clock.now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        precondition(code == 0, "the page's replay failed: \(said)")
        // `SUBSTATE_BENCH_PAGES=DIR` keeps the pages, for Scripts/page-timing to open in Chromium.
        if let keep = ProcessInfo.processInfo.environment["SUBSTATE_BENCH_PAGES"] {
            let kept = URL(fileURLWithPath: keep).appendingPathComponent("page-\(adds + toggles).html")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: pageURL, to: kept)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: pageURL.path)[.size] as? Int) ?? 0
        let text = (try? String(contentsOf: pageURL, encoding: .utf8)) ?? ""
        let verdict = text.range(of: #"Replay matched the recording: [^"]*"#, options: .regularExpression).map {
            String(text[$0])
        }
        return (seconds, Double(bytes) / 1_000_000, verdict ?? "verdict not found")
    }
}
