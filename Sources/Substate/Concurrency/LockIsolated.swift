import Synchronization

/// A value behind a lock that any task or thread can read and change: TCA's `LockIsolated`.
///
/// Tests and effects that count calls or collect what a dependency was given capture one in a
/// `@Sendable` closure, where a plain `var` cannot go.
///
/// ```swift
/// let searched = LockIsolated<[String]>([])
/// let client = SearchClient { query in searched.withValue { $0.append(query) }; return [] }
/// XCTAssertEqual(searched.value, ["milk"])
/// ```
public final class LockIsolated<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    /// Holds a value.
    public init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Changes the value in place, under the lock, and returns what the body returns.
    @discardableResult
    public func withValue<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        try storage.withLock { try body(&$0) }
    }

    /// Replaces the value.
    public func setValue(_ value: Value) {
        storage.withLock { $0 = value }
    }
}
