import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import Synchronization
import XCTest

/// SyncUps' recording screen as a port writes it, TCA's way: a timer effect ticks each second
/// on the store's clock, and at the meeting's end the screen is done; a button opens the
/// system settings through a dependency.
struct MeetingRecording: Model, Equatable {
    var secondsElapsed = 0
    var duration = 6
    var isEnded = false
    var transcript = ""
    struct Start: Action {}
    struct Tick: Action {}
    struct Ended: Action {}
    struct OpenSettings: Action {}
    struct Transcribed: Action { let text: String }
    mutating func update(action: Action) {
        switch action {
        case is Tick: secondsElapsed += 1
        case is Ended: isEnded = true
        case let transcribed as Transcribed: transcript = transcribed.text
        default: ()
        }
    }
}

/// Opens the system settings; a test records that it was asked.
struct SettingsOpener: DependencyKey, Sendable {
    var open: @Sendable () async -> Void
    static let liveValue = SettingsOpener {}
}

/// A flag an effect sets from its own thread, read by the test.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

@MainActor
let meetingEffects = EffectHandler(effects: [
    Effect(model: MeetingRecording.self, action: MeetingRecording.Start.self) { recording, _, send in
        var elapsed = recording.secondsElapsed
        for await _ in send.dependencies.clock.timer(interval: .seconds(1)) {
            elapsed += 1
            await send(MeetingRecording.Tick())
            if elapsed == recording.duration {
                await send(MeetingRecording.Ended())
                return
            }
        }
    },
    Effect(for: MeetingRecording.OpenSettings.self) { _, send in
        await send.dependencies[SettingsOpener.self].open()
    },
])

/// The scenarios of TCA's SyncUps tests that the test store and the test clock must carry
/// as TCA's do, without workarounds.
@MainActor
final class TCASemanticsTests: XCTestCase {
    func testSendLetsTheEffectRunSoTheTestSeesWhatItDid() async {
        let opened = Flag()
        let store = TestStore(model: MeetingRecording(), middleware: [meetingEffects]) {
            $0[SettingsOpener.self] = SettingsOpener { opened.set() }
        }
        await store.send(MeetingRecording.OpenSettings())
        XCTAssertTrue(opened.isSet, "the effect ran before send returned")
        // Released without finish(): the effect has ended, so nothing is reported.
    }

    func testAOneSecondTimerAdvancedSixSecondsTicksSixTimes() async {
        let clock = TestClock()
        let store = TestStore(model: MeetingRecording(), middleware: [meetingEffects]) { $0.clock = clock }
        await store.send(MeetingRecording.Start())
        await clock.advance(by: .seconds(6))
        for second in 1...6 {
            await store.receive(MeetingRecording.Tick.self) { $0.secondsElapsed = second }
        }
        await store.receive(MeetingRecording.Ended.self) { $0.isEnded = true }
        await store.finish()
    }

    func testTheClockAdvancedInStepsWakesTheTimerInEachStep() async {
        let clock = TestClock()
        let store = TestStore(model: MeetingRecording(duration: 3), middleware: [meetingEffects]) { $0.clock = clock }
        await store.send(MeetingRecording.Start())
        await clock.advance(by: .milliseconds(1500))
        await store.receive(MeetingRecording.Tick.self) { $0.secondsElapsed = 1 }
        await clock.advance(by: .milliseconds(500))
        await store.receive(MeetingRecording.Tick.self) { $0.secondsElapsed = 2 }
        await clock.run()
        await store.receive(MeetingRecording.Tick.self) { $0.secondsElapsed = 3 }
        await store.receive(MeetingRecording.Ended.self) { $0.isEnded = true }
        await store.finish()
    }

    func testANonExhaustiveReceiveWaitsForItsMatchAcrossARunningTimer() async {
        let clock = TestClock()
        let store = TestStore(model: MeetingRecording(), middleware: [meetingEffects], exhaustive: false) {
            $0.clock = clock
        }
        await store.send(MeetingRecording.Start())
        // The ticks arrive first; the test asks only for the end, which comes after them.
        Task { await clock.advance(by: .seconds(6)) }
        await store.receive(MeetingRecording.Ended.self) {
            $0.isEnded = true
            $0.secondsElapsed = 6
        }
        XCTAssertEqual(store.skippedActions.count, 6, "the ticks were skipped")
        await store.finish()
    }

    func testAnImmediateClockLetsTheTimerRunToItsEnd() async {
        let store = TestStore(model: MeetingRecording(duration: 3), middleware: [meetingEffects], exhaustive: false) {
            $0.clock = ImmediateClock()
        }
        await store.send(MeetingRecording.Start())
        await store.receive(MeetingRecording.Ended.self) { $0.isEnded = true }
        XCTAssertEqual(store.state.secondsElapsed, 3)
        await store.finish()
    }

    func testTheTestClocksTimerKeepsToItsDeadlines() async {
        let clock = TestClock()
        let ticks = Mutex<[Duration]>([])
        let task = Task { @MainActor in
            for await offset in clock.timer(interval: .seconds(2)) { ticks.withLock { $0.append(offset) } }
        }
        await clock.advance(by: .seconds(7))
        XCTAssertEqual(ticks.withLock { $0 }, [.seconds(2), .seconds(4), .seconds(6)])
        task.cancel()
        await task.value
        XCTAssertEqual(ticks.withLock { $0 }.count, 3, "a cancelled timer ends")
    }

    func testEveryEffectFormReadsTheStoresDependencies() async {
        let handler = EffectHandler(effects: [
            Effect(for: MeetingRecording.OpenSettings.self) { _ in
                MeetingRecording.Transcribed(text: Dependencies.current[Transcriber.self].text())
            },
            Effect(model: MeetingRecording.self, action: MeetingRecording.Start.self) { recording, _ in
                MeetingRecording.Transcribed(
                    text: "\(recording.duration): " + Dependencies.current[Transcriber.self].text())
            },
        ])
        let store = TestStore(model: MeetingRecording(), middleware: [handler]) {
            $0[Transcriber.self] = Transcriber { "from the test" }
        }
        await store.send(MeetingRecording.OpenSettings())
        await store.receive(MeetingRecording.Transcribed.self) { $0.transcript = "from the test" }
        await store.send(MeetingRecording.Start())
        await store.receive(MeetingRecording.Transcribed.self) { $0.transcript = "6: from the test" }
        await store.finish()
    }
}

/// Speech recognition, as SyncUps reads it.
struct Transcriber: DependencyKey, Sendable {
    var text: @Sendable () -> String
    static let liveValue = Transcriber { "live" }
}
