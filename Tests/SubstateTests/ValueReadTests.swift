import Observation
import Substate
import XCTest

/// A model holding a large buffer beside a small value, as an image or a document does.
struct Canvas: Model, Equatable {
    var strokes = 0
    var pixels: [UInt8]

    struct Stroke: Action {}
    struct Paint: Action { let index: Int }

    init(bytes: Int) {
        pixels = [UInt8](repeating: 0, count: bytes)
    }

    mutating func update(action: Action) {
        switch action {
        case is Stroke: strokes += 1
        case let paint as Paint: pixels[paint.index] &+= 1
        default: break
        }
    }
}

/// Reads that name one value of a model are told when that value changes, and keep only it.
@MainActor
final class ValueReadTests: XCTestCase {
    private func observe(_ name: String, _ tally: ObserverTally, read: @escaping @MainActor () -> Void) {
        guard tally.pending.insert(name).inserted else { return }
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { tally.add(name) }
        }
    }

    func testARowThatReadsOneFieldIsToldOnlyWhenThatFieldChanges() async {
        let store = Store(model: Checklist(count: 10_000))
        let tally = ObserverTally()
        observe("list ids", tally) { _ = store.findAll(Item.self, \.id) }
        for id in 0..<1_000 { observe("row \(id)", tally) { _ = store.find(Item.self, id: id, \.title) } }
        for id in 0..<1_000 { observe("done \(id)", tally) { _ = store.find(Item.self, id: id, \.done) } }
        store.update(Item.Toggle(id: 500))
        XCTAssertEqual(tally.counts, ["done 500": 1], "only the reader of the toggled field")
        store.update(Item.Retitle(id: 7, title: "milk"))
        XCTAssertEqual(tally.counts, ["done 500": 1, "row 7": 1])
        XCTAssertEqual(store.find(Item.self, id: 7, \.title), "milk")
        store.update(Checklist.Reverse())
        XCTAssertEqual(tally.counts["list ids"], 1, "the ids' order changed")
        XCTAssertEqual(tally.counts.count, 3, "no row's value changed")
        observe("list ids", tally) { _ = store.findAll(Item.self, \.id) }
        store.update(Checklist.Touch(id: 9))
        XCTAssertEqual(tally.counts["row 9"], 1, "the parent changed the title in place")
        XCTAssertEqual(tally.counts["list ids"], 1, "no id changed, none came or went")
        store.update(Checklist.Remove(id: 3))
        XCTAssertEqual(tally.counts["list ids"], 2)
        XCTAssertEqual(tally.counts["row 3"], 1, "the row's model went")
        XCTAssertEqual(tally.counts["done 3"], 1)
        XCTAssertNil(store.find(Item.self, id: 3, \.title))
    }

    func testAReaderOfTheFirstModelsValueIsToldWhenThatValueChanges() async {
        let store = Store(model: Checklist(count: 3))
        let tally = ObserverTally()
        observe("filter", tally) { _ = store.find(Checklist.self, \.filter) }
        observe("first title", tally) { _ = store.find(Item.self, \.title) }
        store.update(Item.Toggle(id: 0))
        XCTAssertEqual(tally.counts, [:])
        store.update(Checklist.SetFilter(text: "x"))
        XCTAssertEqual(tally.counts, ["filter": 1])
        store.update(Checklist.Reverse())
        XCTAssertEqual(tally.counts, ["filter": 1, "first title": 1])
    }

    func testAReaderOfASmallValueBesideALargeBufferIsNotToldWhenTheBufferChanges() async {
        let store = Store(model: Canvas(bytes: 1 << 20))
        let tally = ObserverTally()
        observe("strokes", tally) { _ = store.find(Canvas.self, \.strokes) }
        observe("canvas", tally) { _ = store.find(Canvas.self) }
        store.update(Canvas.Paint(index: 10))
        XCTAssertEqual(tally.counts, ["canvas": 1], "the whole model's reader is told; the counter's is not")
        store.update(Canvas.Stroke())
        XCTAssertEqual(tally.counts, ["canvas": 1, "strokes": 1])
        XCTAssertEqual(store.find(Canvas.self, \.strokes), 1)
    }
}
