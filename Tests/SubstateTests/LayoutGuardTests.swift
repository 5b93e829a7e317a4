import XCTest

@testable import Substate

private struct GuardedRow: Model {
    var hits = 0
    mutating func update(action: Action) { hits += 1 }
}

private enum GuardedScreen {
    case list(GuardedRow)
    case detail(GuardedRow)
    case empty
}

private struct GuardedCard: Model {
    var hits = 0
    mutating func update(action: Action) { hits += 1 }
}

private struct GuardedColumn: Model {
    var title = "To do"
    var cards = [GuardedCard(), GuardedCard()]
    var hits = 0
    mutating func update(action: Action) { hits += 1 }
}

private struct GuardedBoard: Model {
    var columns = [GuardedColumn()]
    var pair: (label: String, GuardedColumn) = ("pair", GuardedColumn())
    mutating func update(action: Action) {}
}

private struct GuardPing: Action {}

private struct GuardedBook: Model {
    var title = ""
    var reads = 0
}

private struct GuardedShelf: Model {
    var books = [GuardedBook()]
    var spare: GuardedBook?
    var byTitle: [String: GuardedBook] = [:]
}

/// The guard between the walker's metadata reads and the tree: a layout that disagrees with
/// what the runtime's reflection says of a value is reported and left alone, never walked.
/// Each test feeds it a deliberately wrong layout, as a wrong read on some platform would give.
final class LayoutGuardTests: XCTestCase {
    // The failures planted here are facts about this file's types; later tests' stores, whose
    // trees may hold any model in an existential, must not report them.
    override class func tearDown() {
        LayoutGuard.retire([GuardedScreen.self])
        super.tearDown()
    }

    private func cases(_ names: [String], payloads: [Any.Type?]) -> [EnumAccess.Case] {
        zip(names, payloads).map { EnumAccess.Case(name: $0, payload: $1, hasPayload: $1 != nil, box: nil) }
    }

    /// Runs a read of the value through the access, and says whether the walker got in, and
    /// what the guard found meanwhile.
    private func read(_ value: GuardedScreen, _ access: EnumAccess) -> (entered: Bool, found: [LayoutGuard.Failure]) {
        let before = LayoutGuard.count
        var value = value
        var entered = false
        withUnsafeMutablePointer(to: &value) { access.withPayloadMutable($0) { _, _ in entered = true } }
        return (entered, LayoutGuard.failures(from: before))
    }

    func testARightEnumLayoutIsWalkedAndReportsNothing() throws {
        let access = try XCTUnwrap(
            EnumAccess(
                GuardedScreen.self,
                cases: cases(["list", "detail", "empty"], payloads: [GuardedRow.self, GuardedRow.self, nil]),
                payloadCaseCount: 2))
        for screen in [GuardedScreen.list(GuardedRow()), .detail(GuardedRow()), .list(GuardedRow())] {
            let (entered, found) = read(screen, access)
            XCTAssertTrue(entered)
            XCTAssertTrue(found.isEmpty, "\(found.map(\.diagnostic.message))")
        }
    }

    func testSwappedCaseNamesAreReportedOnceAndTheEnumIsLeftAlone() throws {
        let access = try XCTUnwrap(
            EnumAccess(
                GuardedScreen.self,
                cases: cases(["detail", "list", "empty"], payloads: [GuardedRow.self, GuardedRow.self, nil]),
                payloadCaseCount: 2))
        let (entered, found) = read(.list(GuardedRow()), access)
        XCTAssertFalse(entered, "a layout that disagrees must not be walked")
        XCTAssertEqual(found.count, 1)
        let diagnostic = try XCTUnwrap(found.first?.diagnostic)
        XCTAssertEqual(diagnostic.kind, .unreadableLayout)
        XCTAssertTrue(diagnostic.typeName.hasSuffix("GuardedScreen"), diagnostic.typeName)
        XCTAssertTrue(
            diagnostic.message.contains(
                "the runtime names a value's case list, and the layout reads case 0 as detail"),
            diagnostic.message)
        XCTAssertTrue(diagnostic.message.contains("receive no actions"), diagnostic.message)
        // Once failed, every value of the type is left alone, and nothing is reported again.
        let again = read(.detail(GuardedRow()), access)
        XCTAssertFalse(again.entered)
        XCTAssertTrue(again.found.isEmpty)
    }

    func testAPayloadOfTheWrongTypeIsReported() throws {
        let access = try XCTUnwrap(
            EnumAccess(
                GuardedScreen.self,
                cases: cases(["list", "detail", "empty"], payloads: [String.self, GuardedRow.self, nil]),
                payloadCaseCount: 2))
        let (entered, found) = read(.list(GuardedRow()), access)
        XCTAssertFalse(entered)
        let message = try XCTUnwrap(found.first?.diagnostic.message)
        XCTAssertTrue(message.contains("the payload of case list is a"), message)
        XCTAssertTrue(message.contains("GuardedRow, and the layout reads a String"), message)
    }

    func testAMissingPayloadIsReported() throws {
        let access = try XCTUnwrap(
            EnumAccess(
                GuardedScreen.self, cases: cases(["list", "detail", "empty"], payloads: [GuardedRow.self, nil, nil]),
                payloadCaseCount: 2))
        let (entered, found) = read(.detail(GuardedRow()), access)
        XCTAssertFalse(entered)
        let message = try XCTUnwrap(found.first?.diagnostic.message)
        XCTAssertTrue(message.contains("case detail has a payload, and the layout reads it without one"), message)
    }

    func testACaseNumberPastTheLayoutsCasesIsReported() throws {
        let access = try XCTUnwrap(
            EnumAccess(GuardedScreen.self, cases: cases(["list"], payloads: [GuardedRow.self]), payloadCaseCount: 2))
        let (entered, found) = read(.empty, access)
        XCTAssertFalse(entered)
        let message = try XCTUnwrap(found.first?.diagnostic.message)
        XCTAssertTrue(message.contains("a value's case number is 2, and the layout knows 1 cases"), message)
    }

    /// A struct whose fields disagree with `Mirror` loses its parts: its own `update` still runs
    /// (its address comes from its parent), the models inside it are not walked.
    func testAStructWhoseFieldsDisagreeIsOpaqueAndReported() throws {
        var builder = LayoutBuilder(layouts: [:])
        let board = builder.layout(GuardedBoard.self)
        let column = builder.layout(GuardedColumn.self)
        XCTAssertEqual(column.fieldNames, ["title", "cards", "hits"])
        column.fieldNames = ["title", "hits", "cards"]
        builder.finish(checking: GuardedBoard(), root: board)

        XCTAssertTrue(column.isUnreadable)
        XCTAssertTrue(column.parts.isEmpty)
        let message = try XCTUnwrap(column.diagnostics.first?.message)
        XCTAssertEqual(column.diagnostics.first?.kind, .unreadableLayout)
        XCTAssertTrue(
            message.contains("Mirror finds the stored fields title, cards, hits, and the layout title, hits, cards"),
            message)
        // The board still reaches the column, so a store holding it reports the diagnostic.
        XCTAssertTrue(board.reachable.contains { $0 === column })

        var compiler = VisitorCompiler(mode: .broadcast)
        let visit = try XCTUnwrap(compiler.compile(board))
        var value = GuardedBoard()
        withUnsafeMutablePointer(to: &value) { visit(UnsafeMutableRawPointer($0), GuardPing()) }
        XCTAssertEqual(value.columns[0].hits, 1)
        XCTAssertEqual(value.columns[0].cards.map(\.hits), [0, 0], "the cards sit in an unreadable column")
        XCTAssertEqual(value.pair.1.hits, 1)
    }

    func testATupleWhoseElementsDisagreeIsOpaque() throws {
        var builder = LayoutBuilder(layouts: [:])
        let board = builder.layout(GuardedBoard.self)
        let pair = try XCTUnwrap(board.parts.first { $0.label == ".pair" }?.child)
        XCTAssertEqual(pair.fieldNames, ["label", ".1"])
        pair.fieldNames = ["label"]
        builder.finish(checking: GuardedBoard(), root: board)
        XCTAssertTrue(pair.isUnreadable)
        let message = try XCTUnwrap(pair.diagnostics.first?.message)
        XCTAssertTrue(message.contains("Mirror finds 2 stored fields (label, .1), and the layout 1 (label)"), message)
    }

    /// The standard library's containers show their elements in their own mirrors, which the
    /// guard follows: a struct held only in an array, an optional or a dictionary is checked.
    func testAStructHeldOnlyInContainersIsChecked() throws {
        for value in [
            GuardedShelf(), GuardedShelf(books: [], spare: GuardedBook()),
            GuardedShelf(books: [], byTitle: ["a": GuardedBook()]),
        ] {
            var builder = LayoutBuilder(layouts: [:])
            let shelf = builder.layout(GuardedShelf.self)
            let book = builder.layout(GuardedBook.self)
            XCTAssertEqual(book.fieldNames, ["title", "reads"])
            book.fieldNames = ["reads", "title"]
            builder.finish(checking: value, root: shelf)
            XCTAssertTrue(book.isUnreadable, "\(value)")
        }
    }

    func testRightLayoutsPassTheCheck() {
        var builder = LayoutBuilder(layouts: [:])
        let board = builder.layout(GuardedBoard.self)
        builder.finish(checking: GuardedBoard(), root: board)
        XCTAssertFalse(board.reachable.contains { $0.isUnreadable })
        XCTAssertTrue(board.reachable.allSatisfy { $0.diagnostics.isEmpty })
    }
}

private enum GuardedRoute: Sendable {
    case home(GuardedRow)
    case settings
}

/// Planted as failed by a test: used nowhere else.
private enum PlantedRoute: Sendable {
    case home(GuardedRow)
    case settings
}

private struct GuardedNavigator: Model {
    var route = PlantedRoute.home(GuardedRow())
    mutating func update(action: Action) {}
}

private struct Unguarded: Model {
    var count = 0
    mutating func update(action: Action) {}
}

private struct Bystander: Model {
    var count = 0
    mutating func update(action: Action) {}
}

/// Where a failure found while walking is told: by the stores whose trees hold the type,
/// once each, and by no other store.
@MainActor
final class LayoutGuardReportTests: XCTestCase {
    override class func tearDown() {
        LayoutGuard.retire([PlantedRoute.self, Unguarded.self])
        super.tearDown()
    }

    func testAStoreReportsFailuresOfItsOwnTypesOnly() async {
        LayoutGuard.record(PlantedRoute.self, "a failure planted for this test")
        var seen: [Diagnostic] = []
        let store = Store(model: GuardedNavigator(), onDiagnostic: { seen.append($0) })
        XCTAssertEqual(seen.filter { $0.kind == .unreadableLayout }.count, 1)
        XCTAssertTrue(seen.first?.message.contains("a failure planted for this test") == true)
        store.update(GuardPing())
        XCTAssertEqual(seen.filter { $0.kind == .unreadableLayout }.count, 1, "reported once")

        var elsewhere: [Diagnostic] = []
        let other = Store(model: Bystander(), onDiagnostic: { elsewhere.append($0) })
        other.update(GuardPing())
        XCTAssertTrue(elsewhere.isEmpty, "\(elsewhere)")
    }

    func testAFailureFoundDuringAnActionIsReportedAfterIt() async {
        var seen: [Diagnostic] = []
        let store = Store(model: Unguarded(), onDiagnostic: { seen.append($0) })
        LayoutGuard.record(Unguarded.self, "found while walking")
        XCTAssertTrue(seen.isEmpty)
        store.update(GuardPing())
        XCTAssertEqual(seen.map(\.kind), [.unreadableLayout])
        XCTAssertTrue(store.diagnostics.contains { $0.message.contains("found while walking") })
    }
}

private final class Reference: Sendable {}

/// Payloads of every shape the guard compares, next to cases that hold models.
private enum Odd: Sendable {
    case labeled(x: Int)
    case void(Void)
    case closure(@Sendable () -> Void)
    case anything(any Sendable)
    case object(Reference)
    case metatype(Any.Type)
    case model(GuardedRow)
    case tuple(a: Int, GuardedRow)
    indirect case boxed(GuardedRow)
    case nested(GuardedRoute?)
    case none
}

/// An enum that chose its own mirror: the runtime's case names still count.
private enum Mirrored: CustomReflectable, Sendable {
    case shown(GuardedRow)
    case hidden
    var customMirror: Mirror { Mirror(self, children: ["custom": 1, "other": 2]) }
}

private struct Oddities: Model {
    var values: [Odd] = [
        .labeled(x: 1), .void(()), .closure({}), .anything(GuardedRow()), .object(Reference()),
        .metatype(Int.self), .model(GuardedRow()), .tuple(a: 2, GuardedRow()), .boxed(GuardedRow()),
        .nested(.home(GuardedRow())), .nested(nil), .none,
    ]
    var mirrored: [Mirrored] = [.shown(GuardedRow()), .hidden]
    mutating func update(action: Action) {}

    var hits: [Int] {
        values.compactMap {
            switch $0 {
            case .model(let row), .tuple(_, let row), .boxed(let row), .nested(.home(let row)?): row.hits
            default: nil
            }
        } + mirrored.compactMap { if case .shown(let row) = $0 { row.hits } else { nil } }
    }
}

/// No false alarms: enums of every payload shape pass the guard and are walked.
@MainActor
final class LayoutGuardShapeTests: XCTestCase {
    func testEnumsOfEveryPayloadShapePassAndAreWalked() async {
        let before = LayoutGuard.count
        var seen: [Diagnostic] = []
        let store = Store(model: Oddities(), onDiagnostic: { seen.append($0) })
        store.update(GuardPing())
        store.update(GuardPing())
        XCTAssertEqual(store.find(Oddities.self)?.hits, [3, 3, 3, 3, 3])
        XCTAssertTrue(LayoutGuard.failures(from: before).isEmpty, "\(LayoutGuard.failures(from: before))")
        XCTAssertFalse(seen.contains { $0.kind == .unreadableLayout }, "\(seen)")
    }
}
