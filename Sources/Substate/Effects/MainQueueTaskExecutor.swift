import Dispatch
import Synchronization

/// A task executor that runs the jobs it is given on the main queue, one after another, the
/// main actor's jobs among them: work that prefers it runs serially with the test, so a test
/// that lets the main actor run lets it run too, in a deterministic order.
///
/// A test store's effects prefer it (see ``EffectRuntime``): an effect's code between two
/// suspension points then runs while the test yields, never on another thread at the same time,
/// so `await store.send(...)` can let an effect run until it suspends, and `TestClock` can let
/// a woken loop sleep again inside an advanced window. Production stores never use it.
package final class MainQueueTaskExecutor: TaskExecutor {
    /// The one instance: it holds nothing but the count of its pending jobs.
    package static let shared = MainQueueTaskExecutor()

    private let pending = Atomic<Int>(0)

    private init() {}

    /// Jobs enqueued and not yet run.
    package var pendingJobs: Int { pending.load(ordering: .acquiring) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pending.add(1, ordering: .relaxed)
        DispatchQueue.main.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.pending.subtract(1, ordering: .releasing)
        }
    }

    /// Lets the main actor's queued work, and the jobs of tasks that prefer this executor, run
    /// until none is left (a task that suspended on something outside, or ended, has none).
    ///
    /// A hop between this executor and the main actor is a job on the main queue either way, so
    /// each turn lets one more step of such a chain run; a few turns beyond the last pending job
    /// let the chain's main-actor end run too.
    @MainActor
    package static func settle() async {
        var quietTurns = 0
        var turns = 0
        while quietTurns < 8, turns < 10_000 {
            await Task.yield()
            turns += 1
            quietTurns = shared.pendingJobs == 0 ? quietTurns + 1 : 0
        }
    }
}
