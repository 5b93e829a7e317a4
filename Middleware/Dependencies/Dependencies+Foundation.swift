import Foundation
import Substate

extension Dependencies {
    /// The current date.
    public var date: DateGenerator {
        get { self[DateGenerator.self] }
        set { self[DateGenerator.self] = newValue }
    }

    /// How UUIDs are made.
    public var uuid: UUIDGenerator {
        get { self[UUIDGenerator.self] }
        set { self[UUIDGenerator.self] = newValue }
    }
}
