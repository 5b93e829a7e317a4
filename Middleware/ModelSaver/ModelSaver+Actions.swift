import Substate

extension ModelSaver {
    /// Saves every saved model that changed (or, given a type, that model if it changed), now;
    /// the only trigger of the `.manual` strategy.
    ///
    /// ```swift
    /// store.update(ModelSaver.Save())                 // every changed model
    /// store.update(ModelSaver.Save(Settings.self))    // one model
    /// ```
    public struct Save: Action, Codable {
        /// The key of the one model to save, or `nil` for all.
        public let key: String?
        public init() { key = nil }
        public init<M: SavedModel>(_ type: M.Type) { key = M.saveKey }
    }

    /// Writes every saved model, changed or not.
    public struct SaveAll: Action, Codable {
        public init() {}
    }

    /// Loads a saved model's entry and puts it in the tree, as at start; the outcome actions
    /// follow. With the `.manual` load strategy, this is how models are loaded.
    public struct Load: Action, Codable {
        /// The key of the model to load.
        public let key: String
        public init<M: SavedModel>(_ type: M.Type) { key = M.saveKey }
    }

    /// Loads every saved model in the tree, as at start, then sends ``LoadAllDidComplete``.
    public struct LoadAll: Action, Codable {
        public init() {}
    }

    /// Changes the saving strategy from now on; the saver's ``Settings`` show it.
    public struct SetStrategy: Action, Codable {
        public let strategy: Strategy
        public init(_ strategy: Strategy) { self.strategy = strategy }
    }

    /// The saver's settings, a model the saver registers in the store, so an app and its tests
    /// read them, and change them with ``SetStrategy``.
    ///
    /// ```swift
    /// store.find(ModelSaver.Settings.self)?.strategy      // .debounced(.seconds(1))
    /// store.update(ModelSaver.SetStrategy(.manual))
    /// ```
    public struct Settings: Model, Codable, Equatable {
        /// When changed models are written.
        public var strategy: Strategy
        /// Whether saved models are loaded when the store starts, or only when asked.
        public var loading: LoadStrategy

        public mutating func update(action: Action) {
            if let set = action as? SetStrategy { strategy = set.strategy }
        }
    }

    /// A saved model was loaded from its file and put in the tree.
    public struct LoadDidSucceed: Action, Codable {
        public let key: String
    }

    /// A saved model's file could not be loaded; the model keeps its value in the tree.
    public struct LoadDidFail: Action, Codable {
        public let key: String
        /// The file, and where it was moved aside to when it was.
        public let file: String
        public let error: String
    }

    /// Loading one saved model ended, successfully or not (or there was no file).
    public struct LoadDidComplete: Action, Codable {
        public let key: String
    }

    /// Every saved model was loaded, or tried: as the store starts, or after ``LoadAll``.
    public struct LoadAllDidComplete: Action, Codable {}

    /// A saved model was written to its file.
    public struct SaveDidSucceed: Action, Codable {
        public let key: String
    }

    /// A saved model could not be written; the previous file is intact.
    public struct SaveDidFail: Action, Codable {
        public let key: String
        public let file: String
        public let error: String
    }

    /// Saving one saved model ended, successfully or not.
    public struct SaveDidComplete: Action, Codable {
        public let key: String
    }

    /// A round of saving ended in which some model changed: every changed model was written,
    /// or tried. Rounds in which nothing changed send nothing.
    public struct SaveAllDidComplete: Action, Codable {
        /// The keys written in this round; unchanged models are not written.
        public let written: [String]
    }
}
