import Foundation
import Substate

/// substate-bench: `swift run -c release substate-bench [--json] [--quick] [--filter TEXT]`.
///
/// Runs every contender side by side in this process and prints ratios against the targets.
@MainActor
func runBenchmarks() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let code = LogBenchmarks.runChild(arguments) { exit(code) }
    if arguments.contains("--help") {
        print(
            """
            usage: substate-bench [--json] [--quick] [--filter TEXT] [--log-actions N]
              --json            print the figures as JSON
              --quick           fewer rounds (noisier), and a log of 500,000 actions
              --filter TEXT     run only the benchmarks whose name contains TEXT
              --log-actions N   the length of the generated log (5,000,000 unless --quick)
            """)
        return
    }
    let filter = arguments.firstIndex(of: "--filter").flatMap {
        arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    let harness = Harness(rounds: arguments.contains("--quick") ? 5 : 15)
    let logActions =
        arguments.firstIndex(of: "--log-actions").flatMap {
            arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil
        } ?? (arguments.contains("--quick") ? 500_000 : 5_000_000)
    var benchmarks: [(name: String, run: () async -> [Figure])] = []
    benchmarks.append(("dispatch one model", { [CoreBenchmarks.dispatchOneModel(harness: harness)] }))
    for models in [10, 30, 50, 100, 1_000, 10_000] {
        benchmarks.append(("dispatch \(models)", { [CoreBenchmarks.dispatch(models: models, harness: harness)] }))
    }
    benchmarks += [
        ("middleware", { [CoreBenchmarks.middleware(harness: harness)] }),
        ("find", { [CoreBenchmarks.find(harness: harness)] }),
        ("large arrays", { [CoreBenchmarks.largeArrays(harness: harness)] }),
        ("identified rows", { [CoreBenchmarks.identifiedRows(harness: harness)] }),
        ("routing", { CoreBenchmarks.routing(harness: harness) }),
        ("scale: routed actions", { ScaleBenchmarks.routedActions(harness: harness) }),
        ("scale: row action", { ScaleBenchmarks.rowAction(harness: harness) }),
        ("scale: effects running", { EffectScaleBenchmarks.plainActionBesideEffects(harness: harness) }),
        ("scale: remove a row", { EffectScaleBenchmarks.removeFirstRow(harness: harness) }),
        ("scale: stack screen action", { ScreenStackBenchmarks.toTopScreen(harness: harness) }),
        ("scale: stack push and pop", { ScreenStackBenchmarks.pushEffectPop(harness: harness) }),
        ("scale: shared write", { SharedValueBenchmarks.write(harness: harness) }),
        ("enum payloads", { [EnumBenchmarks.payloads(harness: harness)] }),
        ("deep tree", { EnumBenchmarks.deepTree(harness: harness) }),
        ("small stacks", { StackBenchmarks.figures(harness: harness) }),
        ("middleware overhead", { MiddlewareBenchmarks.overheads(harness: harness) }),
        ("loggers", { LoggerBenchmarks.figures(harness: harness) }),
        ("observation", { ObservationBenchmarks.figures(harness: harness) }),
        ("large values", { LargeValueBenchmarks.figures(harness: harness) }),
        ("effects", { [await EffectBenchmarks.oneShot(harness: harness)] }),
        ("state machines", { MachineBenchmarks.inputs(harness: harness) }),
        (
            "saver",
            { [await SaverBenchmarks.debouncedSave(harness: harness), SaverBenchmarks.durableWrite(harness: harness)] }
        ),
        ("saver burst", { [await SaverBenchmarks.debouncedBurst(harness: harness)] }),
        ("recording", { RecordingBenchmarks.figures(harness: harness) }),
        ("log codec", { LogBenchmarks.codec(harness: harness) }),
        ("long log", { LogBenchmarks.longLog(actions: logActions) }),
        ("replay page", { PageBenchmarks.figures(quick: arguments.contains("--quick")) }),
    ]
    var figures: [Figure] = []
    for benchmark in benchmarks where filter == nil || benchmark.name.contains(filter!) {
        figures += await benchmark.run()
    }
    if arguments.contains("--json") {
        Report.printJSON(figures)
    } else {
        Report.printTable(figures)
    }
}

await runBenchmarks()
