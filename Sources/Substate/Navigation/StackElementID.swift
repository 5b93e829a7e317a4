/// The id of one screen on a ``ScreenStack``: given when the screen is pushed, never reused by
/// that stack, so it names the same screen for as long as the screen is on the stack, whatever
/// is pushed or popped around it.
///
/// Ids count from 0 in each stack, and read as integers in tests:
///
/// ```swift
/// await store.send(ScreenStack<Detail>.PopFrom(id: 1)) { $0.path.pop(from: 1) }
/// ```
public struct StackElementID: Hashable, Comparable, Codable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The id's number.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: Int) {
        rawValue = value
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

extension StackElementID: CustomReflectable {
    /// An id reads as itself, `#1`, in loggers and diffs.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
