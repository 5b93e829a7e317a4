import Foundation
import Substate

/// The text of every line a recorder writes other than actions (those are built in place, see
/// `LogEncoder.beginActionLine`): the one place where the log's layout is written, as
/// <doc:LogFormatSpecification> describes it.
package enum LogLines {
    /// The header of a log, or of a segment of a rotated log (`segment` and the sequence number
    /// of the last action before it, with the state after that action as `initialState`).
    package static func header(root: (any Model)?, segment: (number: Int, after: Int)? = nil) -> String {
        var line = #"{"format":"\#(LogFormat.name)","version":\#(LogFormat.version)"#
        if let segment { line += #","segment":\#(segment.number),"seq":\#(segment.after)"# }
        if let root {
            let type = Swift.type(of: root)
            line += #","root":\#(jsonString(typeName(type)))"#
            line += #","rootName":\#(jsonString(_mangledTypeName(type) ?? ""))"#
            line += #","rootShape":\#(jsonString(typeShape(type)))"#
            if let encodable = root as? any Encodable, let state = try? jsonData(of: encodable) {
                line += #","initialState":\#(String(decoding: state, as: UTF8.self))"#
            }
        }
        return line + "}"
    }

    /// A digest of the encoded state after action `sequence`.
    package static func digest(sequence: Int, state: Data) -> String {
        #"{"seq":\#(sequence),"digest":"\#(SubstateReplay.digest(of: state))"}"#
    }

    /// The encoded state after action `sequence`.
    package static func snapshot(sequence: Int, state: Data) -> String {
        #"{"seq":\#(sequence),"snapshot":\#(String(decoding: state, as: UTF8.self))}"#
    }

    /// The encoded state of one recorded model after action `sequence`; `nil` when it cannot
    /// be encoded.
    package static func model(_ model: any Model & Encodable, sequence: Int) -> String? {
        let type = Swift.type(of: model)
        guard let state = try? jsonData(of: model), let name = _mangledTypeName(type) else { return nil }
        return
            #"{"seq":\#(sequence),"model":\#(jsonString(typeName(type))),"modelName":\#(jsonString(name)),"state":\#(String(decoding: state, as: UTF8.self))}"#
    }

    /// An action type's `"type"` and `"name"` members.
    package static func typeFields(_ type: any Action.Type) -> String {
        #","type":\#(jsonString(typeName(type))),"name":\#(jsonString(_mangledTypeName(type) ?? ""))"#
    }

    /// An action type's `"shape"` member, written on the first line of each type.
    package static func shapeField(_ type: any Action.Type) -> String {
        #","shape":\#(jsonString(typeShape(type)))"#
    }

    /// The payload of a store-level action that carries a model: its JSON and its type's name.
    package static func modelPayload(_ model: any Model) -> String? {
        guard let encodable = model as? any Encodable, let data = try? jsonData(of: encodable),
            let name = _mangledTypeName(Swift.type(of: model))
        else { return nil }
        return #"{"model":\#(String(decoding: data, as: UTF8.self)),"modelName":\#(jsonString(name))}"#
    }

    /// The payload of `Store.Restore`: its models, and where each goes back when it knows;
    /// `nil` when a model cannot be encoded.
    package static func restorePayload(_ restore: Store.Restore) -> String? {
        let models = restore.models.map(modelPayload)
        guard !models.contains(nil) else { return nil }
        var json = #"{"models":[\#(models.map { $0! }.joined(separator: ","))]"#
        // Where each model goes back, so that replay restores it to the same place.
        if let locations = restore.locations?.map(location), !locations.contains(nil) {
            json += #","locations":[\#(locations.map { $0! }.joined(separator: ","))]"#
        }
        return json + "}"
    }

    /// A model's location as JSON: `{"box":0,"steps":[2,{"i":3},{"k":"key"},"o"]}`; `nil` when
    /// a dictionary key on the way cannot be encoded.
    static func location(_ location: ModelLocation) -> String? {
        var steps: [String] = []
        for step in location.steps {
            switch step {
            case .part(let index): steps.append("\(index)")
            case .element(let index): steps.append(#"{"i":\#(index)}"#)
            case .opened: steps.append(#""o""#)
            case .key(let key):
                if let json = key.json {
                    steps.append(#"{"k":\#(String(decoding: json, as: UTF8.self))}"#)
                } else if let encodable = key.value?.base as? any Encodable, let data = try? jsonData(of: encodable) {
                    steps.append(#"{"k":\#(String(decoding: data, as: UTF8.self))}"#)
                } else {
                    return nil
                }
            }
        }
        return #"{"box":\#(location.box),"steps":[\#(steps.joined(separator: ","))]}"#
    }
}
