// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// MARK: ComingFromTCA.md, "Presentation: optional and enum destinations"

struct CodeSheet: Model, Equatable {
    var code = ""
    struct SubmitTapped: Action {}
}

struct Payment: Model, Equatable {
    var codeSheet: CodeSheet? = CodeSheet()  // TCA's @Presents var codeSheet: CodeSheet.State?
}

@MainActor
let closingTheSheet = EffectHandler(effects: [
    Effect(model: CodeSheet.self, action: CodeSheet.SubmitTapped.self) { _, _, send in await send.dismiss() }
])

// MARK: ComingFromTCA.md, "Navigation and shared state"

struct Editor: Model {
    var title = ""
    struct DoneTapped: Action {}
}

struct SyncUpDetail: Model {
    var editor = Presented<Editor>()
    struct EditTapped: Action {}

    mutating func update(action: Action) {
        if action is EditTapped { editor.screen = Editor() }
    }
}

@MainActor
let dismissing = EffectHandler(effects: [
    Effect(for: Editor.DoneTapped.self) { _ in Dismiss<Editor>() }
])

enum Path: Model {
    case detail(SyncUpDetail)
    case editor(Editor)
}

struct AppRoot: Model {
    var path = ScreenStack<Path>()
    struct Open: Action {}

    mutating func update(action: Action) {
        if action is Open { path.push(.detail(SyncUpDetail())) }
    }
}

extension SharedKey where Value == [Agenda] {
    static var agendas: Self { SharedKey("agendas") }
}

struct Agenda: Equatable, Sendable, Identifiable {
    let id: Int
    var title: String
}

struct AgendaList: Model {
    @Shared(.agendas) var agendas: [Agenda] = []
    var path = ScreenStack<AgendaDetail>()
    struct Open: Action { let id: Int }

    mutating func update(action: Action) {
        if let open = action as? Open, let agenda = $agendas[id: open.id] {
            path.push(AgendaDetail(agenda: agenda))
        }
    }
}

struct AgendaDetail: Model {
    @Shared var agenda: Agenda
    struct Rename: Action { let title: String }

    mutating func update(action: Action) {
        if let rename = action as? Rename { agenda.title = rename.title }  // the list sees it
    }
}

struct SyncUpDetailScreen: Model {
    enum AlertAction: Action, Equatable { case confirmDeletion }
    let syncUpID: Int
    var alert = Presented<AlertState<AlertAction>>()
    struct DeleteTapped: Action {}

    mutating func update(action: Action) {
        if action is DeleteTapped {
            alert.screen = AlertState(
                title: "Delete?", message: "Are you sure you want to delete this meeting?",
                buttons: [.init("Yes", role: .destructive, action: .confirmDeletion), .cancel("Nevermind")])
        }
    }
}

struct Meeting: Model {
    struct Finished: Action {}
}

struct Meetings: Model {
    var path = ScreenStack<Meeting>()
    var finished: [StackElementID] = []

    mutating func update(action: Action) {
        if let done = action as? ScreenStack<Meeting>.ToElement<Meeting.Finished> { finished.append(done.id) }
    }
}

struct Row: Model {
    var count = 0
    struct Tap: Action, Equatable {}
    struct Response: Action, Equatable { let value: Int }
    struct Close: Action, Equatable {}

    mutating func update(action: Action) {
        if let response = action as? Response { count = response.value }
    }
}

extension Row: Equatable {}

@MainActor
let rowEffects = EffectHandler(effects: [
    Effect(model: Row.self, action: Row.Tap.self, id: "request", cancelInFlight: true) { row, _, send in
        try await send.dependencies.clock.sleep(for: .seconds(1))
        await send(Row.Response(value: row.count + 1))  // reaches this row alone
    },
    Effect(for: Row.Close.self) { _, send in await send.dismiss() },
])

struct Rows: Model, Equatable {
    var rows = ScreenStack([Row(), Row()])
}

@MainActor
final class ComingFromTCANavigationTests: XCTestCase {
    func testASheetInAnOptionalFieldClosesWhenItsEffectDismissesIt() async {
let store = TestStore(model: Payment(), middleware: [closingTheSheet])
await store.send(CodeSheet.SubmitTapped())
await store.receive(Dismiss<CodeSheet>()) { $0.codeSheet = nil }
        XCTAssertFalse(store.isDismissed)
    }

    func testAPresentedEditorDismissesItselfWhenDone() async {
        let store = Store(model: SyncUpDetail(), middleware: [dismissing])
        store.update(SyncUpDetail.EditTapped())
        XCTAssertTrue(store.find(SyncUpDetail.self)?.editor.isPresented == true)
        store.update(Editor.DoneTapped())
        await store.effects.waitForAll()
        XCTAssertFalse(store.find(SyncUpDetail.self)?.editor.isPresented == true)
    }

    func testAStackOfScreenTypesTakesActionsForOneScreen() {
        let store = Store(model: AppRoot())
store.update(AppRoot.Open())
store.update(ScreenStack<Path>.ToElement(id: 0, SyncUpDetail.EditTapped()))
        guard case .detail(let detail) = store.find(AppRoot.self)?.path.screens.first else {
            return XCTFail("the detail screen is not on the stack")
        }
        XCTAssertTrue(detail.editor.isPresented)
    }

    func testTheOneValueIsReadAndChangedFromEveryScreen() async {
        let store = Store(model: AgendaList(agendas: [Agenda(id: 1, title: "Standup"), Agenda(id: 2, title: "Review")]))
        store.update(AgendaList.Open(id: 1))
        store.update(AgendaDetail.Rename(title: "Daily"))
        XCTAssertEqual(store.find(AgendaList.self)?.agendas.map(\.title), ["Daily", "Review"])
        XCTAssertEqual(store.find(AgendaDetail.self)?.agenda.title, "Daily")
    }

    func testAHolderReactsToOneScreensActionWithItsId() {
        let store = Store(model: Meetings(path: ScreenStack([Meeting(), Meeting()])))
        store.update(ScreenStack<Meeting>.ToElement(id: 1, Meeting.Finished()))
        XCTAssertEqual(store.find(Meetings.self)?.finished, [1])
    }

    func testTwoRowsOfOneTypeEachOwnTheirEffects() async {
        let clock = TestClock()
        let store = TestStore(model: Rows(), middleware: [rowEffects]) { $0.clock = clock }
await store.send(ScreenStack<Row>.ToElement(id: 1, Row.Tap()))
await clock.advance(by: .seconds(1))
await store.receive(ScreenStack<Row>.ToElement(id: 1, Row.Response(value: 1))) { $0.rows[id: 1]?.count = 1 }
await store.send(ScreenStack<Row>.ToElement(id: 1, Row.Close()))
await store.receive(ScreenStack<Row>.PopFrom(id: 1)) { $0.rows.pop(from: 1) }
        XCTAssertEqual(store.state.rows.screens, [Row()], "the other row is untouched")
    }

    func testAnAlertClosesByItselfWhenAButtonIsTapped() {
        let store = Store(model: AgendaList(agendas: [Agenda(id: 1, title: "Standup")]))
        store.update(Store.Register(model: SyncUpDetailScreen(syncUpID: 1)))
        store.update(SyncUpDetailScreen.DeleteTapped())
        guard let alert = store.find(SyncUpDetailScreen.self)?.alert.screen else { return XCTFail("no alert") }
        XCTAssertEqual(alert.title, "Delete?")
        XCTAssertEqual(alert.buttons.map(\.role), [.destructive, .cancel])
        guard let confirm = alert.buttons.first?.action else { return XCTFail("no action") }
        store.update(confirm)
        XCTAssertFalse(store.find(SyncUpDetailScreen.self)?.alert.isPresented == true)
    }
}
