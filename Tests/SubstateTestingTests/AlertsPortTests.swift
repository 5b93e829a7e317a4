import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

// TCA's alerts and confirmation dialogs case study, ported with its scenarios and expected
// values: the alert closes by itself when a button is tapped, and the feature's `update` only
// says what the button does.

struct AlertAndConfirmationDialog: Model, Equatable, Codable {
    enum AlertAction: Action, Equatable, Codable {
        case incrementButtonTapped
        case decrementButtonTapped
    }

    var alert = Presented<AlertState<AlertAction>>()
    var confirmationDialog = Presented<AlertState<AlertAction>>()
    var count = 0

    struct AlertButtonTapped: Action, Equatable, Codable {}
    struct ConfirmationDialogButtonTapped: Action, Equatable, Codable {}

    mutating func update(action: Action) {
        switch action {
        case is AlertButtonTapped:
            alert.screen = AlertState(
                title: "Alert!", message: "This is an alert",
                buttons: [.cancel("Cancel"), .init("Increment", action: .incrementButtonTapped)])
        case is ConfirmationDialogButtonTapped:
            confirmationDialog.screen = AlertState(
                title: "Confirmation dialog", message: "This is a confirmation dialog.",
                buttons: [
                    .cancel("Cancel"), .init("Increment", action: .incrementButtonTapped),
                    .init("Decrement", action: .decrementButtonTapped),
                ], style: .confirmationDialog)
        case AlertAction.incrementButtonTapped as AlertAction:
            alert.screen = AlertState(title: "Incremented!")
            count += 1
        case AlertAction.decrementButtonTapped as AlertAction:
            alert.screen = AlertState(title: "Decremented!")
            count -= 1
        default:
            break
        }
    }
}

/// A list whose rows each show an alert of their own: a row's button closes that row's alert.
struct AlertRow: Model, Equatable, Identifiable {
    let id: Int
    var alert = Presented<AlertState<ConfirmDelete>>()
    var deleted = false
    struct ConfirmDelete: Action, Equatable { let row: Int }
    struct DeleteTapped: Action, Equatable { let row: Int }
    mutating func update(action: Action) {
        if let tap = action as? DeleteTapped, tap.row == id {
            alert.screen = AlertState(
                title: "Delete row \(id)?",
                buttons: [.cancel("Cancel"), .init("Delete", role: .destructive, action: .init(row: id))])
        }
        if let confirm = action as? ConfirmDelete, confirm.row == id { deleted = true }
    }
}

struct AlertRows: Model, Equatable {
    var rows = [AlertRow(id: 1), AlertRow(id: 2)]
}

@MainActor
final class AlertsPortTests: XCTestCase {
    func testAlert() async {
        let store = TestStore(model: AlertAndConfirmationDialog())
        await store.send(AlertAndConfirmationDialog.AlertButtonTapped()) {
            $0.alert.screen = AlertState(
                title: "Alert!", message: "This is an alert",
                buttons: [.cancel("Cancel"), .init("Increment", action: .incrementButtonTapped)])
        }
        await store.send(AlertAndConfirmationDialog.AlertAction.incrementButtonTapped) {
            $0.alert.screen = AlertState(title: "Incremented!")
            $0.count = 1
        }
        await store.send(Dismiss<AlertState<AlertAndConfirmationDialog.AlertAction>>()) {
            $0.alert.screen = nil
        }
    }

    func testConfirmationDialog() async {
        let store = TestStore(model: AlertAndConfirmationDialog())
        await store.send(AlertAndConfirmationDialog.ConfirmationDialogButtonTapped()) {
            $0.confirmationDialog.screen = AlertState(
                title: "Confirmation dialog", message: "This is a confirmation dialog.",
                buttons: [
                    .cancel("Cancel"), .init("Increment", action: .incrementButtonTapped),
                    .init("Decrement", action: .decrementButtonTapped),
                ], style: .confirmationDialog)
        }
        await store.send(AlertAndConfirmationDialog.AlertAction.incrementButtonTapped) {
            $0.alert.screen = AlertState(title: "Incremented!")
            $0.confirmationDialog.screen = nil
            $0.count = 1
        }
    }

    func testEachRowsAlertClosesAlone() async {
        let store = TestStore(model: AlertRows())
        await store.send(AlertRow.DeleteTapped(row: 1)) {
            $0.rows[0].alert.screen = AlertState(
                title: "Delete row 1?",
                buttons: [.cancel("Cancel"), .init("Delete", role: .destructive, action: .init(row: 1))])
        }
        await store.send(AlertRow.DeleteTapped(row: 2)) {
            $0.rows[1].alert.screen = AlertState(
                title: "Delete row 2?",
                buttons: [.cancel("Cancel"), .init("Delete", role: .destructive, action: .init(row: 2))])
        }
        await store.send(AlertRow.ConfirmDelete(row: 2)) {
            $0.rows[1].alert.screen = nil
            $0.rows[1].deleted = true
        }
        XCTAssertNotNil(store.state.rows[0].alert.screen, "row 1's alert is still shown")
    }

    /// An alert is state like any other: recorded in the log and replayed to the same state,
    /// and readable in the log's snapshot.
    func testAnAlertIsRecordedAndReplayed() async throws {
        let log = MemoryLog()
        let store = Store(model: AlertAndConfirmationDialog(), middleware: [ActionRecorder(to: log, snapshotEvery: 1)])
        store.update(AlertAndConfirmationDialog.ConfirmationDialogButtonTapped())
        store.update(AlertAndConfirmationDialog.AlertAction.decrementButtonTapped)
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: AlertAndConfirmationDialog.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(AlertAndConfirmationDialog.self), store.find(AlertAndConfirmationDialog.self))
        XCTAssertTrue(
            log.lines.contains { $0.contains(#""title":"Decremented!""#) }, "the alert is in the snapshot as it reads")
    }
}

/// A detail whose destination is an enum of an alert and a sheet, as TCA's `Destination`.
struct DestinationDetail: Model, Equatable {
    enum AlertAction: Action, Equatable { case confirmDeletion }
    enum Destination: Model, Equatable {
        case alert(AlertState<AlertAction>)
        case edit(EditSheet)
    }
    struct EditSheet: Model, Equatable { var title = "" }

    var destination = Presented<Destination>()
    var deleted = false
    struct DeleteTapped: Action {}
    struct EditTapped: Action {}

    mutating func update(action: Action) {
        switch action {
        case is DeleteTapped:
            destination.screen = .alert(
                AlertState(title: "Delete?", buttons: [.init("Yes", role: .destructive, action: .confirmDeletion)]))
        case is EditTapped:
            destination.screen = .edit(EditSheet())
        case AlertAction.confirmDeletion as AlertAction:
            deleted = true
        default:
            break
        }
    }
}

@MainActor
final class DestinationAlertTests: XCTestCase {
    /// TCA's `ifLet` closes a `Destination.alert` when one of its buttons is tapped; so does a
    /// `Presented` of a destination enum, and the holder's `update` only says what the button does.
    func testAnAlertInADestinationEnumClosesByItselfWhenAButtonIsTapped() async {
        let store = TestStore(model: DestinationDetail())
        await store.send(DestinationDetail.DeleteTapped()) {
            $0.destination.screen = .alert(
                AlertState(title: "Delete?", buttons: [.init("Yes", role: .destructive, action: .confirmDeletion)]))
        }
        await store.send(DestinationDetail.AlertAction.confirmDeletion) {
            $0.destination.screen = nil
            $0.deleted = true
        }
    }

    func testAnotherCaseOfTheDestinationStaysOnAnAlertsAction() async {
        let store = TestStore(model: DestinationDetail())
        await store.send(DestinationDetail.EditTapped()) { $0.destination.screen = .edit(.init()) }
        await store.send(DestinationDetail.AlertAction.confirmDeletion) { $0.deleted = true }
    }
}
