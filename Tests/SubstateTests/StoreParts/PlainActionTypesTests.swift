import XCTest

@testable import Substate

final class PlainActionTypesTests: XCTestCase {
    private struct A: Action {}
    private struct B: Action {}

    func testATypeIsPlainOnlyOnceNoted() {
        let types = PlainActionTypes()
        let a = ObjectIdentifier(A.self)
        let slot = PlainActionTypes.slot(of: a)
        XCTAssertFalse(types.contains(a, slot: slot))
        types.insert(a, slot: slot)
        XCTAssertTrue(types.contains(a, slot: slot))
        XCTAssertFalse(
            types.contains(ObjectIdentifier(B.self), slot: PlainActionTypes.slot(of: ObjectIdentifier(B.self))))
    }

    func testATypeSharingASlotIsAskedAboutAgainNeverAnsweredWrongly() {
        let types = PlainActionTypes()
        let a = ObjectIdentifier(A.self)
        let b = ObjectIdentifier(B.self)
        // Two types noted in one slot: the later one is kept, the earlier asked about again.
        let slot = PlainActionTypes.slot(of: a)
        types.insert(a, slot: slot)
        types.insert(b, slot: slot)
        XCTAssertTrue(types.contains(b, slot: slot))
        XCTAssertFalse(types.contains(a, slot: slot))
    }

    func testEveryTypeHasASlotWithinTheTable() {
        let types: [Any.Type] = [A.self, B.self, Int.self, String.self, [Int].self, [String: Double].self, Leaf.self]
        for type in types {
            XCTAssert((0..<16).contains(PlainActionTypes.slot(of: ObjectIdentifier(type))), "\(type)")
        }
    }
}
