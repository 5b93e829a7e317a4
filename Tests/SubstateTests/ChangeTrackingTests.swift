import Substate
import XCTest

/// An item of a list, found by id.
struct Item: Model, Identifiable, Equatable {
    let id: Int
    var title: String
    var done = false

    struct Toggle: Action { let id: Int }
    struct Retitle: Action { let id: Int, title: String }

    mutating func update(action: Action) {
        switch action {
        case let toggle as Toggle where toggle.id == id: done.toggle()
        case let retitle as Retitle where retitle.id == id: title = retitle.title
        default: break
        }
    }
}

/// A list of items that adds, removes and reorders them itself.
struct Checklist: Model {
    var items: [Item]
    var filter = ""
    var notes: [Int] = []

    struct Add: Action { let id: Int }
    struct Remove: Action { let id: Int }
    struct Reverse: Action {}
    struct SetFilter: Action { let text: String }
    struct Note: Action { let value: Int }
    struct Rebuild: Action {}
    struct Touch: Action { let id: Int }

    init(count: Int, from first: Int = 0) {
        items = (first..<first + count).map { Item(id: $0, title: "item \($0)") }
        notes.reserveCapacity(16)
    }

    mutating func update(action: Action) {
        switch action {
        case let add as Add: items.append(Item(id: add.id, title: "item \(add.id)"))
        case let remove as Remove: items.removeAll { $0.id == remove.id }
        case is Reverse: items.reverse()
        case let set as SetFilter: filter = set.text
        case let note as Note: notes.append(note.value)
        case is Rebuild: items = items.map { $0 }
        case let touch as Touch:
            if let index = items.firstIndex(where: { $0.id == touch.id }) { items[index].title += "!" }
        default: break
        }
    }
}

/// A label with a use count: a model with nothing below it, in arrays.
struct UsageTag: Model, Equatable {
    var name: String
    var uses = 0

    struct Use: Action { let names: Set<String> }
    struct Rename: Action { let from: String, suffix: String }
    struct Touch: Action {}

    mutating func update(action: Action) {
        switch action {
        case let use as Use where use.names.contains(name): uses += 1
        case let rename as Rename where rename.from == name: name += rename.suffix
        case is Touch: name = String(name)
        default: break
        }
    }
}

/// Two arrays of tags.
struct TagBoard: Model {
    var tags: [UsageTag]
    var pinned: [UsageTag]
}

/// The store notes which models an action changed, and where they sit, while it walks the tree.
@MainActor
final class ChangeTrackingTests: XCTestCase {
    private func recordingStore<M: Model>(_ model: M) -> Store {
        let store = Store(model: model)
        store.recordChanges()
        return store
    }

    func testOneChangedModelIsOneChangeWithItsPlaceAndValues() async {
        let store = recordingStore(Checklist(count: 1_000))
        store.update(Item.Toggle(id: 700))
        XCTAssertEqual(store.changes.count, 1)
        let change = store.changes[0]
        XCTAssertEqual("\(change.location)", "root.0.0[700]", "the items field, its elements, the element")
        XCTAssertEqual(change.before as? Item, Item(id: 700, title: "item 700"))
        XCTAssertEqual(change.after as? Item, Item(id: 700, title: "item 700", done: true))
        store.update(Item.Toggle(id: 5_000))
        XCTAssertTrue(store.changes.isEmpty, "an action nobody reacts to changes nothing")
    }

    func testAnArrayOfModelsWithNothingBelowRecordsEachChangedElementInOrder() async {
        let store = recordingStore(
            TagBoard(tags: ["a", "b", "c", "d"].map { UsageTag(name: $0) }, pinned: [UsageTag(name: "b")]))
        store.update(UsageTag.Use(names: ["b", "d"]))
        XCTAssertEqual(store.changes.map { "\($0.location)" }, ["root.0.0[1]", "root.0.0[3]", "root.1.0[0]"])
        XCTAssertEqual(store.changes.map { ($0.before as? UsageTag)?.uses }, [0, 0, 0])
        XCTAssertEqual(store.changes.map { ($0.after as? UsageTag)?.uses }, [1, 1, 1])
        // A string appended to in place: its buffer is the one the old array still holds.
        store.update(UsageTag.Rename(from: "c", suffix: "!"))
        XCTAssertEqual(store.changes.map { "\($0.location)" }, ["root.0.0[2]"])
        XCTAssertEqual((store.changes.first?.before as? UsageTag)?.name, "c")
        XCTAssertEqual((store.changes.first?.after as? UsageTag)?.name, "c!")
        store.update(UsageTag.Use(names: []))
        XCTAssertTrue(store.changes.isEmpty, "no element changed")
        store.update(UsageTag.Touch())
        XCTAssertTrue(store.changes.isEmpty, "elements rewritten equal are no change")
        XCTAssertEqual(store.find(TagBoard.self)?.tags.map(\.uses), [0, 1, 0, 1])
        XCTAssertEqual(store.find(TagBoard.self)?.tags.map(\.name), ["a", "b", "c!", "d"])
    }

    func testAChangeMadeInPlaceIsSeenThoughTheBytesOfTheModelWouldNotChange() async {
        let store = recordingStore(Checklist(count: 3))
        // `notes` has spare capacity: appending writes into the same buffer, and only its count
        // (which lives in the buffer) changes.
        store.update(Checklist.Note(value: 1))
        XCTAssertEqual(store.changes.count, 1)
        XCTAssertEqual((store.changes.first?.after as? Checklist)?.notes, [1])
        XCTAssertEqual((store.changes.first?.before as? Checklist)?.notes, [])
        store.update(Checklist.Touch(id: 1))
        XCTAssertEqual(store.changes.map(\.location), [ModelLocation(box: 0, steps: [])])
        XCTAssertEqual((store.changes.first?.after as? Checklist)?.items[1].title, "item 1!")
    }

    func testAValueRebuiltEqualIsNoChange() async {
        let store = recordingStore(Checklist(count: 3))
        store.update(Checklist.SetFilter(text: ""))
        XCTAssertTrue(store.changes.isEmpty)
        struct Plain: Model {  // not Equatable: new bytes are a change
            var list = Checklist(count: 2)
        }
        let plain = recordingStore(Plain())
        plain.update(Checklist.Rebuild())
        XCTAssertEqual(plain.changes.count, 1, "Checklist is not Equatable, and its array buffer is new")
    }

    func testPaddingIsNeverTakenForAChange() async {
        struct Padded: Model {
            var flag: Int8 = 1
            var count: Int64 = 2
            var name = "a name long enough to live on the heap"
            var other: UInt8 = 3
            struct Bump: Action {}
            mutating func update(action: Action) {
                if action is Bump { count += 1 }
            }
        }
        let store = recordingStore(Padded())
        for _ in 0..<10 { store.update(Item.Toggle(id: 0)) }
        XCTAssertTrue(store.changes.isEmpty)
        store.update(Padded.Bump())
        XCTAssertEqual(store.changes.count, 1)
    }

    func testLocationsThroughEveryContainerAndEnumShape() async {
        enum Screen: Sendable {
            case list(Checklist)
            case detail(Item)
            case empty
        }
        struct Shapes: Model {
            var byKey: [String: Item] = ["a": Item(id: 1, title: "a"), "b": Item(id: 2, title: "b")]
            var maybe: Item? = Item(id: 3, title: "maybe")
            var screen = Screen.detail(Item(id: 4, title: "detail"))
            var any: any Model = Item(id: 5, title: "any")
            var stack: [Screen] = [.empty, .list(Checklist(count: 7, from: 10))]
        }
        let store = recordingStore(Shapes())
        // Each change is located where `locatedModels` locates the model, the places that
        // `Restore(located:)` puts models back to.
        let located = Dictionary(
            uniqueKeysWithValues: store.locatedModels(Item.self).map { ($0.model.id, $0.location) })
        for id in [2, 3, 4, 5, 16] {
            store.update(Item.Toggle(id: id))
            XCTAssertEqual(store.changes.map(\.location), [located[id]!], "item \(id)")
        }
        XCTAssertEqual(
            [2, 3, 4, 5, 16].map { "\(located[$0]!)" },
            ["root.0.0[b]", "root.1.0[0]", "root.2.1", "root.3(opened)", "root.4.0[1].0.0.0[6]"])
    }

    func testEveryLevelOfATreeTwentyThousandLevelsDeepIsRecordedInLinearSpace() async {
        let store = recordingStore(DeepTreeTests.arrayTree())
        store.update(Bottom.Set(value: 4))
        // Every level counts its updates, so every level changed; the bottom model too.
        XCTAssertEqual(store.changes.count, DeepTreeTests.depth + 2)
        let bottom = store.changes[0]
        XCTAssertEqual(bottom.after as? Bottom, Bottom(value: 4))
        // Per level: the children field, its elements, the element; then the bottom field and
        // the optional's value.
        XCTAssertEqual(bottom.location.steps.count, 3 * DeepTreeTests.depth + 3)
        XCTAssertEqual(store.changes.last?.location, ModelLocation(box: 0, steps: []))
        XCTAssertEqual(store.changes[store.changes.count - 2].location.steps.count, 3)
    }

    func testValuesPutBackByTheStoreAreOneChangeOfTheWholeTree() async {
        let store = recordingStore(Checklist(count: 2))
        store.update(Store.Replace(model: Item(id: 1, title: "replaced")))
        XCTAssertEqual(store.changes.count, 1)
        XCTAssertEqual(store.changes[0].location, ModelLocation(box: 0, steps: []))
        XCTAssertEqual((store.changes[0].before as? Checklist)?.items[1].title, "item 1")
        XCTAssertEqual((store.changes[0].after as? Checklist)?.items[1].title, "replaced")
    }

    func testWhileRecordingOnlyBuffersAModelChangesAreCopied() async {
        struct Library: Model {
            var shelf = [UInt8](repeating: 1, count: 100_000)
            var log: [Int] = []
            struct Shelve: Action {}
            mutating func update(action: Action) {
                if action is Shelve { shelf[0] &+= 1 }
            }
        }
        let store = recordingStore(Library())
        func shelf() -> UInt? {
            store.lookup(Library.self)!.shelf.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        let first = shelf()
        store.update(Item.Toggle(id: 1))
        XCTAssertEqual(shelf(), first, "an update that changes nothing copies nothing")
        store.update(Library.Shelve())
        XCTAssertNotEqual(shelf(), first, "the previous value is kept while the model updates, so a write copies")
        XCTAssertEqual((store.changes.first?.before as? Library)?.shelf[0], 1)
        XCTAssertEqual((store.changes.first?.after as? Library)?.shelf[0], 2)
    }

    func testARecordKeptPastLaterActionsKeepsItsPlaces() async {
        // The store uses an action's paths again once nothing holds them; a record kept by a
        // middleware or a test must keep its own.
        let store = recordingStore(Checklist(count: 100))
        store.update(Item.Toggle(id: 70))
        let kept = store.changes
        for id in [3, 4, 5, 6] { store.update(Item.Toggle(id: id)) }
        XCTAssertEqual(kept.map { "\($0.location)" }, ["root.0.0[70]"])
        XCTAssertEqual((kept.first?.after as? Item)?.id, 70)
        XCTAssertEqual(store.changes.map { "\($0.location)" }, ["root.0.0[6]"])
        store.update(Checklist.SetFilter(text: "x"))
        store.update(Item.Retitle(id: 2, title: "two"))
        XCTAssertEqual(store.changes.map { "\($0.location)" }, ["root.0.0[2]"], "paths used again start empty")
        XCTAssertEqual(kept.map { "\($0.location)" }, ["root.0.0[70]"])
    }

    func testAStoreNobodyWatchesRecordsNothing() async {
        let store = Store(model: Checklist(count: 2))
        store.update(Item.Toggle(id: 1))
        XCTAssertTrue(store.changes.isEmpty)
    }
}

/// `findAll` copies a whole array of models at once where it can; it must find exactly what
/// the element-by-element walk finds, in the same order.
@MainActor
final class FindAllOrderTests: XCTestCase {
    struct Leaf: Model, Equatable { var id: Int }
    struct Branch: Model, Equatable {
        var id: Int
        var leaves: [Leaf] = []
        var branches: [Branch] = []
        var spare: Leaf? = nil
    }
    enum Slot: Sendable, Equatable {
        case one(Leaf)
        case many([Leaf])
    }
    struct Forest: Model {
        var first = Leaf(id: 0)
        var leaves = (1...5).map { Leaf(id: $0) }
        var contiguous = ContiguousArray((6...8).map { Leaf(id: $0) })
        var branches = [
            Branch(id: 100, leaves: [Leaf(id: 9), Leaf(id: 10)], branches: [Branch(id: 101, leaves: [Leaf(id: 11)])]),
            Branch(id: 102, spare: Leaf(id: 12)),
        ]
        var byName: [String: Leaf] = ["a": Leaf(id: 13)]
        var slots: [Slot] = [.one(Leaf(id: 14)), .many([Leaf(id: 15), Leaf(id: 16)])]
        var nested: [[Leaf]] = [[Leaf(id: 17)], [], [Leaf(id: 18), Leaf(id: 19)]]
        var any: any Model = Leaf(id: 20)
    }

    func testFindAllFindsWhatTheLocatedWalkFindsInTheSameOrder() async {
        let store = Store(model: Forest())
        XCTAssertEqual(store.findAll(Leaf.self), store.locatedModels(Leaf.self).map(\.model))
        XCTAssertEqual(store.findAll(Leaf.self).count, 21)
        XCTAssertEqual(store.findAll(Branch.self).map(\.id), [100, 101, 102])
        XCTAssertEqual(store.findAll(Branch.self), store.locatedModels(Branch.self).map(\.model))
    }
}
