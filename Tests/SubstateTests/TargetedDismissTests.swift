import Observation
import Substate
import XCTest

/// A row with an alert of its own, held in a `Presented`, and a sheet in an optional field.
private struct AlertRow: Model, Identifiable, Equatable {
    enum Alert: Action, Equatable { case confirmDeletion }
    struct Sheet: Model, Equatable { var text = "" }
    let id: Int
    var alert = Presented<AlertState<Alert>>(AlertState(title: "Delete?"))
    var sheet: Sheet? = Sheet()
}

private struct AlertRows: Model, Equatable {
    var rows = IdentifiedArrayOf(uniqueElements: [AlertRow(id: 1), AlertRow(id: 2), AlertRow(id: 3)])
}

/// The same row, routed: a targeted action travels down the path to the row it names.
private struct RoutedAlertRow: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    enum Alert: Action, Equatable { case confirmDeletion }
    let id: Int
    var alert = Presented<AlertState<Alert>>(AlertState(title: "Delete?"))
}

private struct RoutedAlertRows: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var rows = IdentifiedArrayOf(uniqueElements: [RoutedAlertRow(id: 1), RoutedAlertRow(id: 2)])
}

@MainActor
final class TargetedDismissTests: XCTestCase {
    func testADismissalNamingARowClosesThatRowsAlertAlone() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: AlertRows(), onDiagnostic: { diagnostics.append($0) })
        store.update(TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>>(targetID: 2))
        let rows = store.find(AlertRows.self)!.rows
        XCTAssertEqual(rows.map(\.alert.isPresented), [true, false, true])
        XCTAssertEqual(rows.map { $0.sheet != nil }, [true, true, true], "another screen type stays")
        XCTAssertEqual(diagnostics.map(\.kind), [])
    }

    func testADismissalNamingARowEmptiesThatRowsOptionalField() async {
        let store = Store(model: AlertRows())
        store.update(TargetedDismiss<AlertRow, AlertRow.Sheet>(targetID: 3))
        let rows = store.find(AlertRows.self)!.rows
        XCTAssertEqual(rows.map { $0.sheet != nil }, [true, true, false])
        XCTAssertEqual(rows.map(\.alert.isPresented), [true, true, true])
    }

    func testADismissalNamingNoRowStillClosesEveryRowsAlert() async {
        let store = Store(model: AlertRows())
        store.update(Dismiss<AlertState<AlertRow.Alert>>())
        XCTAssertEqual(store.find(AlertRows.self)!.rows.map(\.alert.isPresented), [false, false, false])
    }

    func testUnderRoutingTheNamedRowsAlertClosesAlone() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: RoutedAlertRows(), onDiagnostic: { diagnostics.append($0) })
        store.update(TargetedDismiss<RoutedAlertRow, AlertState<RoutedAlertRow.Alert>>(targetID: 1))
        XCTAssertEqual(store.find(RoutedAlertRows.self)!.rows.map(\.alert.isPresented), [false, true])
        store.update(TargetedDismiss<RoutedAlertRow, AlertState<RoutedAlertRow.Alert>>(targetID: 2))
        XCTAssertEqual(store.find(RoutedAlertRows.self)!.rows.map(\.alert.isPresented), [false, false])
        XCTAssertEqual(diagnostics.map(\.message), [], "the routing check finds no skipped row that would change")
    }

    func testObserversOfTheRowAreToldItsAlertClosed() async {
        let store = Store(model: AlertRows())
        var told = 0
        withObservationTracking {
            _ = store.find(AlertRow.self, id: 2)
        } onChange: {
            MainActor.assumeIsolated { told += 1 }
        }
        store.update(TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>>(targetID: 2))
        XCTAssertEqual(told, 1)
    }

    func testADismissalTheNamedRowCannotCarryOutIsDroppedWithADiagnostic() async {
        var diagnostics: [Diagnostic] = []
        let store = Store(model: AlertRows(), onDiagnostic: { diagnostics.append($0) })
        store.update(TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>>(targetID: 9))
        store.update(TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>>(targetID: 2))
        store.update(TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>>(targetID: 2))
        XCTAssertEqual(diagnostics.map(\.kind), [.undeliverableAction, .undeliverableAction])
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>> was dropped: no AlertRow in the tree has the id 9",
                "TargetedDismiss<AlertRow, AlertState<AlertRow.Alert>> was dropped: the AlertRow with the id 2 holds no AlertState<AlertRow.Alert> to dismiss in a Presented, ScreenStack or optional field",
            ])
        XCTAssertEqual(store.find(AlertRows.self)!.rows.map(\.alert.isPresented), [true, false, true])
    }
}
