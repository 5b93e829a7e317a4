import Foundation
import Substate
import SubstateMiddleware

/// The id and date of a meeting being saved, drawn from the store's `uuid` and `date` when the
/// action that saves it is dispatched, as TCA's `insert(transcript:)` reads `uuid()` and `date.now`.
struct NewMeeting: Equatable, Codable, Sendable {
    let id: UUID
    let date: Date

    init(from dependencies: Dependencies) {
        id = dependencies.uuid()
        date = dependencies.date.now
    }
}

/// TCA's `RecordMeeting`: a meeting timed speaker by speaker and transcribed, saved into the
/// shared sync-up when it ends or when the user ends it early.
struct RecordMeeting: Model, Equatable, Codable {
    var alert = Presented<AlertState<AlertAction>>()  // TCA: @Presents var alert: AlertState<Action.Alert>?
    var secondsElapsed = 0
    var speakerIndex = 0
    @Shared var syncUp: SyncUp
    var transcript = ""

    var durationRemaining: Duration {
        syncUp.duration - .seconds(secondsElapsed)
    }

    init(syncUp: Shared<SyncUp>) {
        self._syncUp = syncUp
    }

    /// TCA's `Action.Alert`: a button of the end-of-meeting alerts. A save carries the new
    /// meeting's id and date, drawn when it is sent; the alert compares its buttons with the
    /// action as it was sent, before the draw, so it closes on "Save and end" as in TCA.
    struct AlertAction: StampedAction, Equatable, Codable {
        enum Button: Codable { case confirmDiscard, confirmSave }
        let button: Button
        var meeting: NewMeeting?

        static let confirmDiscard = AlertAction(button: .confirmDiscard)
        static let confirmSave = AlertAction(button: .confirmSave)

        mutating func stamp(from dependencies: Dependencies) {
            if button == .confirmSave { meeting = NewMeeting(from: dependencies) }
        }
    }

    struct EndMeetingButtonTapped: Action, Equatable, Codable {}
    struct NextButtonTapped: Action, Equatable, Codable {}
    struct OnTask: Action, Equatable, Codable {}
    struct SpeechFailure: Action, Equatable, Codable {}

    struct SpeechResult: Action, Equatable, Codable {
        let result: SpeechRecognitionResult
    }

    /// A second of the meeting. The tick that ends it carries the saved meeting's id and date,
    /// drawn only for that tick.
    struct TimerTick: StampedFromState, Equatable, Codable {
        var meeting: NewMeeting?
        init() {}
        mutating func stamp(from dependencies: Dependencies, state: RecordMeeting) {
            if state.endsMeeting(after: 1) { meeting = NewMeeting(from: dependencies) }
        }
    }

    /// Whether a tick after `seconds` more seconds would end the meeting.
    private func endsMeeting(after seconds: Int) -> Bool {
        guard alert.screen == nil else { return false }
        let elapsed = secondsElapsed + seconds
        let secondsPerAttendee = Int(syncUp.durationPerAttendee.components.seconds)
        return elapsed.isMultiple(of: secondsPerAttendee) && elapsed == syncUp.duration.components.seconds
    }

    mutating func update(action: Action) {
        switch action {
        case let alert as AlertAction:
            // The alert closed by itself: TCA's ifLet.
            if alert.button == .confirmSave, let meeting = alert.meeting {
                syncUp.insert(transcript: transcript, as: meeting)
            }
        case is EndMeetingButtonTapped:
            alert.screen = .endMeeting(isDiscardable: true)
        case is NextButtonTapped:
            guard speakerIndex < syncUp.attendees.count - 1 else {
                alert.screen = .endMeeting(isDiscardable: false)
                return
            }
            speakerIndex += 1
            secondsElapsed = speakerIndex * Int(syncUp.durationPerAttendee.components.seconds)
        case let tick as TimerTick:
            guard alert.screen == nil else { return }
            secondsElapsed += 1
            let secondsPerAttendee = Int(syncUp.durationPerAttendee.components.seconds)
            if secondsElapsed.isMultiple(of: secondsPerAttendee) {
                if secondsElapsed == syncUp.duration.components.seconds {
                    if let meeting = tick.meeting { syncUp.insert(transcript: transcript, as: meeting) }
                    return  // the effect below dismisses the screen
                }
                speakerIndex += 1
            }
        case is SpeechFailure:
            if !transcript.isEmpty {
                transcript += " ❌"
            }
            alert.screen = .speechRecognizerFailed
        case let speech as SpeechResult:
            transcript = speech.result.bestTranscription.formattedString
        default:
            break
        }
    }
}

extension SyncUp {
    fileprivate mutating func insert(transcript: String, as meeting: NewMeeting) {
        meetings.insert(Meeting(id: meeting.id, date: meeting.date, transcript: transcript), at: 0)
    }
}

extension AlertState where ButtonAction == RecordMeeting.AlertAction {
    static func endMeeting(isDiscardable: Bool) -> Self {
        AlertState(
            title: "End meeting?", message: "You are ending the meeting early. What would you like to do?",
            buttons: [.init("Save and end", action: .confirmSave)]
                + (isDiscardable ? [.init("Discard", role: .destructive, action: .confirmDiscard)] : [])
                + [.cancel("Resume")])
    }

    static let speechRecognizerFailed = AlertState(
        title: "Speech recognition failure",
        message: """
            The speech recognizer has failed for some reason and so your meeting will no longer be \
            recorded. What do you want to do?
            """,
        buttons: [.cancel("Continue meeting"), .init("Discard meeting", role: .destructive, action: .confirmDiscard)])
}

/// The record screen's effects: the speech recogniser and the timer while the screen is shown,
/// and the screen dismissed when the meeting ends or is discarded. Started by an action
/// addressed to the screen on a stack, they are that screen's, and end when it is popped; the
/// screen shown alone is the store's root, which they dismiss.
@MainActor
let recordMeetingEffects: [Effect] = [
    Effect(for: RecordMeeting.OnTask.self) { _, send in
        let speechClient = send.dependencies[SpeechClient.self]
        let authorization =
            speechClient.authorizationStatus() == .notDetermined
            ? await speechClient.requestAuthorization()
            : speechClient.authorizationStatus()
        await withDiscardingTaskGroup { group in
            if authorization == .authorized {
                group.addTask {
                    do {
                        for try await result in await speechClient.startTask() {
                            await send(RecordMeeting.SpeechResult(result: result))
                        }
                    } catch {
                        await send(RecordMeeting.SpeechFailure())
                    }
                }
            }
            group.addTask {
                for await _ in send.dependencies.clock.timer(interval: .seconds(1)) {
                    await send(RecordMeeting.TimerTick())
                }
            }
        }
    },
    // TCA: `.run { _ in await dismiss() }` after the last tick saved the meeting.
    Effect(for: RecordMeeting.TimerTick.self) { tick, send in
        if tick.meeting != nil { await send.dismiss() }
    },
    // TCA: `.run { _ in await dismiss() }` for both buttons.
    Effect(for: RecordMeeting.AlertAction.self) { _, send in await send.dismiss() },
]
