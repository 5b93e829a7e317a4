import Substate

/// substate-bench: `swift run -c release substate-bench [--json] [--quick] [--filter TEXT]`.
///
/// Runs every contender side by side in this process and prints ratios against the targets.
@MainActor
func runBenchmarks() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") {
        print(
            """
            usage: substate-bench [--json] [--quick] [--filter TEXT]
              --json          print the figures as JSON
              --quick         fewer rounds (noisier)
              --filter TEXT   run only the benchmarks whose name contains TEXT
            """)
        return
    }
    let filter = arguments.firstIndex(of: "--filter").flatMap {
        arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    let harness = Harness(rounds: arguments.contains("--quick") ? 5 : 15)
    var benchmarks: [(name: String, run: () async -> [Figure])] = []
    for models in [10, 100, 1_000, 10_000] {
        benchmarks.append(("dispatch \(models)", { [CoreBenchmarks.dispatch(models: models, harness: harness)] }))
    }
    benchmarks += [
        ("middleware", { [CoreBenchmarks.middleware(harness: harness)] }),
        ("find", { [CoreBenchmarks.find(harness: harness)] }),
        ("large arrays", { [CoreBenchmarks.largeArrays(harness: harness)] }),
        ("routing", { CoreBenchmarks.routing(harness: harness) }),
        ("enum payloads", { [EnumBenchmarks.payloads(harness: harness)] }),
        ("deep tree", { EnumBenchmarks.deepTree(harness: harness) }),
        ("middleware overhead", { MiddlewareBenchmarks.overheads(harness: harness) }),
        ("effects", { [await EffectBenchmarks.oneShot(harness: harness)] }),
        ("state machines", { MachineBenchmarks.inputs(harness: harness) }),
        (
            "saver",
            { [await SaverBenchmarks.debouncedSave(harness: harness), SaverBenchmarks.durableWrite(harness: harness)] }
        ),
        ("recording", { RecordingBenchmarks.figures(harness: harness) }),
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
