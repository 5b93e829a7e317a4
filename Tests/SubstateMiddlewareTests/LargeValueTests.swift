import Observation
import Substate
import SubstateMiddleware
import SubstateReplay
import XCTest

/// A model holding a buffer of real size beside a counter.
private struct Picture: Model, Codable {
    var counter = 0
    var pixels = [UInt8](repeating: 1, count: 1 << 20)

    struct Count: Action, Codable {}
    struct Paint: Action, Codable { let index: Int }

    mutating func update(action: Action) {
        switch action {
        case is Count: counter += 1
        case let paint as Paint: pixels[paint.index] &+= 1
        default: break
        }
    }
}

private struct Gallery: Model, Codable {
    var picture = Picture()
    var title = "gallery"
}

/// The store never copies a large value behind the user's back: a write into a model's buffer
/// happens in place, however the store is watched. Only the middleware that keeps old values by
/// design (the model logger's diff, the undoer) pays for a copy, and only when the buffer
/// changes.
@MainActor
final class LargeValueTests: XCTestCase {
    /// Where the buffer's bytes are, read without registering anything.
    private func address(_ store: Store) -> UnsafeRawPointer? {
        store.lookup(Picture.self)?.pixels.withUnsafeBytes { $0.baseAddress }
    }

    private func assertWritesInPlace(
        _ name: String, middleware: [any Middleware] = [], before: @escaping @MainActor (Store) -> Void = { _ in }
    ) {
        let store = Store(model: Gallery(), middleware: middleware)
        let start = address(store)
        for step in 0..<6 {
            before(store)
            store.update(step.isMultiple(of: 2) ? Picture.Paint(index: step) as any Action : Picture.Count())
            XCTAssertEqual(address(store), start, "\(name): the buffer moved at step \(step)")
        }
        XCTAssertEqual(store.lookup(Picture.self)?.counter, 3, name)
        XCTAssertEqual(store.lookup(Picture.self)?.pixels[4], 2, name)
    }

    func testAWriteIntoALargeBufferHappensInPlaceHoweverTheStoreIsWatched() async {
        assertWritesInPlace("bare")
        assertWritesInPlace("after reads") { store in
            _ = store.find(Picture.self)
            _ = store.find(Gallery.self)
            _ = store.findAll(Picture.self)
        }
        assertWritesInPlace("observing the whole model") { store in
            withObservationTracking {
                _ = store.find(Picture.self)?.counter
            } onChange: {
            }
        }
        assertWritesInPlace("observing the counter") { store in
            withObservationTracking {
                _ = store.find(Picture.self, \.counter)
            } onChange: {
            }
        }
        assertWritesInPlace("recorded", middleware: [ActionRecorder(to: MemoryLog(), clock: TestClock())])
        assertWritesInPlace("logged", middleware: [ActionLogger(output: { _ in })])
    }

    func testTheDiffLoggerCopiesABufferOnlyWhenItChanges() async {
        var lines: [String] = []
        let store = Store(model: Gallery(), middleware: [ModelLogger(diff: true, output: { lines.append($0) })])
        let start = address(store)
        store.update(Picture.Count())
        XCTAssertEqual(address(store), start, "a counter change keeps the buffer where it is")
        XCTAssertTrue(lines.joined().contains("counter"), lines.joined())
        store.update(Picture.Paint(index: 0))
        XCTAssertNotEqual(address(store), start, "the diff keeps the old buffer, so the write copied it")
    }
}
