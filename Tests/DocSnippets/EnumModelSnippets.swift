import Substate
import SubstateTesting
import XCTest

// "Coming from TCA": an enum model whose own `update` sets `self`, as a `@Reducer enum`'s
// parent sets its state.

private struct EnumList: Model, Equatable {
    var opened = 0
    struct Open: Action {}
    mutating func update(action: Action) { if action is Open { opened += 1 } }
}

private struct EnumEditor: Model, Equatable {
    var text = ""
}

private enum EnumDestination: Model, Equatable {
    case list(EnumList)
    case editor(EnumEditor)

    mutating func update(action: Action) {
        if case .list(let list) = self, action is EnumList.Open, list.opened == 1 { self = .editor(EnumEditor()) }
    }
}

private struct EnumHost: Model, Equatable {
    var destination = EnumDestination.list(EnumList())
}

@MainActor
final class EnumModelSnippetTests: XCTestCase {
    func testAnEnumModelsUpdateRunsAfterItsCaseAndMaySetSelf() async {
        let store = TestStore(model: EnumHost())
        await store.send(EnumList.Open()) { $0.destination = .editor(EnumEditor()) }
    }
}
