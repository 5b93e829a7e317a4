import XCTest

@testable import Substate

final class UnstampedFormsTests: XCTestCase {
    private struct Save: Action, Equatable {
        var id: Int?
    }

    private struct Opaque: Action {
        var id: Int?
    }

    func testTheFormAnActionWasSentInIsTakenOnceForItsStampedForm() {
        var forms = UnstampedForms()
        forms.note(Save(), stampedAs: Save(id: 1))
        XCTAssertFalse(forms.isEmpty)
        XCTAssertNil(forms.take(for: Save(id: 2)), "another stamped value")
        XCTAssertEqual(forms.take(for: Save(id: 1)) as? Save, Save())
        XCTAssertNil(forms.take(for: Save(id: 1)), "taken once")
        XCTAssertTrue(forms.isEmpty)
    }

    func testOnlyEquatableActionsThatStampingChangedAreKept() {
        var forms = UnstampedForms()
        forms.note(Save(id: 1), stampedAs: Save(id: 1))
        forms.note(Opaque(), stampedAs: Opaque(id: 1))
        XCTAssertTrue(forms.isEmpty)
    }

    func testTheOldestFormGoesBeyondTheCapacity() {
        var forms = UnstampedForms()
        for id in 0...UnstampedForms.capacity { forms.note(Save(), stampedAs: Save(id: id)) }
        XCTAssertNil(forms.take(for: Save(id: 0)), "a swallowed stamped action is not kept forever")
        XCTAssertNotNil(forms.take(for: Save(id: UnstampedForms.capacity)))
    }
}
