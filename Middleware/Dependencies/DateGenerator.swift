import Foundation
import Substate

/// The current date, as a dependency: the system's in production, a fixed one in tests.
///
/// ```swift
/// let store = TestStore(model: Notes(), middleware: [NoteStamper()]) {
///     $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
/// }
/// // in an effect or a middleware:
/// let now = send.dependencies.date.now
/// ```
public struct DateGenerator: Sendable, DependencyKey {
    private let read: @Sendable () -> Date

    /// The system's current date.
    public static var liveValue: DateGenerator { DateGenerator { Date() } }

    /// Always the same date.
    public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }

    /// Dates read from a function.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current date.
    public var now: Date { read() }
}
