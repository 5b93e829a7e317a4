import Synchronization

/// A source of random numbers, as a dependency: the system's in production, a seeded one in
/// tests, so that what effects draw is the same on every run.
///
/// ```swift
/// var generator = send.dependencies.random.generator
/// let roll = Int.random(in: 1...6, using: &generator)
/// ```
public struct RandomSource: Sendable, DependencyKey {
    private let draw: @Sendable () -> UInt64

    /// The system's random numbers.
    public static var liveValue: RandomSource { .system }

    /// The system's random numbers.
    public static let system = RandomSource { UInt64.random(in: .min ... .max) }

    /// The same numbers for the same seed, shared by every copy of the source.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = Mutex(seed)
        return RandomSource {
            state.withLock { state in
                // SplitMix64.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
    }

    private init(_ draw: @escaping @Sendable () -> UInt64) {
        self.draw = draw
    }

    /// The next 64 random bits.
    public func next() -> UInt64 { draw() }

    /// A generator drawing from this source, for the standard library's `random(in:using:)`.
    public var generator: Generator { Generator(source: self) }

    /// A `RandomNumberGenerator` drawing from a ``RandomSource``.
    public struct Generator: RandomNumberGenerator {
        let source: RandomSource
        public mutating func next() -> UInt64 { source.next() }
    }
}
