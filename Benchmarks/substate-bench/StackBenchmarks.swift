import Substate

/// A folder of folders: the recursive model of a file browser, an outline, a comment thread.
struct BenchFolder: Model {
    var children: [BenchFolder] = []
    var opened = 0

    mutating func update(action: Action) {
        if action is Bump { opened += 1 }
    }

    /// A root with `width` children, each with `width` children, `levels` levels down.
    static func tree(width: Int, levels: Int) -> BenchFolder {
        guard levels > 0 else { return BenchFolder() }
        return BenchFolder(children: Array(repeating: tree(width: width, levels: levels - 1), count: width))
    }

    var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}

/// The walk of a recursive tree on the stack sizes apps run on: 8 MB (the main thread on macOS
/// and Linux), 1 MB (the main thread on iOS) and 512 KB (Apple's secondary threads, Swift
/// concurrency's included). Each contender starts a thread with its stack size and walks the
/// tree there, so a walk that moves to a helper thread shows in its time.
enum StackBenchmarks {
    /// The tree a contender walks; one thread at a time uses it.
    // @unchecked Sendable: each walk runs on a thread the caller joins before the next starts.
    final class Tree: @unchecked Sendable {
        var root: BenchFolder
        init(_ root: BenchFolder) { self.root = root }
    }

    static let stacks: [(name: String, bytes: Int)] = [("8 MB", 8 << 20), ("1 MB", 1 << 20), ("512 KB", 512 << 10)]

    static func figures(harness: Harness) -> [Figure] {
        // Each round is a thread of its own, which a busy machine may slow for the whole round:
        // more rounds give every stack size a fair chance at a quiet one.
        let harness = harness.withRounds(atLeast: 15)
        return [
            figure(BenchFolder.tree(width: 10, levels: 2), walks: 2_000, harness: harness),
            figure(BenchFolder.tree(width: 100, levels: 2), walks: 40, harness: harness),
        ]
    }

    private static func figure(_ root: BenchFolder, walks: Int, harness: Harness) -> Figure {
        let tree = Tree(root)
        let models = root.count
        let segmentsBefore = DeepStack.segmentsStarted
        let times = harness.compare(
            stacks.map { stack in
                (
                    stack.name, walks,
                    { walks in
                        DeepStack.onThread(stackSize: stack.bytes) {
                            for _ in 0..<walks { walkOutsideStore(Bump(), through: &tree.root) }
                        }
                    }
                )
            })
        let segments = DeepStack.segmentsStarted - segmentsBefore
        let base = times["8 MB"]!
        let worst = stacks.dropFirst().map { times[$0.name]! / base }.max()!
        let perStack = stacks.map { "\($0.name) \(Report.format(times[$0.name]! / 1_000, 1)) µs" }
        return Figure(
            name: "recursive tree of \(models) models, walk on a 1 MB or 512 KB stack vs 8 MB",
            value: worst, unit: "x", target: 1.2,
            detail: perStack.joined(separator: ", ") + "; \(segments) walk(s) moved to a helper thread")
    }
}
