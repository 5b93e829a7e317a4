import Substate

/// One row of the list: an episode with a download button of its own. Its actions name it by
/// id (``Substate/TargetedAction``), so its download belongs to it: cancelling one row's
/// download leaves the others running, and removing the row ends its download.
public struct Episode: Model, Equatable, Codable, Identifiable {
    /// Takes the actions declared inside it and inside the models below it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    /// Where the episode's download is.
    public enum Download: Equatable, Codable, Sendable {
        case notStarted
        case downloading(progress: Int)
        case downloaded
    }

    public let id: Int
    public var title: String
    public var download = Download.notStarted

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    /// Starts the episode's download, or cancels it while it runs.
    public struct DownloadTapped: TargetedAction, Equatable, Codable {
        public typealias Target = Episode
        public let targetID: Int
        public init(targetID: Int) { self.targetID = targetID }
    }

    /// The download went one step further (of ``Episode/steps``).
    public struct DownloadProgressed: TargetedAction, Equatable, Codable {
        public typealias Target = Episode
        public let targetID: Int
        public let progress: Int
        public init(targetID: Int, progress: Int) {
            self.targetID = targetID
            self.progress = progress
        }
    }

    /// How many steps a download takes.
    public static let steps = 3

    public mutating func update(action: Action) {
        switch action {
        case let tap as DownloadTapped where tap.targetID == id:
            download = download == .notStarted ? .downloading(progress: 0) : .notStarted
        case let step as DownloadProgressed where step.targetID == id:
            download = step.progress >= Self.steps ? .downloaded : .downloading(progress: step.progress)
        default:
            break
        }
    }
}
