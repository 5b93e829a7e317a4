import Foundation
import Substate
import SubstateMiddleware
import Testing

/// A settings screen whose controls all send bindings.
struct BoundSettings: Model, Equatable, Codable {
    struct Profile: Equatable, Codable {
        var name = ""
        var age = 0
    }

    var volume = 1.0
    var displayName = ""
    var profile = Profile()
    var nickname: String?
    var greeting = ""
    var profileEdits = 0

    /// A computed property: it cannot be bound.
    var shout: String {
        get { displayName.uppercased() }
        set { displayName = newValue.lowercased() }
    }

    mutating func update(action: Action) {
        guard let set = applyBinding(action) else { return }
        if set.changed(\.displayName) { greeting = "Hello, \(displayName)" }
        if set.changed(\.profile) { profileEdits += 1 }
    }
}

/// Holds two settings screens: every model of the binding's type applies it.
struct BoundApp: Model, Equatable, Codable {
    var main = BoundSettings()
    var other = BoundSettings()
}

@MainActor
@Suite struct BindingActionTests {
    @Test func aBindingSetsTheFieldInTheStore() {
        let store = Store(model: BoundSettings())
        store.update(BindingAction(\BoundSettings.volume, 0.5))
        #expect(store.find(BoundSettings.self)?.volume == 0.5)
    }

    @Test func applyWritesThroughTheFieldLikeTheKeyPath() {
        var settings = BoundSettings()
        BindingAction(\BoundSettings.displayName, "Blob").apply(to: &settings)
        BindingAction(\BoundSettings.nickname, "B").apply(to: &settings)
        #expect(settings.displayName == "Blob")
        #expect(settings.nickname == "B")
        BindingAction(\BoundSettings.nickname, nil).apply(to: &settings)
        #expect(settings.nickname == nil)
    }

    @Test func aNestedFieldIsBoundAndNamedByItsPath() {
        var settings = BoundSettings()
        let set = BindingAction(\BoundSettings.profile.age, 42)
        #expect(set.field == "profile.age")
        set.apply(to: &settings)
        #expect(settings.profile == BoundSettings.Profile(name: "", age: 42))
        #expect(BindingAction(\BoundSettings.profile, .init(name: "A", age: 1)).field == "profile")
        #expect(BindingAction(\BoundSettings.profile.name, "A").field == "profile.name")
    }

    @Test func theChangeHookFiresForTheBoundFieldAndTheFieldsAroundIt() {
        let store = Store(model: BoundSettings())
        store.update(BindingAction(\BoundSettings.displayName, "Blob"))
        #expect(store.find(BoundSettings.self)?.greeting == "Hello, Blob")
        #expect(store.find(BoundSettings.self)?.profileEdits == 0)
        store.update(BindingAction(\BoundSettings.profile.name, "Blob"))
        store.update(BindingAction(\BoundSettings.volume, 0.1))
        #expect(store.find(BoundSettings.self)?.profileEdits == 1)

        let whole = BindingAction(\BoundSettings.profile, .init())
        #expect(whole.changed(\.profile.name), "a field inside the bound one may have changed")
        #expect(whole.changed(\.profile))
        #expect(!whole.changed(\.volume))
        #expect(BindingAction(\BoundSettings.profile.age, 1).changed(\.profile))
        #expect(!BindingAction(\BoundSettings.profile.age, 1).changed(\.profile.name))
    }

    @Test func everyModelOfTheTypeAppliesIt() {
        let store = Store(model: BoundApp())
        store.update(BindingAction(\BoundSettings.volume, 0.25))
        #expect(store.find(BoundApp.self)?.main.volume == 0.25)
        #expect(store.find(BoundApp.self)?.other.volume == 0.25)
    }

    @Test func aComputedPropertyIsRefusedWhenTheBindingIsMade() {
        #expect(throws: BindingError.self) { try BindingAction(checking: \BoundSettings.shout, "X") }
        do {
            _ = try BindingAction(checking: \BoundSettings.shout, "X")
        } catch {
            #expect(
                error.message.hasPrefix(#"\BoundSettings.<computed String> is not a stored field of BoundSettings"#),
                "\(error.message)")
            #expect(error.message.contains("recorded by the field's name"))
        }
        #expect(throws: BindingError.self) { try BindingAction(checking: \BoundSettings.self, BoundSettings()) }
        #expect(throws: Never.self) { try BindingAction(checking: \BoundSettings.profile.name, "X") }
    }

    @Test func bindingsAreEqualByFieldAndValue() {
        #expect(BindingAction(\BoundSettings.volume, 0.5) == BindingAction(\BoundSettings.volume, 0.5))
        #expect(BindingAction(\BoundSettings.volume, 0.5) != BindingAction(\BoundSettings.volume, 0.6))
        #expect(BindingAction(\BoundSettings.displayName, "a") != BindingAction(\BoundSettings.profile.name, "a"))
    }

    @Test func aBindingReadsAsAnAssignment() {
        #expect(BindingAction(\BoundSettings.volume, 0.5).description == "BoundSettings.volume = 0.5")
        #expect(
            BindingAction(\BoundSettings.profile.name, "Blob").description == #"BoundSettings.profile.name = "Blob""#)
        #expect(BindingAction(\BoundSettings.nickname, nil).description == "BoundSettings.nickname = nil")
        #expect(BindingAction(\BoundSettings.nickname, "B").description == #"BoundSettings.nickname = "B""#)
    }

    @Test func theActionLoggerPrintsTheAssignment() {
        var lines: [String] = []
        let store = Store(model: BoundSettings(), middleware: [ActionLogger { lines.append($0) }])
        store.update(BindingAction(\BoundSettings.volume, 0.5))
        store.update(BindingAction(\BoundSettings.profile.name, "Blob"))
        #expect(lines.suffix(2) == ["BoundSettings.volume = 0.5", #"BoundSettings.profile.name = "Blob""#])
    }

    @Test func aBindingEncodesTheModelTheFieldAndTheValue() throws {
        let data = try JSONEncoder().encode(BindingAction(\BoundSettings.profile.name, "Blob"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(object == ["model": "BoundSettings", "field": "profile.name", "value": "Blob"])
        let decoded = try JSONDecoder().decode(BindingAction<BoundSettings>.self, from: data)
        #expect(decoded == BindingAction(\BoundSettings.profile.name, "Blob"))
        var settings = BoundSettings()
        decoded.apply(to: &settings)
        #expect(settings.profile.name == "Blob")
    }

    @Test func aFieldNameThatIsGoneDoesNotDecode() {
        let json = Data(#"{"model":"BoundSettings","field":"profile.surname","value":"X"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BindingAction<BoundSettings>.self, from: json) }
        let wrongType = Data(#"{"model":"BoundSettings","field":"volume","value":"loud"}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(BindingAction<BoundSettings>.self, from: wrongType)
        }
    }
}
