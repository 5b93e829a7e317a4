import Synchronization

/// A clock on which every sleep returns at once, its time moving to the sleep's deadline.
///
/// For tests (and previews) of code that waits on a clock but whose waiting is not what is
/// tested: a retry after a delay, a splash screen shown for two seconds. It is TCA's
/// `ImmediateClock`. A test that checks what happens at which time uses a ``TestClock``.
///
/// ```swift
/// let store = TestStore(model: Splash(), middleware: [splashEffects]) { $0.clock = ImmediateClock() }
/// ```
public final class ImmediateClock: Clock, Sendable {
    /// A point in this clock's time: how long after the clock's start.
    public struct Instant: OffsetInstant, Sendable, Hashable, Comparable {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }
    }

    private let current = Mutex(Instant(offset: .zero))

    public init() {}

    public var now: Instant { current.withLock { $0 } }

    public var minimumResolution: Duration { .zero }

    /// Returns at once, after moving the clock's time to the deadline; throws only when the
    /// task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
        await Task.yield()
        try Task.checkCancellation()
    }
}
