import Substate
import SubstateMiddleware
import SubstateTestSupport
import XCTest

/// An optional field holding a screen is a holder, as TCA's `@Presents` optional: a `Dismiss` of
/// the screen's type sets it to `nil`. A `Dismiss` that nothing carries out is reported, never
/// passed over in silence.
@MainActor
final class OptionalFieldDismissalTests: XCTestCase {
    struct Sheet: Model, Equatable {
        var code = ""
        struct Appeared: Action {}
        struct CloseTapped: Action {}
    }

    struct Settings: Model, Equatable {
        var isOn = false
    }

    enum Destination: Equatable {
        case sheet(Sheet)
        case settings(Settings)
    }

    struct Host: Model, Equatable {
        var sheet: Sheet? = Sheet()
        var destination: Destination? = nil
        var sawSheetWhenDismissed: Bool? = nil

        mutating func update(action: Action) {
            // The holder's own update sees the screen still there, as TCA's parent reducer sees
            // `.destination(.dismiss)` before `ifLet` clears the state.
            if action is Dismiss<Sheet> { sawSheetWhenDismissed = sheet != nil }
        }
    }

    /// A screen in a field that is not optional: nothing can take it away.
    struct Fixed: Model, Equatable {
        var sheet = Sheet()
    }

    func testADismissSetsAnOptionalFieldHoldingTheScreenToNil() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: Host(), onDiagnostic: { diagnostics.append($0) })
        store.update(Dismiss<Sheet>())
        XCTAssertNil(store.find(Host.self)?.sheet)
        XCTAssertEqual(store.find(Host.self)?.sawSheetWhenDismissed, true)
        XCTAssertFalse(store.isDismissed, "the sheet went; the root is still shown")
        XCTAssertEqual(diagnostics.map(\.kind), [])
    }

    func testAnOptionalEnumDestinationIsSetToNilWhenItsCaseHoldsTheScreen() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(
            model: Host(sheet: nil, destination: .settings(Settings())), onDiagnostic: { diagnostics.append($0) })
        store.update(Dismiss<Settings>())
        XCTAssertNil(store.find(Host.self)?.destination)
        XCTAssertEqual(diagnostics.map(\.kind), [])
    }

    func testAModelEffectsDismissClosesItsOptionalFieldAndEndsItsEffects() async {
        let clock = TestClock()
        let effects = EffectHandler(effects: [
            Effect(model: Sheet.self, action: Sheet.Appeared.self) { _, _, send in
                try await send.dependencies.clock.sleep(for: .seconds(60))
                await send(Sheet.CloseTapped())
            },
            Effect(model: Sheet.self, action: Sheet.CloseTapped.self) { _, _, send in await send.dismiss() },
        ])
        var diagnostics: [Diagnostic] = []
        var dependencies = Dependencies()
        dependencies.clock = clock
        let store = Store(
            model: Host(), middleware: [effects], dependencies: dependencies, onDiagnostic: { diagnostics.append($0) })
        // The effects run on the main queue, serially with the test, until they suspend.
        store.effects.taskExecutor = MainQueueTaskExecutor.shared
        store.update(Sheet.Appeared())
        await MainQueueTaskExecutor.settle()
        XCTAssertEqual(store.effects.inFlightCount, 1, "the sheet's effect sleeps")
        store.update(Sheet.CloseTapped())
        await MainQueueTaskExecutor.settle()
        XCTAssertNil(store.find(Host.self)?.sheet)
        XCTAssertFalse(store.isDismissed)
        XCTAssertEqual(diagnostics.map(\.kind), [])
        XCTAssertEqual(store.effects.inFlightCount, 0, "the sheet's sleeping effect ended with it")
    }

    func testADismissThatNothingCarriesOutIsReported() async {
        var diagnostics: [Diagnostic] = []
        let closed = Store(model: Host(sheet: nil), onDiagnostic: { diagnostics.append($0) })
        closed.update(Dismiss<Sheet>())
        XCTAssertEqual(diagnostics.map(\.kind), [.undeliverableAction])
        XCTAssertEqual(closed.find(Host.self)?.sawSheetWhenDismissed, nil, "the action was dropped")

        diagnostics = []
        let fixed = Store(model: Fixed(), onDiagnostic: { diagnostics.append($0) })
        fixed.update(Dismiss<Sheet>())
        XCTAssertEqual(diagnostics.map(\.kind), [.undeliverableAction])
        XCTAssertTrue(diagnostics.first?.message.contains("Dismiss<") == true, diagnostics.first?.message ?? "")
        XCTAssertFalse(fixed.isDismissed)
    }

    func testAnObserverAndTheChangeRecordSeeTheFieldGo() async {
        let store = Store(model: Host())
        store.recordChanges()
        store.update(Dismiss<Sheet>())
        XCTAssertTrue(
            store.changes.contains { ($0.after as? Host)?.sheet == nil && ($0.before as? Host)?.sheet != nil },
            "the change record holds the dismissal")
    }
}
