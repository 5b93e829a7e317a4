import Substate
import SubstateMiddleware
import XCTest

/// A screen alone in its store dismisses itself as TCA's `dismiss()` does: the store carries the
/// dismissal out (``Store/isDismissed``, every effect ended) and sends no action for it, whether
/// the effect that asked was started for the screen's model or for nothing in particular.
@MainActor
final class RootDismissalTests: XCTestCase {
    struct Form: Model, Equatable {
        var saved = false
        struct Appeared: Action {}
        struct SaveTapped: Action {}
        struct CancelTapped: Action {}

        mutating func update(action: Action) {
            if action is SaveTapped { saved = true }
        }
    }

    private let effects = EffectHandler(effects: [
        Effect(for: Form.Appeared.self) { _, send in try await send.dependencies.clock.sleep(for: .seconds(60)) },
        Effect(model: Form.self, action: Form.SaveTapped.self) { _, _, send in await send.dismiss() },
        Effect(for: Form.CancelTapped.self) { _, send in await send.dismiss() },
    ])

    /// A store of the form whose effects run on the main queue, serially with the test, and
    /// the actions that reached its tree.
    private func makeStore() -> (Store, () -> [String]) {
        var dependencies = Dependencies()
        dependencies.clock = TestClock()
        let store = Store(model: Form(), middleware: [effects], dependencies: dependencies)
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        let reduced = LockIsolated<[String]>([])
        store.observeReductions { action, _ in reduced.withValue { $0.append("\(type(of: action))") } }
        return (store, { reduced.value })
    }

    func testARootModelsEffectDismissesTheRootAndSendsNoAction() async {
        let (store, reduced) = makeStore()
        store.update(Form.Appeared())
        await MainQueueTaskExecutor.settle()
        store.update(Form.SaveTapped())
        await MainQueueTaskExecutor.settle()
        XCTAssertTrue(store.isDismissed)
        XCTAssertEqual(reduced(), ["Appeared", "SaveTapped"], "no Dismiss to receive")
        XCTAssertEqual(store.effects.inFlightCount, 0, "the root's effects ended with it")
    }

    func testAPlainEffectsDismissDoesTheSame() async {
        let (store, reduced) = makeStore()
        store.update(Form.Appeared())
        await MainQueueTaskExecutor.settle()
        store.update(Form.CancelTapped())
        await MainQueueTaskExecutor.settle()
        XCTAssertTrue(store.isDismissed)
        XCTAssertEqual(reduced(), ["Appeared", "CancelTapped"])
        XCTAssertEqual(store.effects.inFlightCount, 0)
    }
}
