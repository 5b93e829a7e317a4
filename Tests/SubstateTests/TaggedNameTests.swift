import Foundation
import Substate
import SubstateDump
import XCTest

/// Effect ids (and StateMachine node ids) are one kind of name: written as strings, encoded as
/// `{"name": ...}` as before they were one type, and shown as their name.
final class TaggedNameTests: XCTestCase {
    func testANameEncodesAsBeforeAndReadsAsItself() throws {
        let id: EffectID = "search"
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(id), as: UTF8.self), #"{"name":"search"}"#)
        XCTAssertEqual(try JSONDecoder().decode(EffectID.self, from: Data(#"{"name":"search"}"#.utf8)), id)
        XCTAssertEqual("\(id)", "search")
        XCTAssertEqual(EffectID("a"), "a")
        XCTAssertEqual(
            StateDiff(from: Store.CancelEffects(id: "a"), to: Store.CancelEffects(id: "b")).description,
            #"Store.CancelEffects.id: a → b"#)
    }
}
