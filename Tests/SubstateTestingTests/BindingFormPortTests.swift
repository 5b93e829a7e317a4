import Substate
import SubstateTesting
import Testing

/// TCA's BindingForm case study (01-GettingStarted-Bindings-Forms): every control sends one
/// binding, the model applies it in one line, and reacts to the stepper's change.
struct BindingForm: Model, Equatable {
    var sliderValue = 5.0
    var stepCount = 10
    var text = ""
    var toggleIsOn = false

    struct ResetButtonTapped: Action {}

    mutating func update(action: Action) {
        if let set = applyBinding(action), set.changed(\.stepCount) {
            sliderValue = .minimum(sliderValue, Double(stepCount))
        }
        if action is ResetButtonTapped { self = BindingForm() }
    }
}

/// TCA's BindingFormTests.basics, with its scenario and expected values.
@MainActor
@Suite struct BindingFormPortTests {
    @Test func basics() async {
        let store = TestStore(model: BindingForm())

        await store.send(BindingAction(\BindingForm.sliderValue, 2)) {
            $0.sliderValue = 2
        }
        await store.send(BindingAction(\BindingForm.stepCount, 1)) {
            $0.sliderValue = 1
            $0.stepCount = 1
        }
        await store.send(BindingAction(\BindingForm.text, "Blob")) {
            $0.text = "Blob"
        }
        await store.send(BindingAction(\BindingForm.toggleIsOn, true)) {
            $0.toggleIsOn = true
        }
        await store.send(BindingForm.ResetButtonTapped()) {
            $0 = BindingForm(sliderValue: 5, stepCount: 10, text: "", toggleIsOn: false)
        }
        await store.finish()
    }

    /// Raising the step count past the slider leaves the slider alone, as in TCA.
    @Test func aLargerStepCountKeepsTheSlider() async {
        let store = TestStore(model: BindingForm())
        await store.send(BindingAction(\BindingForm.stepCount, 20)) {
            $0.stepCount = 20
        }
        await store.finish()
    }
}
