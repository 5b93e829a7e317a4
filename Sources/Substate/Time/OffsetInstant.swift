/// A test clock's point in time: how long after the clock's start. ``ImmediateClock`` and
/// ``TestClock`` measure their time the same way, through this.
protocol OffsetInstant: InstantProtocol where Duration == Swift.Duration {
    var offset: Swift.Duration { get }
    init(offset: Swift.Duration)
}

extension OffsetInstant {
    public func advanced(by duration: Swift.Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Swift.Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
}
