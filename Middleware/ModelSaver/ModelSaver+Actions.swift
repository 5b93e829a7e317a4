import Substate

extension ModelSaver {
    /// Saves every saved model that changed (or, given a type, that model if it changed), now;
    /// the only trigger of the `.manual` strategy.
    ///
    /// ```swift
    /// store.update(ModelSaver.Save())                 // every changed model
    /// store.update(ModelSaver.Save(Settings.self))    // one model
    /// ```
    ///
    /// Saving a type that is not in the tree sends ``SaveDidFail`` naming it, then
    /// ``SaveDidComplete``.
    public struct Save: Action, Codable {
        /// The key of the one model to save, or `nil` for all.
        public let key: String?
        /// The name of the one model's type, for messages.
        public let type: String?
        public init() {
            key = nil
            type = nil
        }
        public init<M: SavedModel>(_ type: M.Type) { (key, self.type) = (M.saveKey, typeName(M.self)) }
    }

    /// Writes every saved model, changed or not.
    public struct SaveAll: Action, Codable {
        public init() {}
    }

    /// Loads a saved model's entry and puts it in the tree, as at start; the outcome actions
    /// follow. With the `.manual` load strategy, this is how models are loaded.
    ///
    /// Either ``LoadDidSucceed`` or ``LoadDidFail`` follows, then ``LoadDidComplete``: also when
    /// nothing is stored (``LoadDidFail/Reason/nothingStored``) and when the type is not in the
    /// tree (``LoadDidFail/Reason/notInTree``).
    public struct Load: Action, Codable {
        /// The key of the model to load.
        public let key: String
        /// The name of the model's type, for messages.
        public let type: String?
        public init<M: SavedModel>(_ type: M.Type) { (key, self.type) = (M.saveKey, typeName(M.self)) }
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
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct LoadDidSucceed: QuietAction, Codable {
        public let key: String
    }

    /// A saved model could not be loaded, or nothing was stored for it; the model keeps its
    /// value in the tree.
    ///
    /// ``reason`` tells a first launch from a damaged file, as an onboarding screen needs:
    ///
    /// ```swift
    /// if let failed = action as? ModelSaver.LoadDidFail, failed.key == Profile.saveKey {
    ///     showsOnboarding = failed.reason == .nothingStored
    /// }
    /// ```
    public struct LoadDidFail: Action, Codable {
        /// Why a load failed.
        public enum Reason: String, Sendable, Codable, Equatable {
            /// Nothing is stored for the model yet (a first launch).
            case nothingStored
            /// The storage could not read the entry; it is kept and not overwritten.
            case unreadable
            /// The entry is not a valid saved model; it was moved aside.
            case corrupt
            /// The entry is of an older schema version without a migration; it was moved aside.
            case unmigrated
            /// The entry was written by a newer schema version; it is kept and not overwritten.
            case newerVersion
            /// The entry was saved for another model type; it is kept and not overwritten.
            case wrongType
            /// No model of the type asked for is in the tree; nothing was read.
            case notInTree
        }

        public let key: String
        /// The file, and where it was moved aside to when it was.
        public let file: String
        public let error: String
        /// Why the load failed; `nil` in logs recorded before reasons were kept.
        public let reason: Reason?

        init(key: String, file: String, error: String, reason: Reason) {
            self.key = key
            self.file = file
            self.error = error
            self.reason = reason
        }
    }

    /// Loading one saved model ended, successfully or not.
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct LoadDidComplete: QuietAction, Codable {
        public let key: String
    }

    /// Every saved model was loaded, or tried: as the store starts, or after ``LoadAll``.
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct LoadAllDidComplete: QuietAction, Codable {}

    /// A saved model was written to its file.
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct SaveDidSucceed: QuietAction, Codable {
        public let key: String
    }

    /// A saved model could not be written; the previous file is intact.
    public struct SaveDidFail: Action, Codable {
        public let key: String
        public let file: String
        public let error: String
    }

    /// Saving one saved model ended, successfully or not.
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct SaveDidComplete: QuietAction, Codable {
        public let key: String
    }

    /// A round of saving ended in which some model changed: every changed model was written,
    /// or tried. Rounds in which nothing changed send nothing.
    ///
    /// Quiet: an exhaustive `TestStore` test receives it only when it asks for it.
    public struct SaveAllDidComplete: QuietAction, Codable {
        /// The keys written in this round; unchanged models are not written.
        public let written: [String]
    }
}
