import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's RecordMeetingTests, ported with their scenarios and expected values. The screen is the
// test store's root, its sync-up a `Shared` field under a key of its own (TCA's
// `Shared(value:)`), and the meeting it saves is written into that shared value.

@MainActor
final class SyncUpsRecordMeetingPortTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_234_567_890)

    /// TCA's three-attendee, six-second sync-up, `SyncUp.ID()` and `Attendee.ID()` each a new UUID.
    private static func threeAttendees() -> Shared<SyncUp> {
        Shared(
            .syncUp,
            value: SyncUp(
                id: UUID(),
                attendees: [
                    Attendee(id: UUID()),
                    Attendee(id: UUID()),
                    Attendee(id: UUID()),
                ],
                duration: .seconds(6)
            ))
    }

    func testTimer() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Self.threeAttendees()), middleware: [syncUpsEffects]) {
            $0.clock = clock  // TCA: $0.continuousClock = clock
            $0.date = .constant(now)  // TCA: $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
            $0[SpeechClient.self].authorizationStatus = { .denied }
            $0.uuid = .incrementing
        }

        await store.send(RecordMeeting.OnTask())

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 0
            $0.secondsElapsed = 1
            XCTAssertEqual($0.durationRemaining, .seconds(5))
        }

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
            XCTAssertEqual($0.durationRemaining, .seconds(4))
        }

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 3
            XCTAssertEqual($0.durationRemaining, .seconds(3))
        }

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
            XCTAssertEqual($0.durationRemaining, .seconds(2))
        }

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 5
            XCTAssertEqual($0.durationRemaining, .seconds(1))
        }

        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 6
            // TCA: $0.$syncUp.withLock { _ = $0.meetings.insert(..., at: 0) }
            $0.syncUp.meetings.insert(
                Meeting(
                    id: uuid(0),
                    date: Date(timeIntervalSince1970: 1_234_567_890),
                    transcript: ""
                ),
                at: 0
            )
            XCTAssertEqual($0.durationRemaining, .seconds(0))
        }
    }

    func testRecordTranscript() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Self.threeAttendees()), middleware: [syncUpsEffects]) {
            $0.clock = clock
            $0.date = .constant(now)
            $0[SpeechClient.self].authorizationStatus = { .authorized }
            $0[SpeechClient.self].startTask = { @Sendable in
                AsyncThrowingStream { continuation in
                    continuation.yield(
                        SpeechRecognitionResult(
                            bestTranscription: Transcription(formattedString: "I completed the project"),
                            isFinal: true
                        )
                    )
                    continuation.finish()
                }
            }
            $0.uuid = .incrementing
        }

        await store.send(RecordMeeting.OnTask())

        await store.receive(RecordMeeting.SpeechResult.self) {
            $0.transcript = "I completed the project"
        }

        await store.withExhaustivity(.off(showSkippedAssertions: true)) {
            await clock.advance(by: .seconds(6))
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
        }

        await store.finish()
        store.assert {
            $0.syncUp.meetings[0].transcript = "I completed the project"  // TCA: $0.$syncUp.withLock { ... }
        }
    }

    func testEndMeetingSave() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0.clock = clock
            $0.date = .constant(now)
            $0[SpeechClient.self].authorizationStatus = { .denied }
            $0.uuid = .incrementing
        }

        await store.send(RecordMeeting.OnTask())

        await store.send(RecordMeeting.EndMeetingButtonTapped()) {
            $0.alert.screen = .endMeeting(isDiscardable: true)  // TCA: $0.alert = .endMeeting(isDiscardable: true)
        }

        await clock.advance(by: .seconds(3))
        await store.receive(RecordMeeting.TimerTick.self)
        await store.receive(RecordMeeting.TimerTick.self)
        await store.receive(RecordMeeting.TimerTick.self)

        await store.send(RecordMeeting.AlertAction.confirmSave) {  // TCA: \.alert.confirmSave
            $0.alert.screen = nil
            $0.syncUp.meetings.insert(
                Meeting(
                    id: uuid(0),
                    date: Date(timeIntervalSince1970: 1_234_567_890),
                    transcript: ""
                ),
                at: 0
            )
        }
    }

    func testEndMeetingDiscard() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0.clock = clock
            $0[SpeechClient.self].authorizationStatus = { .denied }
        }

        await store.send(RecordMeeting.OnTask())

        await store.send(RecordMeeting.EndMeetingButtonTapped()) {
            $0.alert.screen = .endMeeting(isDiscardable: true)
        }

        await store.send(RecordMeeting.AlertAction.confirmDiscard) {  // TCA: \.alert.confirmDiscard
            $0.alert.screen = nil
        }
    }

    func testNextSpeaker() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Self.threeAttendees()), middleware: [syncUpsEffects]) {
            $0.clock = clock
            $0.date = .constant(now)
            $0[SpeechClient.self].authorizationStatus = { .denied }
            $0.uuid = .incrementing
        }

        await store.send(RecordMeeting.OnTask())

        await store.send(RecordMeeting.NextButtonTapped()) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
        }

        await store.send(RecordMeeting.NextButtonTapped()) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
        }

        await store.send(RecordMeeting.NextButtonTapped()) {
            $0.alert.screen = .endMeeting(isDiscardable: false)
        }

        await store.send(RecordMeeting.AlertAction.confirmSave) {
            $0.alert.screen = nil
            $0.syncUp.meetings.insert(
                Meeting(
                    id: uuid(0),
                    date: Date(timeIntervalSince1970: 1_234_567_890),
                    transcript: ""
                ),
                at: 0
            )
        }
    }

    func testContinueAfterSpeechRecognitionFailure() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Self.threeAttendees()), middleware: [syncUpsEffects]) {
            $0.clock = clock
            $0.date = .constant(now)
            $0[SpeechClient.self].authorizationStatus = { .authorized }
            $0[SpeechClient.self].startTask = { @Sendable in
                AsyncThrowingStream {
                    $0.yield(
                        SpeechRecognitionResult(
                            bestTranscription: Transcription(formattedString: "I completed the project"),
                            isFinal: true
                        )
                    )
                    struct SpeechRecognitionFailure: Error {}
                    $0.finish(throwing: SpeechRecognitionFailure())
                }
            }
            $0.uuid = .incrementing
        }

        await store.send(RecordMeeting.OnTask())

        await store.receive(RecordMeeting.SpeechResult.self) {
            $0.transcript = "I completed the project"
        }

        await store.receive(RecordMeeting.SpeechFailure.self) {
            $0.alert.screen = .speechRecognizerFailed
            $0.transcript = "I completed the project ❌"
        }

        await store.send(Dismiss<AlertState<RecordMeeting.AlertAction>>()) {  // TCA: \.alert.dismiss
            $0.alert.screen = nil
        }

        await clock.advance(by: .seconds(6))

        await store.withExhaustivity(.off(showSkippedAssertions: true)) {
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
            await store.receive(RecordMeeting.TimerTick.self)
        }
    }

    func testDiscardAfterSpeechRecognitionFailure() async {
        let clock = TestClock()

        let store = TestStore(model: RecordMeeting(syncUp: Shared(.syncUp, value: .mock)), middleware: [syncUpsEffects])
        {
            $0.clock = clock
            $0[SpeechClient.self].authorizationStatus = { .authorized }
            $0[SpeechClient.self].startTask = { @Sendable in
                AsyncThrowingStream {
                    struct SpeechRecognitionFailure: Error {}
                    $0.finish(throwing: SpeechRecognitionFailure())
                }
            }
        }

        await store.send(RecordMeeting.OnTask())

        await store.receive(RecordMeeting.SpeechFailure.self) {
            $0.alert.screen = .speechRecognizerFailed
        }

        await store.send(RecordMeeting.AlertAction.confirmDiscard) {
            $0.alert.screen = nil
        }
    }
}
