import Foundation
import Substate
import SubstateMiddleware

/// TCA's `SyncUpForm` over the whole `SyncUp` (title, duration, theme, attendees, meetings), as
/// the list's add sheet and the detail's edit sheet show it; SyncUpFormPortTests.swift ports
/// the form's own tests on it. It keeps every field, since the detail saves what the form
/// edited back into the shared sync-up.
struct SyncUpEditForm: Model, Equatable, Codable {
    enum Field: Hashable, Codable {
        case attendee(Attendee.ID)
        case title
    }

    var focus: Field? = .title
    var syncUp: SyncUp

    /// The form of a sync-up; a sync-up without attendees gets a blank one with the id given,
    /// which the action that opens the form drew from the store's `uuid`, as TCA's `State.init`
    /// draws from its dependency.
    init(focus: Field? = .title, syncUp: SyncUp, blankAttendee: UUID? = nil) {
        self.focus = focus
        self.syncUp = syncUp
        if self.syncUp.attendees.isEmpty, let blankAttendee {
            self.syncUp.attendees.append(Attendee(id: blankAttendee))
        }
    }

    struct AddAttendeeButtonTapped: StampedAction, Equatable, Codable {
        var id = UUID()
        mutating func stamp(from dependencies: Dependencies) { id = dependencies.uuid() }
    }

    /// Deletes attendees; when that empties the list, a blank attendee takes their place, with
    /// a UUID drawn only then.
    struct DeleteAttendees: StampedFromState, Equatable, Codable {
        let atOffsets: IndexSet
        var blank: UUID?
        init(atOffsets: IndexSet) { self.atOffsets = atOffsets }
        mutating func stamp(from dependencies: Dependencies, state form: SyncUpEditForm) {
            if form.syncUp.attendees.indices.allSatisfy(atOffsets.contains) { blank = dependencies.uuid() }
        }
    }

    mutating func update(action: Action) {
        // The form's controls set its fields with `BindingAction`s: TCA's `BindingReducer()`.
        if applyBinding(action) != nil { return }
        switch action {
        case let add as AddAttendeeButtonTapped:
            syncUp.attendees.append(Attendee(id: add.id))
            focus = .attendee(add.id)
        case let delete as DeleteAttendees:
            for index in delete.atOffsets.sorted(by: >) { syncUp.attendees.remove(at: index) }
            if syncUp.attendees.isEmpty, let blank = delete.blank { syncUp.attendees.append(Attendee(id: blank)) }
            guard let first = delete.atOffsets.first else { return }
            focus = .attendee(syncUp.attendees[min(first, syncUp.attendees.count - 1)].id)
        default:
            break
        }
    }
}
