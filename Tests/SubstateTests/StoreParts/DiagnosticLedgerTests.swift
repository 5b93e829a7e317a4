import XCTest

@testable import Substate

@MainActor
final class DiagnosticLedgerTests: XCTestCase {
    func testEachDiagnosticReachesTheHandlerOnceInTheOrderFound() async {
        var handled: [String] = []
        var ledger = DiagnosticLedger { handled.append($0.typeName) }
        let a = Diagnostic(kind: .undeclaredAction, typeName: "A", member: "X", message: "a")
        let b = Diagnostic(kind: .missingMiddleware, typeName: "B", member: "", message: "b")
        ledger.report([a, b, a])
        ledger.report([b])
        XCTAssertEqual(handled, ["A", "B"])
        XCTAssertEqual(ledger.reported.map(\.typeName), ["A", "B"])
    }

    func testAnActionTypesRoutingIsCheckedOnce() async {
        var ledger = DiagnosticLedger { _ in }
        let type = ObjectIdentifier(Int.self)
        XCTAssertTrue(ledger.checksRoutingFirst(of: type))
        XCTAssertFalse(ledger.checksRoutingFirst(of: type))
        XCTAssertTrue(ledger.checksRoutingFirst(of: ObjectIdentifier(String.self)))
    }

    func testLayoutFailuresAreTakenOnceRetiredOnesIncluded() async {
        struct PlantedForTheLedger {}
        var handled: [Diagnostic] = []
        var ledger = DiagnosticLedger { handled.append($0) }
        _ = ledger.takeNewLayoutFailures()
        LayoutGuard.record(PlantedForTheLedger.self, "a planted failure")
        LayoutGuard.retire([PlantedForTheLedger.self])
        XCTAssertFalse(
            ledger.takeNewLayoutFailures().contains { $0.type == ObjectIdentifier(PlantedForTheLedger.self) })
        // Counted up to the process's count even where failures of retired types (planted by
        // other tests) are left out: the dispatch compares the two after every action.
        XCTAssertEqual(ledger.layoutFailuresSeen, LayoutGuard.count)
        XCTAssert(ledger.takeNewLayoutFailures().isEmpty)
    }
}
