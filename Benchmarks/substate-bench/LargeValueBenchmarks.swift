import Observation
import Substate
import SubstateMiddleware
import SubstateReplay

/// What a dispatch costs on a model holding a 50 MB buffer, against the same model holding
/// 1 KB: an action that changes the counter beside the buffer, and one that writes one byte of
/// it. A store that copied the buffer (to compare, to keep a read, to record) would pay for
/// 50 MB on each write; one that writes in place costs the same whatever the buffer's size.
@MainActor
enum LargeValueBenchmarks {
    struct Document: Model, Codable {
        var counter = 0
        var bytes: [UInt8]

        // Undoable, so that the undoer keeps the document's values around them.
        struct Count: UndoableAction, Codable {
            static var undoableModels: [any Model.Type] { [Document.self] }
        }
        struct Write: UndoableAction, Codable {
            static var undoableModels: [any Model.Type] { [Document.self] }
            let index: Int
        }

        mutating func update(action: Action) {
            switch action {
            case is Count: counter += 1
            case let write as Write: bytes[write.index] &+= 1
            default: break
            }
        }
    }

    struct Shell: Model, Codable {
        var document: Document
        var title = "document"
    }

    /// How a store is watched while it dispatches.
    struct Mode {
        let name: String
        let middleware: @MainActor () -> [any Middleware]
        /// Run before each action: reads, as views make them.
        let before: @MainActor (Store) -> Void
        /// Whether a write into the buffer is held to the same bound (middleware that keeps old
        /// values by design copies what changed).
        let boundsWrites: Bool
    }

    static let modes: [Mode] = [
        Mode(name: "bare", middleware: { [] }, before: { _ in }, boundsWrites: true),
        Mode(
            name: "after reads", middleware: { [] },
            before: { store in
                _ = store.find(Document.self)
                _ = store.find(Shell.self)
            }, boundsWrites: true),
        Mode(
            name: "a view reads the counter", middleware: { [] },
            before: { store in
                withObservationTracking {
                    _ = store.find(Document.self, \.counter)
                } onChange: {
                }
            }, boundsWrites: true),
        Mode(
            name: "a view reads the model", middleware: { [] },
            before: { store in
                withObservationTracking {
                    _ = store.find(Document.self)?.counter
                } onChange: {
                }
            }, boundsWrites: true),
        // Digests off: a digest encodes the whole state to check replay, which is work in
        // proportion to the state (documented in the Performance article), not a copy.
        Mode(
            name: "ActionRecorder", middleware: { [ActionRecorder(to: MemoryLog(), digestEvery: 1_000_000)] },
            before: { _ in }, boundsWrites: true),
        Mode(
            name: "ModelLogger(diff:)", middleware: { [ModelLogger(diff: true, output: { _ in })] },
            before: { _ in }, boundsWrites: false),
        Mode(name: "ActionUndoer", middleware: { [ActionUndoer()] }, before: { _ in }, boundsWrites: false),
    ]

    static func figures(harness: Harness) -> [Figure] {
        var figures: [Figure] = []
        for mode in modes {
            let large = Store(
                model: Shell(document: Document(bytes: [UInt8](repeating: 0, count: 50 << 20))),
                middleware: mode.middleware())
            let small = Store(
                model: Shell(document: Document(bytes: [UInt8](repeating: 0, count: 1 << 10))),
                middleware: mode.middleware())
            func run(_ store: Store, _ action: @escaping (Int) -> any Action) -> (Int) -> Void {
                { ops in
                    for index in 0..<ops {
                        mode.before(store)
                        store.update(action(index))
                    }
                }
            }
            let count: (Int) -> any Action = { _ in Document.Count() }
            let write: (Int) -> any Action = { Document.Write(index: $0 % 1_000) }
            // Counter and writes are timed apart: a write that copies 50 MB (the diff's) would
            // leave the caches cold for whatever runs next.
            var times = harness.compare([
                ("count 50 MB", 200, run(large, count)), ("count 1 KB", 200, run(small, count)),
            ])
            times.merge(
                harness.compare([
                    ("write 50 MB", mode.boundsWrites ? 200 : 2, run(large, write)),
                    ("write 1 KB", 200, run(small, write)),
                ])
            ) { $1 }
            for (kind, label) in [("count", "counter changed"), ("write", "one byte written")] {
                let ratio = times["\(kind) 50 MB"]! / times["\(kind) 1 KB"]!
                let bounded = kind == "count" || mode.boundsWrites
                figures.append(
                    Figure(
                        name: "50 MB buffer vs 1 KB, \(label), \(mode.name)", value: ratio, unit: "x",
                        target: bounded ? 2 : .infinity,
                        detail:
                            "\(Report.format(times["\(kind) 50 MB"]! / 1e3, 2)) µs vs \(Report.format(times["\(kind) 1 KB"]! / 1e3, 2)) µs"
                            + (bounded ? "" : "; it keeps old values by design, so a write copies the buffer")))
            }
        }
        return figures
    }
}
