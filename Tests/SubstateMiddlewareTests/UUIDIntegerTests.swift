import Foundation
import Substate
import SubstateMiddleware
import XCTest

/// `UUID(0)`, `UUID(1)`, ...: the UUIDs an incrementing generator hands out, written by number.
final class UUIDIntegerTests: XCTestCase {
    func testIntegersSpellTheLastDigitsAsSwiftDependenciesDoes() {
        XCTAssertEqual(UUID(0).uuidString, "00000000-0000-0000-0000-000000000000")
        XCTAssertEqual(UUID(1).uuidString, "00000000-0000-0000-0000-000000000001")
        XCTAssertEqual(UUID(255).uuidString, "00000000-0000-0000-0000-0000000000FF")
        XCTAssertEqual(UUID(0xDEAD_BEEF).uuidString, "00000000-0000-0000-0000-0000DEADBEEF")
    }

    func testTheIncrementingGeneratorHandsOutTheSameUUIDsInOrder() {
        let uuid = UUIDGenerator.incrementing
        XCTAssertEqual((0..<20).map { _ in uuid() }, (0..<20).map { UUID($0) })
    }

    func testEveryIntegerGivesAUUIDTheLargestAndNegativeOnesIncluded() {
        XCTAssertEqual(UUID(Int.max).uuidString, "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
        XCTAssertEqual(UUID(-1).uuidString, "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
        XCTAssertNotEqual(UUID(-1), UUID(Int.max))
    }
}
