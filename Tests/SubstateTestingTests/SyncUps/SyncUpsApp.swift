import Foundation
import Substate
import SubstateMiddleware

/// TCA's `AppFeature`: the list, and a stack of a sync-up's detail, a past meeting and a
/// meeting being recorded.
///
/// The list, the detail and the record screen hold one sync-up between them through their
/// `Shared` fields: an edit in the detail, a meeting saved by the record screen or a deletion
/// is read by the others, and nothing here copies it from one screen to another.
struct AppFeature: Model, Equatable, Codable {
    /// TCA's `Path`.
    enum Path: Model, Equatable, Codable {
        case detail(SyncUpDetail)
        case meeting(Meeting, syncUp: SyncUp)
        case record(RecordMeeting)
    }

    var path = ScreenStack<Path>()  // TCA: StackState<Path.State>
    var syncUpsList = SyncUpsList()

    mutating func update(action: Action) {
        // TCA: `case .path(.element(_, .detail(.delegate(.startMeeting(let sharedSyncUp)))))`.
        if let start = action as? ScreenStack<Path>.ToElement<SyncUpDetail.Delegate.StartMeeting> {
            path.push(.record(RecordMeeting(syncUp: start.action.syncUp)))
        }
    }
}

/// The app's effects: the detail's and the record screen's.
@MainActor
let syncUpsEffects = EffectHandler(effects: syncUpDetailEffects + recordMeetingEffects)
