import Foundation
import Substate
import SubstateMiddleware

/// TCA's `SyncUpDetail`: one sync-up, shared with the list it came from and the meeting it
/// starts; editing it in a sheet, deleting it or its meetings, starting a meeting.
struct SyncUpDetail: Model, Equatable, Codable {
    /// TCA's `Destination`: an alert, or the edit sheet.
    enum Destination: Model, Equatable, Codable {
        case alert(AlertState<Alert>)
        case edit(SyncUpEditForm)
    }

    enum Alert: Action, Equatable, Codable {
        case confirmDeletion
        case continueWithoutRecording
        case openSettings
    }

    var destination: Destination?  // TCA: @Presents var destination: Destination.State?
    @Shared var syncUp: SyncUp
    /// The sync-ups, to delete this one from: TCA's reducer reads `@Shared(.syncUps)` there.
    @Shared(.syncUps) var syncUps: [SyncUp] = []

    init(destination: Destination? = nil, syncUp: Shared<SyncUp>) {
        self.destination = destination
        self._syncUp = syncUp
    }

    struct CancelEditButtonTapped: Action, Equatable, Codable {}
    struct DeleteButtonTapped: Action, Equatable, Codable {}
    struct DoneEditingButtonTapped: Action, Equatable, Codable {}

    struct DeleteMeetings: Action, Equatable, Codable {
        let atOffsets: IndexSet
    }

    /// Opens the edit sheet; a sync-up without attendees gets a blank one in the form, with a
    /// UUID drawn only then, as TCA's `SyncUpForm.State.init` draws it.
    struct EditButtonTapped: StampedFromState, Equatable, Codable {
        var blank: UUID?
        init() {}
        mutating func stamp(from dependencies: Dependencies, state detail: SyncUpDetail) {
            if detail.syncUp.attendees.isEmpty { blank = dependencies.uuid() }
        }
    }

    /// Starts a meeting, with the speech recogniser's authorization read when it is dispatched,
    /// as TCA's reducer calls `authorizationStatus()`.
    struct StartMeetingButtonTapped: StampedAction, Equatable, Codable {
        var authorization = SpeechAuthorizationStatus.notDetermined
        init() {}
        mutating func stamp(from dependencies: Dependencies) {
            authorization = dependencies[SpeechClient.self].authorizationStatus()
        }
    }

    /// TCA's `Delegate`: what the detail tells the screens around it.
    enum Delegate {
        /// The meeting starts, on the detail's shared sync-up.
        struct StartMeeting: Action, Equatable, Codable {
            let syncUp: Shared<SyncUp>
        }
    }

    mutating func update(action: Action) {
        switch action {
        case is CancelEditButtonTapped:
            destination = nil
        case is DeleteButtonTapped:
            destination = .alert(.deleteSyncUp)
        case let delete as DeleteMeetings:
            syncUp.meetings = syncUp.meetings.enumerated().filter { !delete.atOffsets.contains($0.offset) }.map(
                \.element)
        case let alert as Alert:
            destination = nil  // TCA's ifLet closes the alert when one of its buttons is tapped
            if alert == .confirmDeletion {
                let id = syncUp.id
                syncUps.removeAll { $0.id == id }
            }
        case is DoneEditingButtonTapped:
            guard case .edit(let editState)? = destination else { return }
            syncUp = editState.syncUp
            destination = nil
        case let edit as EditButtonTapped:
            destination = .edit(SyncUpEditForm(syncUp: syncUp, blankAttendee: edit.blank))
        case let start as StartMeetingButtonTapped:
            switch start.authorization {
            case .notDetermined, .authorized: break  // the effect below starts the meeting
            case .denied: destination = .alert(.speechRecognitionDenied)
            case .restricted: destination = .alert(.speechRecognitionRestricted)
            }
        default:
            break
        }
    }
}

extension AlertState where ButtonAction == SyncUpDetail.Alert {
    static let deleteSyncUp = AlertState(
        title: "Delete?", message: "Are you sure you want to delete this meeting?",
        buttons: [.init("Yes", role: .destructive, action: .confirmDeletion), .cancel("Nevermind")])

    static let speechRecognitionDenied = AlertState(
        title: "Speech recognition denied",
        message: """
            You previously denied speech recognition and so your meeting will not be recorded. You can \
            enable speech recognition in settings, or you can continue without recording.
            """,
        buttons: [
            .init("Continue without recording", action: .continueWithoutRecording),
            .init("Open settings", action: .openSettings), .cancel("Cancel"),
        ])

    static let speechRecognitionRestricted = AlertState(
        title: "Speech recognition restricted",
        message: """
            Your device does not support speech recognition and so your meeting will not be recorded.
            """,
        buttons: [.init("Continue without recording", action: .continueWithoutRecording), .cancel("Cancel")])
}

/// The detail's effects: a meeting started when speech recognition may be used or without it,
/// the settings opened, and the screen dismissed once its sync-up is deleted.
@MainActor
let syncUpDetailEffects: [Effect] = [
    Effect(model: SyncUpDetail.self, action: SyncUpDetail.StartMeetingButtonTapped.self) { detail, start, send in
        guard start.authorization == .notDetermined || start.authorization == .authorized else { return }
        await send(SyncUpDetail.Delegate.StartMeeting(syncUp: detail.$syncUp))
    },
    Effect(model: SyncUpDetail.self, action: SyncUpDetail.Alert.self) { detail, alert, send in
        switch alert {
        case .confirmDeletion: break
        case .continueWithoutRecording: await send(SyncUpDetail.Delegate.StartMeeting(syncUp: detail.$syncUp))
        case .openSettings: await send.dependencies[OpenSettings.self].open()
        }
    },
    // TCA: `.run { _ in await dismiss() }`. Started for no model, it dismisses the screen the
    // action was addressed to on a stack, or the store's root when the detail is shown alone.
    Effect(for: SyncUpDetail.Alert.self) { alert, send in
        if alert == .confirmDeletion { await send.dismiss() }
    },
]
