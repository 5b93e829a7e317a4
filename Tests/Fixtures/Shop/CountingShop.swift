import Substate
import SubstateReplay

/// A shop whose root counts every action it reduces, and the store's own actions apart: a
/// replay that reduces one action too many, or one too few, shows in its counts.
public struct CountingShop: Model, Codable, Equatable {
    public var shop = Shop()
    public var reduced = 0
    public var starts = 0
    public var registers = 0
    public var replaces = 0
    public var restores = 0
    public var resumes = 0
    /// A value the root and a model below it share: the tally adds one per note, and the root
    /// a hundred per `Replace`, so a replay that mishandles shared values shows in it; a
    /// `Restore` of the root or a `Replace` of the tally puts an older value back.
    @Shared(.tally) public var tally = 0
    public var tallies = Tally()

    public init() {}

    public mutating func update(action: Action) {
        reduced += 1
        switch action {
        case is Store.Start: starts += 1
        case is Store.Register: registers += 1
        case is Store.Replace:
            replaces += 1
            tally += 100
        case is Store.Restore: restores += 1
        case is ActionRecorder.Resume: resumes += 1
        default: break
        }
    }
}

/// A model middleware registers beside the root, counting the actions it sees.
public struct Visits: Model, Codable, Equatable {
    public var count = 0
    public var label: String

    public init(label: String) { self.label = label }

    public mutating func update(action: Action) { count += 1 }
}

/// Adds one to the shop's shared tally for every note.
public struct Tally: Model, Codable, Equatable {
    @Shared(.tally) public var tally = 0

    public init() {}

    public mutating func update(action: Action) {
        if action is Note { tally += 1 }
    }
}

extension SharedKey where Value == Int {
    /// The tally the counting shop and its visits share.
    public static var tally: Self { SharedKey("tally") }
}
