import Substate
import SubstateMiddleware
import XCTest

/// The loggers' text reads as the source spells it.
@MainActor
final class LogFormatTests: XCTestCase {
    func testLabelledPayloadsAndPropertyWrappersReadAsTheSourceSpellsThem() async {
        enum Payment: Sendable {
            case pay(amount: Int)
            case split(Int, with: String)
        }
        struct Checkout: Action {
            let payment: Payment
            @Redacted var card: String
        }
        var lines: [String] = []
        let store = Store(model: Counter(), middleware: [ActionLogger { lines.append($0) }])
        store.update(Checkout(payment: .pay(amount: 3), card: "4242"))
        store.update(Checkout(payment: .split(2, with: "ada"), card: ""))
        XCTAssertEqual(lines.suffix(2).first, "Checkout(payment: .pay(amount: 3), card: <redacted>)")
        XCTAssertEqual(lines.last, #"Checkout(payment: .split(2, with: "ada"), card: <redacted>)"#)
    }
}
