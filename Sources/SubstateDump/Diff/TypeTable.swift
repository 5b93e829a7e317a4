import Synchronization

/// What the formatter and the diff work out once per type (plans, traits), shared by every
/// thread that formats or compares values.
// @unchecked Sendable: the lock guards the table, and its entries never change once made.
final class TypeTable<Value>: @unchecked Sendable {
    private let lock = Mutex(())
    private var table: [ObjectIdentifier: Value] = [:]

    subscript(id: ObjectIdentifier) -> Value? {
        get { lock.withLock { _ in table[id] } }
        set { lock.withLock { _ in table[id] = newValue } }
    }
}
