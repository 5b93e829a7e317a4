import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware
import SubstateReplay
import SubstateTesting
import XCTest

/// The shop's server, as the app's own dependency keyed by its type.
struct ShopAPI: DependencyKey, Sendable {
    var price: @Sendable (String) async -> Int
    static let liveValue = ShopAPI { _ in fatalError("the live server is not reachable from tests") }
    static let mock = ShopAPI { sku in sku.count * 100 }
}

/// Notes stamped with an id and a date by middleware, and priced through the server.
struct Notebook: Model, Equatable, Codable {
    var notes: [Stamped] = []
    var priceCents = 0
    struct Stamped: Equatable, Codable {
        let id: UUID
        let date: Date
        let text: String
    }
    struct Write: Action, Codable { let text: String }
    struct Written: Action, Codable { let note: Stamped }
    struct Price: Action, Codable { let sku: String }
    struct Priced: Action, Codable, Equatable { let cents: Int }
    mutating func update(action: Action) {
        if let written = action as? Written { notes.append(written.note) }
        if let priced = action as? Priced { priceCents = priced.cents }
    }
}

/// Reads the date and a UUID through the store's dependencies, in an effect.
struct Stamper: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        next(action)
        if let write = action as? Notebook.Write {
            store.effects.run { send in
                let note = Notebook.Stamped(
                    id: send.dependencies.uuid(), date: send.dependencies.date.now, text: write.text)
                await send(Notebook.Written(note: note))
            }
        }
        if let price = action as? Notebook.Price {
            store.effects.run { send in
                await send(Notebook.Priced(cents: await send.dependencies[ShopAPI.self].price(price.sku)))
            }
        }
    }
}

@MainActor
final class DependencyTests: XCTestCase {
    let day = Date(timeIntervalSince1970: 1_800_000_000)

    func testATestOverridesDependenciesInOneLine() async {
        let store = TestStore(model: Notebook(), middleware: [Stamper()]) {
            $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
            $0.uuid = .incrementing
            $0[ShopAPI.self] = .mock
        }
        await store.send(Notebook.Write(text: "first"))
        await store.receive(Notebook.Written.self) {
            $0.notes = [
                .init(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, date: self.day, text: "first")
            ]
        }
        await store.send(Notebook.Write(text: "second"))
        await store.receive(Notebook.Written.self) {
            $0.notes.append(
                .init(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, date: self.day, text: "second"))
        }
        await store.send(Notebook.Price(sku: "abc"))
        await store.receive(Notebook.Priced(cents: 300)) { $0.priceCents = 300 }
        await store.finish()
    }

    func testAStateMachineRunnerMakesItsFeatureFromTheDependencies() async {
        struct Greeter: DependencyKey, Sendable {
            var greet: @Sendable (String) async -> String
            static let liveValue = Greeter { "hello \($0)" }
        }
        let store = TestStore(
            model: MachineNode<Login>(.init()),
            middleware: [
                StateMachineRunner { dependencies in
                    Login(authenticate: { name, _ in await dependencies[Greeter.self].greet(name) })
                }
            ]
        ) { $0[Greeter.self] = Greeter { "mock \($0)" } }
        await store.send(MachineNode<Login>.Input(.didTapLoginButton)) { $0.state.isLoading = true }
        await store.receive(MachineNode<Login>.Result.self) {
            $0.state.isLoading = false
            $0.state.user = "mock user"
        }
        await store.finish()
    }

    func testValuesReadThroughDependenciesReplayAsRecorded() async throws {
        let log = MemoryLog()
        let store = Store(
            model: Notebook(), middleware: [Stamper(), ActionRecorder(to: log, digestEvery: 1)],
            dependencies: Dependencies { $0[ShopAPI.self] = .mock })
        store.update(Notebook.Write(text: "live date and id"))
        store.update(Notebook.Price(sku: "abcd"))
        await store.effects.waitForAll()
        // Replay runs no effects: the date, the id and the price come from the recorded actions.
        let replay = try Replay.run(try ActionLog(lines: log.lines), as: Notebook.self)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.store.find(Notebook.self), store.find(Notebook.self))
        XCTAssertEqual(replay.store.find(Notebook.self)?.priceCents, 400)
    }

    func testASeededRandomSourceDrawsTheSameNumbersEveryRun() async {
        var first = RandomSource.seeded(7).generator
        var second = RandomSource.seeded(7).generator
        let a = (0..<5).map { _ in Int.random(in: 1...6, using: &first) }
        let b = (0..<5).map { _ in Int.random(in: 1...6, using: &second) }
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(RandomSource.seeded(7).next(), RandomSource.seeded(8).next())
    }
}
