import Substate

/// The app: a list of episodes, each downloading on its own, and a stack of players.
public struct PodcastsApp: Model, Equatable, Codable {
    /// Takes the actions declared inside it and inside the models below it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    public var episodes: [Episode]
    public var players = ScreenStack<Player>()

    public init(episodes: [Episode] = PodcastsApp.sample) {
        self.episodes = episodes
    }

    /// The episodes the example starts with.
    public static let sample = [
        Episode(id: 1, title: "Functions"), Episode(id: 2, title: "Side effects"), Episode(id: 3, title: "Algebra"),
    ]

    /// Opens a player for an episode on top of the stack.
    public struct Open: Action, Equatable, Codable {
        public let episodeID: Int
        public init(episodeID: Int) { self.episodeID = episodeID }
    }

    /// Removes an episode from the list, ending its download.
    public struct Remove: Action, Equatable, Codable {
        public let episodeID: Int
        public init(episodeID: Int) { self.episodeID = episodeID }
    }

    public mutating func update(action: Action) {
        switch action {
        case let open as Open: players.push(Player(episodeID: open.episodeID))
        case let remove as Remove: episodes.removeAll { $0.id == remove.episodeID }
        default: break
        }
    }
}
