import Substate

extension ModelSaver {
    /// Saves every saved model that changed, now; the only trigger of the `.manual` strategy.
    public struct Save: Action, Codable {
        public init() {}
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

    /// Every saved model was loaded, or tried; sent once, as the store starts.
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
