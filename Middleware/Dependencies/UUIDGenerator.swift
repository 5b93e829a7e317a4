import Foundation
import Substate
import Synchronization

/// UUIDs, as a dependency: random ones in production, predictable ones in tests.
///
/// ```swift
/// let store = TestStore(model: Notes(), middleware: [NoteStamper()]) { $0.uuid = .incrementing }
/// let id = send.dependencies.uuid()   // 00000000-0000-0000-0000-000000000000, then ...001
/// ```
public struct UUIDGenerator: Sendable, DependencyKey {
    private let make: @Sendable () -> UUID

    /// Random UUIDs.
    public static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }

    /// Always the same UUID.
    public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }

    /// `00000000-0000-0000-0000-000000000000`, then `...001` and so on, shared by every copy.
    public static var incrementing: UUIDGenerator {
        let counter = Counter()
        return UUIDGenerator {
            let value = counter.next()
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llx", value))!
        }
    }

    /// UUIDs made by a function.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A new UUID.
    public func callAsFunction() -> UUID { make() }

    private final class Counter: Sendable {
        private let value = Mutex<UInt64>(0)
        func next() -> UInt64 {
            value.withLock { value in
                defer { value += 1 }
                return value
            }
        }
    }
}
