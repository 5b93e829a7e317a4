import Substate
import XCTest

@testable import SubstateTesting

/// An episode row with an alert of its own, routed as a list of thousands would be.
private struct EpisodeRow: Model, Identifiable, Equatable {
    static let routing = ActionRouting.nestedActions
    enum Alert: Action, Equatable { case retry }
    let id: Int
    var alert = Presented<AlertState<Alert>>()
    struct Failed: TargetedAction {
        typealias Target = EpisodeRow
        let targetID: Int
    }

    mutating func update(action: Action) {
        if let failed = action as? Failed, failed.targetID == id {
            alert.screen = AlertState(title: "Download failed", buttons: [.cancel("OK")])
        }
    }
}

private struct EpisodeList: Model, Equatable {
    static let routing = ActionRouting.nestedActions
    var episodes = IdentifiedArrayOf(uniqueElements: [EpisodeRow(id: 1), EpisodeRow(id: 2)])
}

final class TargetedDismissTestStoreTests: FailureCapturingTestCase {
    func testATestStoreSeesOneRowsAlertClose() async {
        let failures = await captured {
            let store = TestStore(model: EpisodeList())
            await store.send(EpisodeRow.Failed(targetID: 1)) {
                $0.episodes[id: 1]?.alert.screen = AlertState(title: "Download failed", buttons: [.cancel("OK")])
            }
            await store.send(EpisodeRow.Failed(targetID: 2)) {
                $0.episodes[id: 2]?.alert.screen = AlertState(title: "Download failed", buttons: [.cancel("OK")])
            }
            await store.send(TargetedDismiss<EpisodeRow, AlertState<EpisodeRow.Alert>>(targetID: 2)) {
                $0.episodes[id: 2]?.alert.screen = nil
            }
            await store.finish()
        }
        XCTAssertEqual(failures.map(\.message), [])
    }
}
