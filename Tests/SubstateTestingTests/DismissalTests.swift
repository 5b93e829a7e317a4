import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

/// A form that saves and closes itself, shown alone (the store's root) or in a sheet.
struct ClosingForm: Model, Equatable {
    var text = ""
    var saved = false
    struct OnAppear: Action, Equatable {}
    struct CancelTapped: Action, Equatable {}
    struct SaveTapped: Action, Equatable {}
    mutating func update(action: Action) {
        if action is SaveTapped { saved = true }
    }
}

struct FormHost: Model, Equatable {
    var sheet = Presented<ClosingForm>()
}

/// The form in an optional field, TCA's `@Presents var sheet: Form.State?`.
struct OptionalFormHost: Model, Equatable {
    var sheet: ClosingForm? = ClosingForm()
}

@MainActor
let closingFormEffects = EffectHandler(effects: [
    Effect(for: ClosingForm.OnAppear.self) { _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1_000_000))
    },
    Effect(for: ClosingForm.CancelTapped.self) { _, send in await send.dismiss() },
    Effect(model: ClosingForm.self, action: ClosingForm.SaveTapped.self) { _, _, send in await send.dismiss() },
])

/// A row whose own effect asks to dismiss it: it names the row, so the store's root stays.
struct DismissingRow: Model, Equatable, Identifiable {
    let id: Int
    struct CloseTapped: TargetedAction, Equatable {
        typealias Target = DismissingRow
        let targetID: Int
    }
}

struct DismissingRows: Model, Equatable {
    var rows = [DismissingRow(id: 1)]
}

@MainActor
let dismissingRowEffects = EffectHandler(effects: [
    Effect(for: DismissingRow.CloseTapped.self) { _, send in await send.dismiss() }
])

/// A screen dismisses itself, as TCA's `dismiss()`: alone in a store, the store carries the
/// dismissal out, ends its effects and says so; in a sheet, the sheet closes.
@MainActor
final class DismissalTests: FailureCapturingTestCase {
    func testAScreenAloneDismissesItselfAndItsEffectsEnd() async {
        let store = TestStore(model: ClosingForm(), middleware: [closingFormEffects]) { $0.clock = TestClock() }
        await store.send(ClosingForm.OnAppear())
        XCTAssertFalse(store.isDismissed)
        await store.send(ClosingForm.CancelTapped())
        XCTAssertTrue(store.isDismissed)
        // The appear effect never ends by itself: it ended with the dismissal.
    }

    /// A row of an array has no holder that could take it away: the dismissal its effect asks
    /// for is dropped and reported, as TCA warns of a `dismiss()` from a feature that was not
    /// presented, and the store's root stays.
    func testARowsEffectDismissesNotTheStoresRootAndNothingCarryingItOutIsReported() async {
        var line = 0
        let failures = await captured {
            line = #line + 1
            let store = TestStore(model: DismissingRows(), middleware: [dismissingRowEffects])
            await store.send(DismissingRow.CloseTapped(targetID: 1))
            XCTAssertFalse(store.isDismissed)
            XCTAssertEqual(store.state, DismissingRows())
        }
        XCTAssertEqual(failures.map(\.line), [line], "\(failures.map(\.message))")
        XCTAssertTrue(
            failures.first?.message.contains("Dismiss<DismissingRow> was dropped") == true,
            failures.first?.message ?? "")
    }

    func testAModelsEffectDismissesItsModelWhereverItIsShown() async {
        let alone = TestStore(model: ClosingForm(), middleware: [closingFormEffects]) { $0.clock = TestClock() }
        await alone.send(ClosingForm.OnAppear())
        await alone.send(ClosingForm.SaveTapped()) { $0.saved = true }
        XCTAssertTrue(alone.isDismissed, "the store carried the root's dismissal out, with no action to receive")

        let hosted = TestStore(model: FormHost(sheet: Presented(ClosingForm())), middleware: [closingFormEffects]) {
            $0.clock = TestClock()
        }
        await hosted.send(ClosingForm.SaveTapped()) { $0.sheet.screen?.saved = true }
        await hosted.receive(Dismiss<ClosingForm>()) { $0.sheet.screen = nil }
        XCTAssertFalse(hosted.isDismissed, "the sheet closed; the store's root is still shown")
    }

    /// TCA's `#expect(store.isDismissed)` alone: the root's `model:` effect dismissed it, and
    /// the test has nothing to receive, as with a plain effect's `send.dismiss()`.
    func testARootModelsEffectDismissesItWithNothingToReceive() async {
        let store = TestStore(model: ClosingForm(), middleware: [closingFormEffects]) { $0.clock = TestClock() }
        await store.send(ClosingForm.OnAppear())
        await store.send(ClosingForm.SaveTapped()) { $0.saved = true }
        XCTAssertTrue(store.isDismissed)
        await store.finish()
    }

    func testADismissClosesAScreenHeldInAnOptionalField() async {
        await TestStore(model: OptionalFormHost()).send(Dismiss<ClosingForm>()) { $0.sheet = nil }

        let store = TestStore(model: OptionalFormHost(), middleware: [closingFormEffects]) { $0.clock = TestClock() }
        await store.send(ClosingForm.SaveTapped()) { $0.sheet?.saved = true }
        await store.receive(Dismiss<ClosingForm>()) { $0.sheet = nil }
        XCTAssertFalse(store.isDismissed, "the sheet closed; the store's root is still shown")
    }

    func testADismissThatNothingCarriesOutFailsTheTest() async {
        var line = 0
        let failures = await captured {
            line = #line + 1
            let store = TestStore(model: OptionalFormHost(sheet: nil))
            await store.send(Dismiss<ClosingForm>())
        }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.message))")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("Dismiss<ClosingForm>") == true, failures.first?.message ?? "")
    }
}
