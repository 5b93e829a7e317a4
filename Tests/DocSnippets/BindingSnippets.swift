// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Substate
import SubstateMiddleware
import XCTest

// MARK: TheModelTree.md, "Bindings"

struct SoundSettings: Model, Equatable, Codable {
    var volume = 1.0
    var displayName = ""
    var greeting = ""

    mutating func update(action: Action) {
        guard let set = applyBinding(action) else { return }
        if set.changed(\.displayName) { greeting = "Hello, \(displayName)" }
    }
}

@MainActor
final class BindingSnippetTests: XCTestCase {
    func testTheModelTreeBindings() async {
        let store = Store(model: SoundSettings(), middleware: [ActionLogger()])
        store.update(BindingAction(\SoundSettings.volume, 0.5))           // SoundSettings.volume = 0.5
        store.update(BindingAction(\SoundSettings.displayName, "Blob"))   // SoundSettings.displayName = "Blob"

        XCTAssertEqual(store.find(SoundSettings.self)?.volume, 0.5)
        XCTAssertEqual(store.find(SoundSettings.self)?.greeting, "Hello, Blob")
    }
}
