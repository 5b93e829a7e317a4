import Substate

/// A player screen, pushed on the app's stack: several can be stacked, each playing its own
/// episode with a timer of its own, because the actions addressed to one screen start that
/// screen's effects (``Substate/ScreenStack/ToElement``).
public struct Player: Model, Equatable, Codable {
    /// Takes the actions declared inside it and inside the models below it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    public let episodeID: Int
    public var elapsed = 0
    public var isPlaying = false

    public init(episodeID: Int) {
        self.episodeID = episodeID
    }

    /// Starts playing, with a tick a second.
    public struct PlayTapped: Action, Equatable, Codable {
        public init() {}
    }

    /// A second of playing.
    public struct Tick: Action, Equatable, Codable {
        public init() {}
    }

    /// Closes the player: its screen dismisses itself.
    public struct CloseTapped: Action, Equatable, Codable {
        public init() {}
    }

    public mutating func update(action: Action) {
        switch action {
        case is PlayTapped: isPlaying = true
        case is Tick: elapsed += 1
        default: break
        }
    }
}
