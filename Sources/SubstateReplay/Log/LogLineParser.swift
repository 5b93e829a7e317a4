import Foundation
import Substate

/// Turns one line of a log into an ``ActionLog/Line`` (or the header), or says, with its
/// column, why it cannot.
///
/// Action lines in the recorder's own layout are read straight from the bytes by
/// ``LineScanner``; anything else goes through ``RawJSON``. Either way the line must be valid
/// UTF-8 and valid JSON as a whole, payload included.
struct LogLineParser {
    private let strings = StringCache()
    /// The file the lines come from, for errors, when the log spans several.
    var file: String?

    /// Reads an action, digest, snapshot or model line.
    func line(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) throws -> ActionLog.Line {
        try checkText(bytes, range, number: number)
        if let line = LineScanner.line(bytes, range, number: number, file: file, strings: strings) { return line }
        let raw = try RawLine(bytes, range, number: number, file: file)
        if raw.has("format") {
            throw raw.error(
                "a second header: another session was appended to this file (each session needs a file of its own)")
        }
        return try Self.line(raw)
    }

    /// Reads the header, the first line of a log (or of a segment).
    func header(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws -> ActionLog.Header {
        try checkText(bytes, range, number: 1)
        return try Self.header(RawLine(bytes, range, number: 1, file: file))
    }

    private func checkText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) throws {
        if range.isEmpty { throw ActionLogError(line: number, file: file, "an empty line") }
        if let offset = UTF8Validation.firstInvalid(bytes, range) {
            throw ActionLogError(
                line: number, column: offset + 1, file: file,
                UTF8Validation.describe(bytes[range.lowerBound + offset]))
        }
    }

    private static func header(_ line: RawLine) throws -> ActionLog.Header {
        guard line.string("format") == LogFormat.name else {
            throw line.error("not a \(LogFormat.name) log (no \"format\":\"\(LogFormat.name)\" header)")
        }
        guard let version = line.integer("version"), version >= 1, version <= LogFormat.version else {
            throw line.error(
                "format version \(line.text("version") ?? "(none)") is not supported (this reader reads 1 to \(LogFormat.version))"
            )
        }
        let segment = try line.optionalInteger("segment", atLeast: 1) ?? 1
        let start = try line.optionalInteger("seq", atLeast: 0) ?? 0
        return ActionLog.Header(
            root: try line.optionalString("root") ?? "", initialState: line.data("initialState"),
            rootShape: try line.optionalString("rootShape"), version: version, segment: segment,
            startSequence: start)
    }

    private static func line(_ line: RawLine) throws -> ActionLog.Line {
        let number = line.number
        guard let sequence = try line.optionalInteger("seq", atLeast: 0) else {
            throw line.error("no sequence number (\"seq\")")
        }
        if let value = try line.optionalString("digest") {
            return .digest(sequence: sequence, value: value, line: number)
        }
        if let state = line.data("snapshot") { return .snapshot(sequence: sequence, state: state, line: number) }
        if line.has("model") {
            guard let type = try line.optionalString("model"), let name = try line.optionalString("modelName"),
                let state = line.data("state")
            else { throw line.error("a model line needs \"model\", \"modelName\" and \"state\"") }
            return .model(sequence: sequence, type: type, name: name, state: state, line: number)
        }
        guard let type = try line.optionalString("type"), let name = try line.optionalString("name") else {
            throw line.error("an action line needs \"type\" and \"name\"")
        }
        guard let originName = try line.optionalString("origin"), let origin = Store.Origin(rawValue: originName)
        else {
            throw line.error(
                "unknown origin \(line.text("origin") ?? "(none)") (app, effect, middleware or store)",
                at: "origin")
        }
        guard let time = line.number("t"), time.isFinite, time >= 0 else {
            throw line.error(
                "\"t\" must be the seconds since the store started, not \(line.text("t") ?? "missing")", at: "t")
        }
        let payload = line.data("payload")
        if payload == nil, !line.has("replayable") {
            throw line.error("an action line needs a \"payload\", or \"replayable\":false")
        }
        return .action(
            ActionLog.Entry(
                sequence: sequence, time: time, type: type, name: name, origin: origin, payload: payload,
                line: number, shape: try line.optionalString("shape"), file: line.file))
    }
}

/// One line of a log read as a JSON object, its members' values kept as written.
struct RawLine {
    let number: Int
    let file: String?
    private let json: RawJSON
    private let members: [String: Range<Int>]

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int, file: String?) throws {
        self.number = number
        self.file = file
        do {
            json = try RawJSON(bytes: Array(bytes[range]))
            guard let members = try json.members(at: json.root) else {
                throw ActionLogError(line: number, column: json.root + 1, file: file, "not a JSON object")
            }
            self.members = members
        } catch let error as RawJSONError {
            throw ActionLogError(
                line: number, column: error.offset.map { $0 + 1 }, file: file, error.reason)
        }
    }

    /// An error about this line, at the value of `member` when given.
    func error(_ message: String, at member: String? = nil) -> ActionLogError {
        ActionLogError(
            line: number, column: member.flatMap { members[$0] }.map { $0.lowerBound + 1 }, file: file, message)
    }

    func has(_ key: String) -> Bool { members[key] != nil }
    func string(_ key: String) -> String? { members[key].flatMap(json.string) }
    func integer(_ key: String) -> Int? { members[key].flatMap(json.integer) }
    func number(_ key: String) -> Double? { members[key].flatMap(json.number) }
    func data(_ key: String) -> Data? { members[key].map(json.data) }
    /// The member's value as written, for messages.
    func text(_ key: String) -> String? { members[key].map { String(decoding: json.bytes[$0], as: UTF8.self) } }

    /// The string member, `nil` when it is absent; an error when it is there but not a string.
    func optionalString(_ key: String) throws -> String? {
        guard has(key) else { return nil }
        guard let value = string(key) else { throw error("\"\(key)\" must be a string, not \(text(key)!)", at: key) }
        return value
    }

    /// The integer member, `nil` when it is absent; an error when it is not a whole number of
    /// at least `minimum` that fits an `Int`.
    func optionalInteger(_ key: String, atLeast minimum: Int) throws -> Int? {
        guard has(key) else { return nil }
        guard let value = integer(key), value >= minimum else {
            throw error("\"\(key)\" must be a whole number from \(minimum), not \(text(key)!)", at: key)
        }
        return value
    }
}
