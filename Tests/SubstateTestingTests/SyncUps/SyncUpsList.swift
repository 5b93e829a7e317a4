import Foundation
import Substate
import SubstateMiddleware

/// TCA's `SyncUpsList`: the shared sync-ups, a sheet to add one, and deletion by offsets.
struct SyncUpsList: Model, Equatable, Codable {
    /// TCA's `Destination`: the add sheet, or an alert.
    enum Destination: Model, Equatable, Codable {
        case add(SyncUpEditForm)
        case alert(AlertState<Alert>)
    }

    enum Alert: Action, Equatable, Codable {
        case confirmLoadMockData
    }

    var destination: Destination?  // TCA: @Presents var destination: Destination.State?
    @Shared(.syncUps) var syncUps: [SyncUp] = []

    init(destination: Destination? = nil) {
        self.destination = destination
    }

    /// Opens the add sheet on a new sync-up, whose id and blank attendee's id are drawn from
    /// the store's `uuid` when the action is dispatched, in that order, as TCA's reducer draws them.
    struct AddSyncUpButtonTapped: StampedAction, Equatable, Codable {
        var syncUpID = UUID()
        var attendeeID = UUID()
        mutating func stamp(from dependencies: Dependencies) {
            syncUpID = dependencies.uuid()
            attendeeID = dependencies.uuid()
        }
    }

    /// Adds the sync-up the sheet edited, without its blank attendees; when none is left, the
    /// form's first attendee stays, or a new one whose UUID is drawn only then.
    struct ConfirmAddSyncUpButtonTapped: StampedFromState, Equatable, Codable {
        var blank: UUID?
        init() {}
        mutating func stamp(from dependencies: Dependencies, state list: SyncUpsList) {
            if case .add(let form)? = list.destination, form.syncUp.attendees.isEmpty { blank = dependencies.uuid() }
        }
    }

    struct DismissAddSyncUpButtonTapped: Action, Equatable, Codable {}

    struct OnDelete: Action, Equatable, Codable {
        let indexSet: IndexSet
    }

    mutating func update(action: Action) {
        switch action {
        case let add as AddSyncUpButtonTapped:
            destination = .add(SyncUpEditForm(syncUp: SyncUp(id: add.syncUpID), blankAttendee: add.attendeeID))
        case let confirm as ConfirmAddSyncUpButtonTapped:
            guard case .add(let editState)? = destination else { return }
            var syncUp = editState.syncUp
            syncUp.attendees.removeAll { attendee in attendee.name.allSatisfy(\.isWhitespace) }
            if syncUp.attendees.isEmpty,
                let attendee = editState.syncUp.attendees.first ?? confirm.blank.map({ Attendee(id: $0) })
            {
                syncUp.attendees.append(attendee)
            }
            syncUps.append(syncUp)
            destination = nil
        case is DismissAddSyncUpButtonTapped:
            destination = nil
        case let delete as OnDelete:
            syncUps = syncUps.enumerated().filter { !delete.indexSet.contains($0.offset) }.map(\.element)
        case is Alert:
            destination = nil  // TCA's ifLet closes the alert when one of its buttons is tapped
        default:
            break
        }
    }
}
