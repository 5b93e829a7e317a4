import Foundation
import Substate

/// Reads the lines ``ActionRecorder`` writes, whose layout is fixed, without a general JSON
/// parser: the payload's bytes are taken as they are, for the action's own decoder.
///
/// Lines of any other layout (edited by hand, written by other tools, snapshots) return `nil`
/// and are read by the general parser.
struct LineScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func line(_ text: String, number: Int) -> ActionLog.Line? {
        var scanner = LineScanner(text)
        return scanner.scan(number: number)
    }

    private mutating func scan(number: Int) -> ActionLog.Line? {
        guard take(#"{"seq":"#), let sequence = integer() else { return nil }
        if take(#","digest":""#) {
            guard let value = string(), take("}"), index == bytes.count else { return nil }
            return .digest(sequence: sequence, value: value, line: number)
        }
        guard take(#","t":"#), let time = decimal(), take(#","type":""#), let type = string(),
            take(#","name":""#), let name = string(), take(#","origin":""#), let originName = string(),
            let origin = Store.Origin(rawValue: originName)
        else { return nil }
        let payload: Data?
        if take(#","replayable":false}"#), index == bytes.count {
            payload = nil
        } else if take(#","payload":"#), bytes.last == UInt8(ascii: "}"), index < bytes.count - 1 {
            payload = Data(bytes[index..<(bytes.count - 1)])
        } else {
            return nil
        }
        return .action(
            ActionLog.Entry(
                sequence: sequence, time: time, type: type, name: name, origin: origin, payload: payload, line: number))
    }

    private mutating func take(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else {
            return false
        }
        index += expected.count
        return true
    }

    private mutating func integer() -> Int? {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start ? Int(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
    }

    private mutating func decimal() -> Double? {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The rest of a JSON string whose opening quote was taken; escapes send the line to the
    /// general parser.
    private mutating func string() -> String? {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
