import Substate
import SubstateTestSupport
import XCTest

/// Effects that belong to an instance in the tree end when it leaves, and follow it while it
/// moves when it has an identity.
@MainActor
final class InstanceEffectsTests: XCTestCase {
    struct Sheet: Model, Equatable {
        var title = ""
    }

    struct Row: Model, Equatable, Identifiable {
        let id: Int
    }

    /// A model with an identity of its own: a fresh one with the same fields is another instance.
    struct Node: Model, InstanceEffects.Identified {
        let serial: Int
        var instanceIdentity: AnyHashable { serial }
    }

    struct Host: Model {
        var sheet: Sheet? = Sheet()
        var rows = [Row(id: 1), Row(id: 2)]
        var node = Node(serial: 1)

        /// One action for every change the tests make to the tree.
        enum Edit: Action {
            case retitle, close, renew
            case remove(row: Int)
        }

        mutating func update(action: Action) {
            guard let edit = action as? Edit else { return }
            switch edit {
            case .retitle: sheet = Sheet(title: "another value, the same place")
            case .close: sheet = nil
            case .renew: node = Node(serial: node.serial + 1)
            case .remove(let id): rows.removeAll { $0.id == id }
            }
        }
    }

    private let gate = Gate()

    /// Starts an effect, waiting until cancelled, that belongs to the first model of a type.
    @discardableResult
    private func start<M: Model>(
        for type: M.Type, in store: Store, where matches: (M) -> Bool = { _ in true }, id: EffectID? = nil,
        cancelInFlight: Bool = false, scoped: Bool = false
    ) -> Int {
        let (location, model) = store.locatedModelsUntracked(M.self).first { matches($0.model) }!
        let gate = gate
        return InstanceEffects.of(store).start(
            belongingTo: model, at: location, in: store, id: id, cancelInFlight: cancelInFlight,
            within: scoped ? InstanceEffects.Instance(model, at: location) : nil, catch: nil
        ) { _ in await gate.wait() }!
    }

    func testAnEffectEndsWhenItsModelsPlaceIsEmptiedAndNotWhileAModelOfItsTypeIsThere() async {
        let store = Store(model: Host())
        let token = start(for: Sheet.self, in: store)
        store.update(Host.Edit.retitle)
        XCTAssertTrue(store.effects.isRunning(token: token), "a model without identity is its place")
        store.update(Host.Edit.close)
        XCTAssertFalse(store.effects.isRunning(token: token))
        await store.effects.waitForAll()
    }

    func testAnIdentifiableModelIsFollowedWhenItMoves() async {
        let store = Store(model: Host())
        let token = start(for: Row.self, in: store) { $0.id == 2 }
        store.update(Host.Edit.remove(row: 1))
        XCTAssertTrue(store.effects.isRunning(token: token), "row 2 moved up, its effect with it")
        store.update(Host.Edit.remove(row: 2))
        XCTAssertFalse(store.effects.isRunning(token: token))
        await store.effects.waitForAll()
    }

    func testAFreshModelWithAnotherIdentityAtTheSamePlaceEndsTheEffects() async {
        let store = Store(model: Host())
        let token = start(for: Node.self, in: store)
        store.update(Host.Edit.retitle)
        XCTAssertTrue(store.effects.isRunning(token: token))
        store.update(Host.Edit.renew)
        XCTAssertFalse(store.effects.isRunning(token: token), "the fresh node is another instance")
        await store.effects.waitForAll()
    }

    func testIdsScopedToAnInstanceReachThatInstanceAlone() async {
        let store = Store(model: Host())
        let first = start(for: Row.self, in: store, where: { $0.id == 1 }, id: "load", scoped: true)
        let second = start(for: Row.self, in: store, where: { $0.id == 2 }, id: "load", scoped: true)
        let (location, row) = store.locatedModelsUntracked(Row.self)[0]
        InstanceEffects.of(store).cancel(id: "load", within: InstanceEffects.Instance(row, at: location), in: store)
        XCTAssertEqual([first, second].map(store.effects.isRunning(token:)), [false, true])
        let replacing = start(
            for: Row.self, in: store, where: { $0.id == 2 }, id: "load", cancelInFlight: true, scoped: true)
        XCTAssertEqual([second, replacing].map(store.effects.isRunning(token:)), [false, true])
        let unscoped = start(for: Sheet.self, in: store, id: "load", cancelInFlight: true)
        XCTAssertEqual(
            [replacing, unscoped].map(store.effects.isRunning(token:)), [false, true],
            "an unscoped id is the runtime's: it reaches every effect with it")
        store.update(Store.CancelEffects(id: "load"))
        XCTAssertFalse(store.effects.isRunning(token: unscoped))
        await store.effects.waitForAll()
    }

    func testAScopedIdReachesItsOwnEffectsAloneAfterOthersEnded() async {
        let store = Store(model: Host())
        let load = start(for: Row.self, in: store, where: { $0.id == 1 }, id: "load", scoped: true)
        let save = start(for: Row.self, in: store, where: { $0.id == 1 }, id: "save", scoped: true)
        let replacing = start(
            for: Row.self, in: store, where: { $0.id == 1 }, id: "load", cancelInFlight: true, scoped: true)
        XCTAssertEqual([load, save, replacing].map(store.effects.isRunning(token:)), [false, true, true])
        // An action lets the store forget the effects that ended; the scope's others still count.
        store.update(Host.Edit.retitle)
        let again = start(
            for: Row.self, in: store, where: { $0.id == 1 }, id: "load", cancelInFlight: true, scoped: true)
        XCTAssertEqual([save, replacing, again].map(store.effects.isRunning(token:)), [true, false, true])
        store.update(Store.CancelEffects(id: "load"))
        store.update(Store.CancelEffects(id: "save"))
        await store.effects.waitForAll()
        store.update(Host.Edit.retitle)
        let fresh = start(
            for: Row.self, in: store, where: { $0.id == 1 }, id: "save", cancelInFlight: true, scoped: true)
        XCTAssertTrue(store.effects.isRunning(token: fresh), "a scope whose effects all ended starts afresh")
        store.update(Store.CancelEffects(id: "save"))
        await store.effects.waitForAll()
    }
}
