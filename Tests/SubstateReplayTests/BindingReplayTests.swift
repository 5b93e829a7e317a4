import Foundation
import Substate
import SubstateReplay
import Testing

/// A form bound field by field, recorded and replayed.
struct ReplayedForm: Model, Equatable, Codable {
    struct Address: Equatable, Codable {
        var city = ""
        var zip = 0
    }

    var name = ""
    var level = 0.0
    var address = Address()
    var tags: [String] = []
    var edits = 0

    mutating func update(action: Action) {
        if let set = applyBinding(action), set.changed(\.address) { edits += 1 }
    }
}

struct ReplayedApp: Model, Equatable, Codable {
    var form = ReplayedForm()
}

@MainActor
@Suite struct BindingReplayTests {
    @Test func bindingsRecordByNameAndReplayIntoAFreshStore() throws {
        let log = MemoryLog()
        let store = Store(model: ReplayedApp(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        store.update(BindingAction(\ReplayedForm.name, "Blob"))
        store.update(BindingAction(\ReplayedForm.level, 0.75))
        store.update(BindingAction(\ReplayedForm.address.city, "Paris"))
        store.update(BindingAction(\ReplayedForm.address, .init(city: "Lyon", zip: 69_000)))
        store.update(BindingAction(\ReplayedForm.tags, ["a", "b"]))
        let recorded = try #require(store.find(ReplayedApp.self))
        #expect(recorded.form.edits == 2)

        let actionLog = try ActionLog(lines: log.lines)
        let bindings = actionLog.entries.filter { $0.type.hasPrefix("BindingAction") }
        #expect(bindings.count == 5)
        #expect(bindings.first?.type == "BindingAction<ReplayedForm>")
        let payload = try #require(bindings[2].payload)
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: String])
        #expect(object == ["model": "ReplayedForm", "field": "address.city", "value": "Paris"])

        #expect(Compatibility(of: actionLog, as: ReplayedApp.self).verdict == .clean)
        let replay = try Replay.run(actionLog, as: ReplayedApp.self)
        #expect(replay.divergence == nil)
        #expect(replay.replayed == 5)
        #expect(replay.verified >= 5, "a digest after every binding was checked")
        #expect(replay.store.find(ReplayedApp.self) == recorded)
    }

    @Test func aBindingOfAFieldThatIsGoneIsRefusedWithItsName() throws {
        let log = MemoryLog()
        let store = Store(model: ReplayedApp(), middleware: [ActionRecorder(to: log)])
        store.update(BindingAction(\ReplayedForm.name, "Blob"))
        _ = store
        let edited = log.lines.map { $0.replacingOccurrences(of: #""field":"name""#, with: #""field":"title""#) }
        #expect(edited != log.lines)
        #expect(throws: (any Error).self) { try Replay.run(try ActionLog(lines: edited), as: ReplayedApp.self) }
        do {
            _ = try Replay.run(try ActionLog(lines: edited), as: ReplayedApp.self)
        } catch {
            #expect("\(error)".contains("ReplayedForm has no stored field title"), "\(error)")
        }
    }
}
