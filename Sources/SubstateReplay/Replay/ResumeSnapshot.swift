import Foundation
import Substate

/// The snapshot an ``ActionRecorder`` writes when recording resumes after a pause: the root's
/// state right after the `Resume` action, which replay takes instead of its own, since the
/// actions of the pause were not recorded.
struct ResumeSnapshot {
    /// The recorded type of the action the snapshot belongs to.
    static let resumeType = "ActionRecorder.Resume"
    /// The recorded type of the action after which recording paused: the snapshot follows it.
    static let pauseType = "ActionRecorder.Pause"

    let state: Data
    /// The snapshot's line in the log.
    let line: Int

    /// The root's state the snapshot holds.
    func decode<Root: Decodable>(_ root: Root.Type, with decoder: JSONDecoder) throws -> Root {
        do {
            return try decoder.decode(Root.self, from: state)
        } catch {
            throw ActionLogError(line: line, "the snapshot does not decode as \(Root.self): \(error)")
        }
    }

    /// Puts a resumed root's state into the store once its `Resume` has been reduced;
    /// registered models stay as they are (the snapshot holds the root alone).
    @MainActor
    static func resume(_ store: Store, at root: any Model) {
        store.setTreeValues([root] + store.treeValues.dropFirst())
    }
}
