import Substate
import SubstateMiddleware

/// A small app for the log tests: a gauge whose readings carry nested payloads.
struct Gauge: Model, Codable, Equatable {
    var reading = 0
    var history: [Int] = []
    var label = ""

    struct Read: Action, Codable {
        struct Source: Codable { var sensor: String; var position: [Int] }
        let value: Int
        let source: Source
    }

    struct Rename: Action, Codable { let label: String }

    mutating func update(action: Action) {
        switch action {
        case let read as Read:
            reading = read.value
            history.append(read.value)
            if history.count > 8 { history.removeFirst() }
        case let rename as Rename:
            label = rename.label
        default: ()
        }
    }

    static func read(_ value: Int) -> Read {
        Read(value: value, source: .init(sensor: "s\(value % 3)", position: [value, value * 2]))
    }
}
