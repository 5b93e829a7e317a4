import SubstateRuntimeSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets recursive walks go as deep as the data does, without overflowing the thread's stack.
///
/// The store's walks are recursive, which keeps them fast; depth only grows without bound
/// through recursive types (a `[Node]` inside `Node`, an `indirect` enum), so the walks call
/// ``withRoom(_:)`` where they enter a recursive type. While the thread has at least
/// ``reserve`` bytes of stack left, that is a comparison; below it, the rest of the walk
/// continues on a helper thread with a fresh stack of ``segmentSize`` bytes, while the caller
/// waits. A tree tens of thousands of levels deep is walked in a few such segments, whatever
/// thread started the walk and however large its stack is.
///
/// The reserve is what a walk can use between two recursive levels, with a wide margin, not a
/// share of any particular thread's stack: measured over the package's deepest tests, one
/// level of the walks, the queries, the diff and the formatter takes at most about 4.3 KB in
/// a debug build and less in release. So a tree of ordinary depth is walked where it starts,
/// on a 512 KB thread (Apple's secondary threads) or the 1 MB main thread of iOS as on 8 MB,
/// and only a tree deep enough to need it pays for a helper thread.
package enum DeepStack {
    /// The stack left below which a walk continues on a helper thread: fifteen times the
    /// deepest measured level, four times that under a sanitizer, whose instrumented frames
    /// are larger.
    static let reserve = (64 << 10) * Int(substate_sanitizer_stack_scale())
    /// The stack size of each helper thread.
    static let segmentSize = 64 << 20

    /// How many times a walk has moved to a helper thread in this process; tests read it to
    /// show that trees of ordinary depth never do.
    package static var segmentsStarted: Int { segments.load(ordering: .relaxed) }
    private static let segments = Atomic<Int>(0)

    /// Calls the body, on a helper thread with a fresh stack if this thread's stack is nearly
    /// used up.
    @inline(__always)
    package static func withRoom<R>(_ body: () -> R) -> R {
        if hasRoom() { return body() }
        return onFreshStack(body)
    }

    /// Whether the current thread has more than ``reserve`` bytes of stack left, besides the
    /// given number.
    @inline(__always)
    static func hasRoom(besides bytes: Int = 0) -> Bool {
        let here = UInt(bitPattern: substate_stack_address())
        return here &- lowestUsableAddress() > UInt(reserve + bytes)
    }

    /// Runs the body on a new thread with a large stack and waits for it.
    @inline(never)
    static func onFreshStack<R>(_ body: () -> R) -> R {
        segments.add(1, ordering: .relaxed)
        return onThread(stackSize: segmentSize, body)
    }

    /// Runs the body on a new thread with a stack of the given size and waits for it; runs it
    /// here if no thread can be had. The benchmark and the tests use it to walk on the stack
    /// sizes apps get (512 KB on Apple's secondary threads).
    package static func onThread<R>(stackSize: Int, _ body: () -> R) -> R {
        withoutActuallyEscaping(body) { body in
            let work = StackSegment(body, stackSize: stackSize)
            // No thread to be had: go on here, as deep as the stack allows.
            guard let thread = startThread(stackSize: stackSize, detached: false, running: work) else { return body() }
            pthread_join(thread, nil)
            return work.result!
        }
    }

    /// Starts a thread with a stack of the given size that calls the body's `run()`, and keeps
    /// the body until then; `nil` if no thread can be had. A detached thread is never joined.
    static func startThread(stackSize: Int, detached: Bool, running body: any ThreadBody) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        // Fact (one retain crosses the thread): the new thread takes this retain back exactly once; a failed start releases it here.
        let context = Unmanaged.passRetained(body as AnyObject).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, runThreadBody, context) == 0 else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// What a thread may have used of its stack before its body starts (the C library's and a
    /// sanitizer's start-up frames, a guard page), discounted from a thread's known size.
    static let startSlack = 16 << 10

    /// Notes the lowest address the current thread's walks may use.
    static func noteStackLimit(_ limit: UInt) {
        pthread_setspecific(stackLimitKey, UnsafeRawPointer(bitPattern: limit))
    }

    /// The lowest address of the current thread's stack that a walk may use, cached per thread.
    private static func lowestUsableAddress() -> UInt {
        let key = stackLimitKey
        if let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
        let (low, top) = currentStack() ?? (0, UInt(bitPattern: substate_stack_address()))
        let limit = usableLimit(low: low, top: top)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: limit))
        return limit
    }

    /// The lowest address a walk may use on a stack from `low` to `top`: `low`, except under
    /// the thread sanitizer, which records each thread's calls in a list of its own, 65,536
    /// deep whatever the stack's size; there a thread uses at most ``sanitizerStackCap`` bytes,
    /// fewer than that many of the smallest instrumented frames.
    static func usableLimit(low: UInt, top: UInt) -> UInt {
        guard sanitizerStackCap > 0, top > UInt(sanitizerStackCap) else { return low }
        return max(low, top - UInt(sanitizerStackCap))
    }

    /// The most stack a thread uses under the thread sanitizer; 0 elsewhere (no cap).
    static let sanitizerStackCap = Int(substate_sanitizer_stack_cap())

    /// The lowest and highest addresses of the current thread's stack; `nil` if unknown.
    private static func currentStack() -> (low: UInt, top: UInt)? {
        #if canImport(Darwin)
            let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
            return (top - UInt(pthread_get_stacksize_np(pthread_self())), top)
        #else
            // A GNU extension the C library has but its Swift overlay does not declare.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }  // RTLD_DEFAULT
            // Fact (C signature): glibc and musl declare `int pthread_getattr_np(pthread_t, pthread_attr_t *)`.
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            pthread_attr_getstack(&attributes, &address, &size)
            let low = UInt(bitPattern: address)
            return (low, low + UInt(size))
        #endif
    }
}

/// The thread-specific slot that caches each thread's stack limit.
private let stackLimitKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// The body of a walk segment and its result, handed to the helper thread.
// @unchecked Sendable: the thread that creates it waits in pthread_join until the helper
// thread has run the body and stored the result, so only one thread uses it at a time.
private final class StackSegment<R>: @unchecked Sendable {
    let body: () -> R
    let stackSize: Int
    var result: R?

    init(_ body: @escaping () -> R, stackSize: Int) {
        self.body = body
        self.stackSize = stackSize
    }

    func run() {
        // The thread's stack is known: its limit is noted from here rather than asked of the
        // C library, whose answer a sanitizer's own thread start can make wrong.
        let top = UInt(bitPattern: substate_stack_address())
        DeepStack.noteStackLimit(
            DeepStack.usableLimit(low: top - UInt(stackSize) + UInt(DeepStack.startSlack), top: top))
        result = body()
    }
}

/// What a thread started by ``DeepStack/startThread(stackSize:detached:running:)`` runs.
protocol ThreadBody: AnyObject {
    func run()
}

extension StackSegment: ThreadBody {}

#if canImport(Darwin)
    private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        // Fact (one retain crosses the thread): the starting thread passed one retain of the body, taken back here, once.
        (Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue() as! any ThreadBody).run()
        return nil
    }
#else
    private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        // Fact (one retain crosses the thread): the starting thread passed one retain of the body, taken back here, once.
        (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! any ThreadBody).run()
        return nil
    }
#endif
