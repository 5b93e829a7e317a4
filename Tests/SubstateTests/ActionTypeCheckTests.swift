import Substate
import XCTest

/// The per-type answers middleware asks on every action: right for every type, however many
/// types share a slot of the check's table, and asked of the check once per type.
final class ActionTypeCheckTests: XCTestCase {
    private protocol Marked {}
    private struct Numbered<Tag>: Action {}
    private struct MarkedAction: Action, Marked {}
    private final class Reference: Action {}
    private final class MarkedReference: Action, Marked {}

    /// Forty distinct action types, more than the table has slots, so that types share them.
    private var actions: [any Action] {
        var actions: [any Action] = [MarkedAction(), Reference(), MarkedReference()]
        func add<Tag>(_: Tag.Type) {
            actions.append(Numbered<Tag>())
            actions.append(Numbered<[Tag]>())
            actions.append(Numbered<Tag?>())
            actions.append(Numbered<(Tag, Tag)>())
            actions.append(Numbered<Set<Int>>())
        }
        for tag in [Int.self, String.self, Double.self, Bool.self, UInt8.self, Float.self, Int8.self] as [Any.Type] {
            func open<T>(_: T.Type) { add(T.self) }
            _openExistential(tag, do: open)
        }
        return actions
    }

    func testEveryTypeGetsItsOwnAnswerAskedOnce() {
        let actions = actions
        var asked: [ObjectIdentifier: Int] = [:]
        var check = ActionTypeCheck { action in
            asked[ObjectIdentifier(type(of: action)), default: 0] += 1
            return action is Marked
        }
        for _ in 0..<3 {
            for action in actions + actions.reversed() {
                XCTAssertEqual(check(action), action is Marked, "\(type(of: action))")
                XCTAssertEqual(
                    check(action, type: ObjectIdentifier(type(of: action))), action is Marked, "\(type(of: action))")
            }
        }
        XCTAssertGreaterThan(asked.count, 16)
        XCTAssertEqual(asked.count, Set(actions.map { ObjectIdentifier(type(of: $0)) }).count)
        XCTAssertTrue(asked.values.allSatisfy { $0 == 1 }, "the check is asked once per type: \(asked.values)")
    }

    func testTheHeldTypeOfAValueIsItsType() {
        let action: any Action = MarkedAction()
        XCTAssertEqual(heldActionType(of: action), ObjectIdentifier(MarkedAction.self))
        XCTAssertTrue(isAction(action, MarkedAction.self))
        XCTAssertFalse(isAction(action, Reference.self))
    }
}
