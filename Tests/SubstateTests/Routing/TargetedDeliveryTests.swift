import Observation
import Synchronization
import XCTest

@testable import Substate

/// Which models were given which actions, kept outside the models so that counting deliveries
/// changes no state.
private let deliveries = Mutex<[String]>([])

private func delivered(_ model: String, _ action: any Action) {
    deliveries.withLock { $0.append("\(model) \(type(of: action))") }
}

/// The deliveries since the last call, in order.
private func takeDeliveries() -> [String] {
    deliveries.withLock { list in
        defer { list = [] }
        return list
    }
}

/// Dispatches an action once unwatched, so that a debug build's check of the action type's
/// first dispatch (which gives it to the skipped models too, on a copy) is behind, then again.
@MainActor
private func updateTwice(_ store: Store, _ action: any Action) {
    store.update(action)
    _ = takeDeliveries()
    store.update(action)
}

/// A row routed by nesting, with an action addressed to one row by id.
private struct Row: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    let id: Int
    var count = 0
    var note: Note

    init(id: Int) {
        self.id = id
        note = Note(rowID: id)
    }

    struct Bump: TargetedAction {
        let targetID: Int
        typealias Target = Row
    }

    mutating func update(action: Action) {
        delivered("Row\(id)", action)
        if let bump = action as? Bump, bump.targetID == id { count += 1 }
    }
}

/// A model inside each row that takes every action, and counts those addressed to its row.
private struct Note: Model, Equatable {
    let rowID: Int
    var seen = 0
    mutating func update(action: Action) {
        if let bump = action as? Row.Bump, bump.targetID == rowID { seen += 1 }
    }
}

/// A model inside each row that reacts to an action addressed to any row: under routing, the
/// rows the action is not addressed to are left out, and what they hold with them.
private struct Gossip: Model, Equatable {
    var heard = 0
    mutating func update(action: Action) {
        if action is GossipRow.Bump { heard += 1 }
    }
}

private struct GossipRow: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    let id: Int
    var gossip = Gossip()
    struct Bump: TargetedAction {
        let targetID: Int
        typealias Target = GossipRow
    }
}

/// The same row with no routing: every model receives every action.
private struct PlainRow: Model, Identifiable, Equatable {
    let id: Int
    var count = 0

    struct Bump: TargetedAction {
        let targetID: Int
        typealias Target = PlainRow
    }

    mutating func update(action: Action) {
        delivered("PlainRow\(id)", action)
        if let bump = action as? Bump, bump.targetID == id { count += 1 }
    }
}

/// A list that sees its rows' actions, and a total it keeps from them.
private struct List: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var rows = (0..<5).map { Row(id: $0) }
    var total = 0
    var sections: [Section] = []
    var pinned: Row? = nil
    var byName: [String: Row] = [:]

    mutating func update(action: Action) {
        delivered("List", action)
        if action is Row.Bump { total = rows.map(\.count).reduce(0, +) }
    }
}

private struct Section: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var rows: [Row]
    mutating func update(action: Action) { delivered("Section", action) }
}

/// A model beside the rows that lists the rows' action, as a statistics screen would.
private struct Stats: Model, Equatable {
    static let routing = ActionRouting.only([Row.Bump.self])
    var bumps = 0
    mutating func update(action: Action) { if action is Row.Bump { bumps += 1 } }
}

private struct StatsScreen: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var list = List()
    var stats = Stats()
}

@MainActor
final class TargetedDeliveryTests: XCTestCase {
    func testAnActionAddressedToOneRowReachesThatRowAndItsParentsAlone() async {
        let store = Store(model: List())
        updateTwice(store, Row.Bump(targetID: 3))
        XCTAssertEqual(takeDeliveries(), ["Row3 Bump", "List Bump"], "the row, then its parent")
        let list = store.find(List.self)!
        XCTAssertEqual(list.rows.map(\.count), [0, 0, 0, 2, 0])
        XCTAssertEqual(list.rows.map(\.note.seen), [0, 0, 0, 2, 0], "what the row holds receives it too")
        XCTAssertEqual(list.total, 2)
    }

    func testModelsOffThePathThatTakeTheActionStillReceiveIt() async {
        let store = Store(model: StatsScreen())
        updateTwice(store, Row.Bump(targetID: 1))
        XCTAssertEqual(store.find(Stats.self)?.bumps, 2)
        XCTAssertEqual(store.find(List.self)?.rows.map(\.count), [0, 2, 0, 0, 0])
    }

    func testAnIDNoRowHasReachesNoRowButStillReachesTheParent() async {
        let store = Store(model: List())
        updateTwice(store, Row.Bump(targetID: 99))
        XCTAssertEqual(takeDeliveries(), ["List Bump"])
    }

    func testRowsInsideNestedArraysAndOptionalsAreFoundByTheirPath() async {
        var list = List()
        list.rows = []
        list.sections = [Section(rows: [Row(id: 10), Row(id: 11)]), Section(rows: [Row(id: 20), Row(id: 21)])]
        list.pinned = Row(id: 30)
        let store = Store(model: list)
        updateTwice(store, Row.Bump(targetID: 21))
        XCTAssertEqual(takeDeliveries(), ["Section Bump", "Row21 Bump", "Section Bump", "List Bump"])
        updateTwice(store, Row.Bump(targetID: 30))
        XCTAssertEqual(takeDeliveries(), ["Section Bump", "Section Bump", "Row30 Bump", "List Bump"])
        let found = store.find(List.self)!
        XCTAssertEqual(found.sections.map { $0.rows.map(\.count) }, [[0, 0], [0, 2]])
        XCTAssertEqual(found.pinned?.count, 2)
    }

    func testRowsInADictionaryAreAllGivenTheActionAsWithoutRouting() async {
        var list = List()
        list.rows = []
        list.byName = ["a": Row(id: 1), "b": Row(id: 2)]
        let store = Store(model: list)
        updateTwice(store, Row.Bump(targetID: 2))
        XCTAssertEqual(Set(takeDeliveries()), ["Row1 Bump", "Row2 Bump", "List Bump"])
        XCTAssertEqual(store.find(List.self)?.byName["b"]?.count, 2)
        XCTAssertEqual(store.find(List.self)?.byName["a"]?.count, 0)
    }

    func testWithoutRoutingEveryRowReceivesTheAction() async {
        struct PlainList: Model, Equatable {
            var rows = (0..<3).map { PlainRow(id: $0) }
        }
        let store = Store(model: PlainList())
        updateTwice(store, PlainRow.Bump(targetID: 1))
        XCTAssertEqual(takeDeliveries(), ["PlainRow0 Bump", "PlainRow1 Bump", "PlainRow2 Bump"])
        XCTAssertEqual(store.find(PlainList.self)?.rows.map(\.count), [0, 2, 0])
    }

    func testTheRowIsFoundAgainAfterRowsMoveWhileNothingRecordsChanges() async {
        struct Reorder: Action {}
        struct Shuffled: Model, Equatable {
            static let routing = ActionRouting.nestedActions(plus: [Reorder.self])
            var rows = (0..<4).map { Row(id: $0) }
            mutating func update(action: Action) {
                if action is Reorder { rows.reverse() }
            }
        }
        let store = Store(model: Shuffled())
        store.update(Row.Bump(targetID: 1))
        store.update(Reorder())
        store.update(Row.Bump(targetID: 1))
        store.update(Reorder())
        store.update(Row.Bump(targetID: 3))
        XCTAssertEqual(store.find(Shuffled.self)?.rows.map(\.count), [0, 2, 0, 1])
        XCTAssertEqual(store.find(Row.self, id: 1)?.count, 2)
        XCTAssertEqual(store.find(Row.self, id: 3)?.count, 1)
    }

    func testAModelInsideARowLeftOutThatWouldHaveChangedIsReportedAsSuch() async {
        struct Rows: Model, Equatable {
            var rows = (0..<3).map { GossipRow(id: $0) }
        }
        let reported = Mutex<[String]>([])
        let store = Store(model: Rows()) { diagnostic in reported.withLock { $0.append(diagnostic.message) } }
        store.checksRoutingOfEveryAction = true
        store.update(GossipRow.Bump(targetID: 2))
        XCTAssertEqual(store.find(Rows.self)?.rows.map(\.gossip.heard), [0, 0, 1])
        XCTAssertEqual(
            reported.withLock { $0 },
            [
                "Gossip.heard, inside another GossipRow, changed in response to GossipRow.Bump addressed to GossipRow 2, which routing delivers to that GossipRow alone and what it holds, so that change is lost. To change other GossipRow models too, handle GossipRow.Bump in the model that holds them, or send an action that is not a TargetedAction."
            ])
    }

    func testWhatTheActionChangedIsRecordedWithTheRowsPlace() async {
        let store = Store(model: List())
        store.recordChanges()
        store.update(Row.Bump(targetID: 2))
        let changed = store.changes.map { "\($0.location) \(typeName($0.layout.type))" }
        XCTAssertEqual(changed, ["root.0.0[2].0 Note", "root.0.0[2] Row", "root List"])
        XCTAssertEqual(store.find(Row.self, id: 2)?.count, 1)
    }

    func testAnObserverOfTheAddressedRowIsToldAndOneOfAnotherRowIsNot() async {
        let store = Store(model: List())
        let told = Mutex<[Int]>([])
        for id in [1, 2] {
            withObservationTracking {
                _ = store.find(Row.self, id: id)
            } onChange: {
                told.withLock { $0.append(id) }
            }
        }
        store.update(Row.Bump(targetID: 2))
        XCTAssertEqual(told.withLock { $0 }, [2])
    }
}

/// A routed stack screen that counts what reaches it.
private struct StackScreen: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var number: Int
    var bumps = 0
    struct Bump: Action {}

    mutating func update(action: Action) {
        delivered("Screen\(number)", action)
        if action is Bump { bumps += 1 }
    }
}

private struct StackHost: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var path = ScreenStack((0..<3).map { StackScreen(number: $0) })
}

@MainActor
final class StackPathDeliveryTests: XCTestCase {
    func testAnActionForOneRoutedScreenGoesDownThePathToThatScreenAlone() async {
        let store = Store(model: StackHost())
        updateTwice(store, ScreenStack<StackScreen>.ToElement(id: 1, StackScreen.Bump()))
        XCTAssertEqual(
            takeDeliveries(), ["Screen1 ToElement<Bump>", "Screen1 Bump"],
            "the envelope to the screen on the path, then its content; the other screens see nothing")
        XCTAssertEqual(store.find(StackHost.self)?.path.screens.map(\.bumps), [0, 2, 0])
    }

    func testAScreenIsFoundInItsStackWhereTheIndexFindsIt() async {
        struct TwoStacks: Model, Equatable {
            static let routing = ActionRouting.nestedActions
            var first = ScreenStack((0..<3).map { StackScreen(number: $0) })
            var second: ScreenStack<StackScreen>? = ScreenStack((10..<14).map { StackScreen(number: $0) })
            struct PopFirst: Action {}
            mutating func update(action: Action) { if action is PopFirst { first.pop() } }
        }
        let store = Store(model: TwoStacks())
        store.update(ScreenStack<StackScreen>.Push(StackScreen(number: 3)))
        store.update(TwoStacks.PopFirst())
        for id in 0..<8 {
            let element = StackElementID(rawValue: id)
            XCTAssertEqual(
                ScreenStack<StackScreen>.element(element, in: store),
                store.location(of: ScreenStack<StackScreen>.Element.self, id: element), "screen \(id)")
        }
    }

    func testAnActionForAScreenThatDoesNotRouteReachesEveryScreen() async {
        struct Plain: Model, Equatable {
            var bumps = 0
            mutating func update(action: Action) { if action is StackScreen.Bump { bumps += 1 } }
        }
        struct Host: Model, Equatable { var path = ScreenStack([Plain(), Plain()]) }
        let store = Store(model: Host())
        store.update(ScreenStack<Plain>.ToElement(id: 1, StackScreen.Bump()))
        XCTAssertEqual(store.find(Host.self)?.path.screens.map(\.bumps), [0, 1])
    }
}
