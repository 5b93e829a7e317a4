import Substate
import XCTest

/// Wherever a store runs code that reads its dependencies, they are the current ones
/// (`Dependencies.current`), as inside an effect: a stamp, an effect, an effect's `catch`. An
/// `unimplemented` endpoint called there reports to the store's test rather than to standard
/// error.
@MainActor
final class CurrentDependenciesTests: XCTestCase {
    struct Client: DependencyKey, Sendable {
        var answer: @Sendable () -> Int
        static let liveValue = Client { 1 }
        static let testValue = Client(answer: unimplemented("Client.answer", placeholder: 0))
    }

    struct Stamped: StampedAction {
        var answer: Int?
        mutating func stamp(from dependencies: Dependencies) { answer = dependencies[Client.self].answer() }
    }

    struct FromState: StampedFromState {
        var answer: Int?
        mutating func stamp(from dependencies: Dependencies, state: Screen) {
            answer = dependencies[Client.self].answer()
        }
    }

    struct Failed: Action {}

    struct Screen: Model {}

    private struct Failure: Error {}

    /// A store whose dependencies report as a test store's do, and what they reported.
    private func makeStore() -> (Store, LockIsolated<[String]>) {
        let reported = LockIsolated<[String]>([])
        let dependencies = Dependencies(testing: { message in reported.withValue { $0.append(message) } }) { _ in }
        return (Store(model: Screen(), dependencies: dependencies), reported)
    }

    func testAnEndpointCalledWhileStampingReportsToTheStoresTest() async {
        let (store, reported) = makeStore()
        store.update(Stamped())
        store.update(FromState())
        XCTAssertEqual(reported.value.count, 2, "\(reported.value)")
        XCTAssertTrue(reported.value.allSatisfy { $0.hasPrefix("Client.answer was called in a test but not set") })
    }

    func testAnEndpointAnEffectsCatchCallsReportsToTheStoresTest() async {
        let (store, reported) = makeStore()
        store.effects.run(
            catch: { _ in
                _ = Dependencies.current[Client.self].answer()
                return Failed()
            }
        ) { _ in throw Failure() }
        await store.effects.waitForAll()
        XCTAssertEqual(reported.value.count, 1, "\(reported.value)")
    }
}
