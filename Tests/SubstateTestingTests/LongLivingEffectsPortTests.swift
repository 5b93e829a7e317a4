import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import Testing

// TCA's long-living effects case study, ported with its scenario and expected values: an
// effect started when the view appears counts screenshots for as long as the view is shown,
// and the view's going away (the `.task` modifier's task cancelled) ends it.

struct LongLivingEffects: Model, Equatable {
    var screenshotCount = 0

    /// The view appeared: its `.task { await store.send(.task).finish() }` runs.
    struct ViewTask: Action {}
    struct UserDidTakeScreenshotNotification: Action {}

    mutating func update(action: Action) {
        if action is UserDidTakeScreenshotNotification { screenshotCount += 1 }
    }
}

/// The screenshots the system reports, as the case study's `screenshots` dependency.
struct Screenshots: DependencyKey, Sendable {
    var stream: @Sendable () async -> any AsyncSequence<Void, Never>

    /// The live stream: each `userDidTakeScreenshot` notification posted to the default centre
    /// (UIKit posts `UIApplication.userDidTakeScreenshotNotification`, which Linux has not).
    static var liveValue: Screenshots {
        Screenshots {
            AsyncStream { continuation in
                let observer = NotificationCenter.default.addObserver(
                    forName: Notification.Name("userDidTakeScreenshot"), object: nil, queue: nil
                ) { _ in continuation.yield() }
                // The token is only handed back to the centre that made it.
                nonisolated(unsafe) let token = observer
                continuation.onTermination = { _ in NotificationCenter.default.removeObserver(token) }
            }
        }
    }
}

@MainActor
let longLivingEffects = EffectHandler(effects: [
    // When the view appears, start the effect that emits when screenshots are taken.
    Effect(for: LongLivingEffects.ViewTask.self) { _, send in
        for await _ in await send.dependencies[Screenshots.self].stream() {
            await send(LongLivingEffects.UserDidTakeScreenshotNotification())
        }
    }
])

@MainActor
struct LongLivingEffectsTests {
    @Test
    func basics() async {
        let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)

        let store = TestStore(model: LongLivingEffects(), middleware: [longLivingEffects]) {
            $0[Screenshots.self] = Screenshots { screenshots }
        }

        let task = await store.send(LongLivingEffects.ViewTask())

        // Simulate a screenshot being taken
        takeScreenshot.yield()

        await store.receive(LongLivingEffects.UserDidTakeScreenshotNotification.self) {
            $0.screenshotCount = 1
        }

        // Simulate screen going away
        await task.cancel()

        // Simulate a screenshot being taken to show no effects are executed.
        takeScreenshot.yield()
    }

    /// Beyond TCA's test: the screenshot after the view went away is not counted, nothing is
    /// left running, and the task says it was cancelled.
    @Test
    func aScreenshotAfterTheViewWentAwayIsNotCounted() async {
        let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)
        let store = TestStore(model: LongLivingEffects(), middleware: [longLivingEffects]) {
            $0[Screenshots.self] = Screenshots { screenshots }
        }
        let task = await store.send(LongLivingEffects.ViewTask())
        takeScreenshot.yield()
        await store.receive(LongLivingEffects.UserDidTakeScreenshotNotification.self) { $0.screenshotCount = 1 }
        await task.cancel()
        #expect(task.isCancelled)
        takeScreenshot.yield()
        await store.finish()
        #expect(store.state.screenshotCount == 1)
        #expect(store.store.effects.inFlightCount == 0)
    }
}
