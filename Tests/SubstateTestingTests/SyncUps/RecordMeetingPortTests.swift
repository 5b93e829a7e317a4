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

    /// TCA's three-attendee, six-second sync-up, shared under its key.
    private static func threeAttendees() -> Shared<SyncUp> { Shared(.syncUp, value: .threeAttendees()) }

    /// The screen over the sync-up, with the test's clock and speech client, as each of TCA's
    /// tests sets them up; the tests that save a meeting also fix the date and the UUIDs.
    private func makeStore(
        _ syncUp: Shared<SyncUp>, clock: TestClock, savesMeeting: Bool, line: UInt = #line,
        speech: (inout SpeechClient) -> Void
    ) -> TestStore<RecordMeeting> {
        TestStore(model: RecordMeeting(syncUp: syncUp), middleware: [syncUpsEffects], line: line) {
            $0.clock = clock  // TCA: $0.continuousClock = clock
            if savesMeeting {
                $0.date = .constant(now)  // TCA: $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
                $0.uuid = .incrementing
            }
            speech(&$0[SpeechClient.self])
        }
    }

    /// The meeting a save inserts: TCA's `Meeting(id: Meeting.ID(UUID(0)), date: ..., transcript: "")`.
    private var savedMeeting: Meeting { Meeting(id: uuid(0), date: now, transcript: "") }

    /// One second on the clock and the tick it brings, which leaves the speaker and the seconds
    /// elapsed the test says and the time remaining that follows.
    private func tick(
        _ store: TestStore<RecordMeeting>, _ clock: TestClock, speaker: Int, elapsed: Int, line: UInt = #line,
        _ more: @escaping (inout RecordMeeting) -> Void = { _ in }
    ) async {
        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeeting.TimerTick.self, line: line) {
            $0.speakerIndex = speaker
            $0.secondsElapsed = elapsed
            more(&$0)
            XCTAssertEqual($0.durationRemaining, .seconds(6 - elapsed), line: line)
        }
    }

    /// The six ticks of a meeting whose state the test does not check.
    private func receiveSixTicks(_ store: TestStore<RecordMeeting>) async {
        for _ in 1...6 { await store.receive(RecordMeeting.TimerTick.self) }
    }

    func testTimer() async {
        let clock = TestClock()
        let store = makeStore(Self.threeAttendees(), clock: clock, savesMeeting: true) {
            $0.authorizationStatus = { .denied }
        }

        await store.send(RecordMeeting.OnTask())

        await tick(store, clock, speaker: 0, elapsed: 1)
        await tick(store, clock, speaker: 1, elapsed: 2)
        await tick(store, clock, speaker: 1, elapsed: 3)
        await tick(store, clock, speaker: 2, elapsed: 4)
        await tick(store, clock, speaker: 2, elapsed: 5)
        await tick(store, clock, speaker: 2, elapsed: 6) {
            // TCA: $0.$syncUp.withLock { _ = $0.meetings.insert(..., at: 0) }
            $0.syncUp.meetings.insert(self.savedMeeting, at: 0)
        }
    }

    func testRecordTranscript() async {
        let clock = TestClock()
        let store = makeStore(Self.threeAttendees(), clock: clock, savesMeeting: true) {
            $0.authorizationStatus = { .authorized }
            $0.startTask = { @Sendable in
                AsyncThrowingStream { continuation in
                    continuation.yield(.completedProject)
                    continuation.finish()
                }
            }
        }

        await store.send(RecordMeeting.OnTask())

        await store.receive(RecordMeeting.SpeechResult.self) {
            $0.transcript = "I completed the project"
        }

        await store.withExhaustivity(.off(showSkippedAssertions: true)) {
            await clock.advance(by: .seconds(6))
            await receiveSixTicks(store)
        }

        await store.finish()
        store.assert {
            $0.syncUp.meetings[0].transcript = "I completed the project"  // TCA: $0.$syncUp.withLock { ... }
        }
    }

    func testEndMeetingSave() async {
        let clock = TestClock()
        let store = makeStore(Shared(.syncUp, value: .mock), clock: clock, savesMeeting: true) {
            $0.authorizationStatus = { .denied }
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
            $0.syncUp.meetings.insert(self.savedMeeting, at: 0)
        }
    }

    func testEndMeetingDiscard() async {
        let store = makeStore(Shared(.syncUp, value: .mock), clock: TestClock(), savesMeeting: false) {
            $0.authorizationStatus = { .denied }
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
        let store = makeStore(Self.threeAttendees(), clock: TestClock(), savesMeeting: true) {
            $0.authorizationStatus = { .denied }
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
            $0.syncUp.meetings.insert(self.savedMeeting, at: 0)
        }
    }

    func testContinueAfterSpeechRecognitionFailure() async {
        let clock = TestClock()
        let store = makeStore(Self.threeAttendees(), clock: clock, savesMeeting: true) {
            $0.authorizationStatus = { .authorized }
            $0.startTask = { @Sendable in
                AsyncThrowingStream {
                    $0.yield(.completedProject)
                    struct SpeechRecognitionFailure: Error {}
                    $0.finish(throwing: SpeechRecognitionFailure())
                }
            }
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

        await store.withExhaustivity(.off(showSkippedAssertions: true)) { await receiveSixTicks(store) }
    }

    func testDiscardAfterSpeechRecognitionFailure() async {
        let store = makeStore(Shared(.syncUp, value: .mock), clock: TestClock(), savesMeeting: false) {
            $0.authorizationStatus = { .authorized }
            $0.startTask = { @Sendable in
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
