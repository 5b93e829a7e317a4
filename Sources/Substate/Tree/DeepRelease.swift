#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Frees values that may nest as deep as a recursive tree on a thread whose stack can take it.
///
/// Freeing a value frees what it alone holds, one call deeper per level: letting go of the old
/// copy of a tree 20,000 levels deep takes a few megabytes of stack, more than the 512 KB of
/// Apple's secondary threads or the 1 MB of the iOS main thread, and no walk can tell how deep
/// the part a value alone holds goes without walking it. Where the calling thread has less
/// than ``roomForInPlace`` bytes of stack left, such values are handed to one long-lived
/// thread with a ``DeepStack/segmentSize`` stack, which frees them in turn; the caller only
/// appends to a list. Elsewhere they are freed in place, as any value is.
enum DeepRelease {
    /// The stack room, besides the walk's reserve, under which a value is freed elsewhere: a
    /// tree of about 25,000 levels at the 160 bytes a level takes in a debug build.
    static let roomForInPlace = 4 << 20

    /// Lets go of the value, here if this thread's stack can take any release, else on the
    /// release thread.
    ///
    /// The value is moved all the way to the release thread's list, under its lock: no copy is
    /// left behind whose release, after the release thread let go of its own, would free the
    /// whole value here after all.
    static func release(_ value: consuming some Sendable) {
        if DeepStack.hasRoom(besides: roomForInPlace) { return }
        releaser.enqueue(consume value)
    }

    /// Waits until the release thread has freed every value handed to it before the call. A
    /// test that checks that a released store let go of its tree calls it first: under the
    /// thread sanitizer, which caps a thread's stack at 2 MB (`DeepStack.sanitizerStackCap`),
    /// every such value goes to that thread.
    package static func waitUntilFreed() {
        releaser.waitUntilFreed()
    }

    private static let releaser = Releaser()
}

/// The thread that frees what ``DeepRelease`` hands it, and its list.
// @unchecked Sendable: the list is only touched with the mutex held.
private final class Releaser: ThreadBody, @unchecked Sendable {
    // Fact (owned allocation): the releaser alone holds its mutex and condition; pthread objects must not move, hence the allocations.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when a batch has been freed.
    private let freedCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [any Sendable] = []
    private var started = false
    /// How many values were handed over, and how many of them the thread has freed.
    private var enqueued = 0
    private var freed = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        pthread_cond_init(freedCondition, nil)
    }

    func enqueue(_ value: consuming some Sendable) {
        let boxed: any Sendable = consume value
        pthread_mutex_lock(mutex)
        pending.append(consume boxed)
        enqueued += 1
        let wasEmpty = pending.count == 1
        if !started { started = start() }
        pthread_mutex_unlock(mutex)
        if wasEmpty { pthread_cond_signal(condition) }
    }

    /// Starts the thread; `false` if none can be had (the values then wait for the next try).
    private func start() -> Bool {
        DeepStack.startThread(stackSize: DeepStack.segmentSize, detached: true, running: self) != nil
    }

    /// Waits until every value handed over so far is freed; returns at once if no thread runs
    /// (the values then wait for the next hand-over to start one).
    func waitUntilFreed() {
        pthread_mutex_lock(mutex)
        let target = enqueued
        while started && freed < target { pthread_cond_wait(freedCondition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// The thread's loop: waits for values, frees them, forever.
    func run() {
        while true {
            pthread_mutex_lock(mutex)
            while pending.isEmpty { pthread_cond_wait(condition, mutex) }
            var batch: [any Sendable] = []
            swap(&batch, &pending)
            pthread_mutex_unlock(mutex)
            let count = batch.count
            batch.removeAll()
            pthread_mutex_lock(mutex)
            freed += count
            pthread_mutex_unlock(mutex)
            pthread_cond_broadcast(freedCondition)
        }
    }
}
