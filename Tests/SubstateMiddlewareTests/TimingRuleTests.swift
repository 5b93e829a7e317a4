import Substate
import XCTest

@testable import SubstateMiddleware

/// The timing middleware's decisions as pure values, without a clock: what passes when an
/// action arrives, when each rule wants to be woken, and what passes then (times in ms).
final class TimingRuleTests: XCTestCase {
    private func ms(_ value: Int) -> Duration { .milliseconds(value) }
    private func name(_ action: (any Action)?) -> String? { (action as? Plain)?.name }

    func testADebounceBurstPassesItsLastActionAtItsEndAndEndsThere() {
        let debounce = Debounce(.milliseconds(100))
        var (burst, passesNow) = DebounceBurst.begin(with: Plain(name: "a"), debounce, at: ms(0))
        XCTAssertFalse(passesNow)
        XCTAssertEqual(burst.deadline, ms(100))
        burst.receive(Plain(name: "b"), debounce, at: ms(50))
        XCTAssertEqual(burst.deadline, ms(150), "each action moves the end")
        let (passing, next) = burst.fire(debounce)
        XCTAssertEqual(name(passing), "b")
        XCTAssertNil(next)
        XCTAssertNil(burst.cancelled(), "a cancelled burst is over")
    }

    func testADebounceWithAMaximumWaitEndsByThenAndALeadingOnePassesTheFirstAtOnce() {
        let capped = Debounce(.milliseconds(100), maxWait: .milliseconds(150))
        var (burst, _) = DebounceBurst.begin(with: Plain(name: "a"), capped, at: ms(0))
        burst.receive(Plain(name: "b"), capped, at: ms(60))
        burst.receive(Plain(name: "c"), capped, at: ms(120))
        XCTAssertEqual(burst.deadline, ms(150))
        let leading = Debounce(.milliseconds(100), edge: .leading)
        var (first, passesNow) = DebounceBurst.begin(with: Plain(name: "a"), leading, at: ms(0))
        XCTAssertTrue(passesNow)
        first.receive(Plain(name: "b"), leading, at: ms(50))
        XCTAssertNil(first.fire(leading).passing, "a leading debounce passes nothing at the end")
    }

    func testAThrottleWindowPassesTheLeadingActionThenTheTrailingOneAndOpensTheNextWindow() {
        let throttle = Throttle(.milliseconds(100))
        var (window, passesNow) = ThrottleWindow.begin(with: Plain(name: "a"), throttle, at: ms(0))
        XCTAssertTrue(passesNow)
        window.receive(Plain(name: "b"), throttle, at: ms(30))
        window.receive(Plain(name: "c"), throttle, at: ms(60))
        XCTAssertEqual(window.deadline, ms(100), "actions inside a window do not move its end")
        let (passing, next) = window.fire(throttle)
        XCTAssertEqual(name(passing), "c")
        XCTAssertEqual(next?.deadline, ms(200))
        XCTAssertNil(next.map { $0.fire(throttle).passing } ?? nil, "an empty window closes without passing")
        let cancelled = window.cancelled()
        XCTAssertNil(cancelled?.pending)
        XCTAssertEqual(cancelled?.deadline, ms(100), "a cancel keeps the window open")
    }

    func testADelayHoldsItsActionForTheDelay() {
        let (hold, passesNow) = DelayHold.begin(with: Plain(name: "a"), ms(250), at: ms(40))
        XCTAssertFalse(passesNow)
        XCTAssertEqual(hold.deadline, ms(290))
        XCTAssertEqual(name(hold.fire(ms(250)).passing), "a")
        XCTAssertNil(hold.fire(ms(250)).next)
        XCTAssertNil(hold.cancelled())
    }
}
