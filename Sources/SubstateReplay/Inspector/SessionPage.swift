import Foundation
import Substate

/// One self-contained HTML page that shows a recorded session: its actions on a timeline,
/// each action's payload, and, when an app replayed the log with its own types, the state
/// after every action, what each action changed and whether the replay matched.
///
/// The page needs no server and no network: its data, script and style are inside it, and
/// its Content-Security-Policy forbids loading anything and running any script but its own.
/// A log is data from elsewhere, so every string from it reaches the page as JSON inside a
/// data block, with `<`, `>`, `&` and the line separators escaped, and the script shows it
/// as text, never as markup.
package struct SessionPage {
    /// What the page shows about the log as a whole.
    package struct Header {
        package var root: String
        package var version: Int
        package var fingerprint: String?
        package var file: String
        /// The replay's verdict, when the page comes from a replay.
        package var verdict: String?
        /// Whether the log replays with the app's types today (`Compatibility`), when the page
        /// comes from a replay.
        package var compatibility: String?

        package init(root: String, version: Int, fingerprint: String?, file: String, verdict: String? = nil) {
            self.root = root
            self.version = version
            self.fingerprint = fingerprint
            self.file = file
            self.verdict = verdict
        }

        /// The header as the page's data holds it, with whether the page comes from a replay.
        func write(into json: JSONText, replayed: Bool) {
            json.object {
                json.field("root", root)
                json.field("version", version)
                json.field("fingerprint", fingerprint)
                json.field("file", file)
                json.field("verdict", verdict)
                json.field("compatibility", compatibility)
                json.field("replayed", replayed)
            }
        }
    }

    /// One action of the timeline.
    package struct Action {
        package let sequence: Int
        package let time: Double
        package let type: String
        package let origin: String
        /// The payload as the log holds it (JSON), or `nil` for an action not recorded whole.
        package let payload: Data?
        package let line: Int
        /// What is known of the line when it could not be read: the timeline shows it in its
        /// place, marked.
        let damage: DamagedLine?
        /// How the page shows the payload's durations and type names (see ``ValueReadings``);
        /// the payload itself stays as recorded.
        package var reading: ValueReading?
    }

    /// What a replay adds for one action: the changes it made to the state, as the loggers
    /// show them, and the edits that turn the state before it into the state after it.
    package struct Step {
        package let sequence: Int
        package let changes: [StateDiff.Change]
        package let edits: [JSONEdit]

        package init(sequence: Int, changes: [StateDiff.Change], edits: [JSONEdit]) {
            self.sequence = sequence
            self.changes = changes
            self.edits = edits
        }
    }

    package var header: Header
    package var actions: [Action] = []
    /// The shapes the log has carried so far (the root's is the header's fingerprint), which
    /// show its values readably.
    private var readings: ValueReadings
    /// Other lines of the log (digests, snapshots, recorded models), by sequence number, with
    /// what they hold: a digest's value, a snapshot's or a model's state as JSON.
    package var marks: [(sequence: Int, kind: String, value: Data?)] = []
    /// Lines the reader could not read, with where and why.
    package var problems: [String] = []
    /// The state before the first action, as JSON, when the page comes from a replay.
    package var initialState: Data?
    /// The state the log's header recorded when recording started, as JSON: shown on a page
    /// made from the log alone, with the snapshots that follow it.
    package var recordedInitialState: Data?
    package var steps: [Step] = []
    /// Where the replay diverged from the recording.
    package var divergence: (sequence: Int, message: String, paths: [String])?

    /// How many lines of the timeline are damaged lines.
    package var damagedLineCount: Int { actions.lazy.filter { $0.damage != nil }.count }

    package init(header: Header) {
        self.header = header
        readings = ValueReadings(rootShape: header.fingerprint)
    }

    /// Reads every line of a log into a page (no states: those come from a replay).
    package init(reading reader: LogReader, file: String) {
        self.init(
            header: Header(
                root: reader.header.root, version: reader.header.version, fingerprint: reader.header.rootShape,
                file: file))
        recordedInitialState = reader.header.initialState
        while true {
            do {
                guard let line = try reader.next() else { break }
                add(line)
            } catch let error as ActionLogError {
                problems.append("\(error)")
                let damaged = DamagedLine(line: error.line, reason: "\(error)", bytes: reader.lastLineBytes())
                actions.append(Action(damaged: damaged, after: actions.last))
            } catch {
                problems.append("\(error)")
                break
            }
        }
        if let tail = reader.tornTail {
            problems.append(tail)
            if let bytes = reader.tornTailBytes, let line = reader.tornTailLine {
                actions.append(
                    Action(damaged: DamagedLine(line: line, reason: tail, bytes: bytes), after: actions.last))
            }
        }
    }

    /// Adds a line of a log.
    package mutating func add(_ line: ActionLog.Line) {
        switch line {
        case .action(let entry):
            var action = Action(
                sequence: entry.sequence, time: entry.time, type: entry.type, origin: entry.origin.rawValue,
                payload: entry.payload, line: entry.line)
            action.reading = readings.payload(of: entry)
            actions.append(action)
        case .digest(let sequence, let value, _):
            marks.append((sequence, "digest", Data(("\"" + value.filter { $0.isHexDigit } + "\"").utf8)))
        case .snapshot(let sequence, let state, _): marks.append((sequence, "snapshot", state))
        case .model(let sequence, let type, _, let state, _): marks.append((sequence, "model \(type)", state))
        }
    }

    /// The page.
    package func html() -> String {
        let nonce = Self.nonce()
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Substate session</title>
            <style nonce="\(nonce)">\(PageAssets.style)</style>
            </head>
            <body>
            \(PageAssets.body)
            <script id="session-data" type="application/json">\(Self.escaped(dataJSON()))</script>
            <script nonce="\(nonce)">\(PageAssets.script)</script>
            </body>
            </html>

            """
    }

    /// The page's data, as JSON text.
    func dataJSON() -> String {
        var readings = readings
        let root = readings.root()
        let markReadings = marks.map { mark in
            mark.kind.hasPrefix("model ") ? readings.reading(named: String(mark.kind.dropFirst(6))) : nil
        }
        let named = readings.namedReadings(
            referredToBy: [root].compactMap { $0 } + actions.compactMap(\.reading) + markReadings.compactMap { $0 })
        let json = JSONText()
        json.object {
            json.key("header") { header.write(into: json, replayed: initialState != nil) }
            json.key("actions") {
                json.array(actions) { action in
                    json.object {
                        json.field("seq", action.sequence)
                        json.field("t", action.time)
                        json.field("type", action.type)
                        json.field("origin", action.origin)
                        json.field("line", action.line)
                        json.key("payload") { json.raw(action.payload) }
                        if let reading = action.reading { json.key("reading") { reading.write(into: json) } }
                        if let damage = action.damage {
                            json.key("damage") {
                                json.object {
                                    json.field("reason", damage.reason)
                                    json.field("text", damage.text)
                                    json.field("payloadText", damage.payloadText)
                                    json.field("knownSeq", damage.sequence != nil)
                                }
                            }
                        }
                    }
                }
            }
            json.key("marks") {
                json.array(zip(marks, markReadings)) { mark, reading in
                    json.object {
                        json.field("seq", mark.sequence)
                        json.field("kind", mark.kind)
                        json.key("value") { json.raw(mark.value) }
                        if let reading { json.key("reading") { reading.write(into: json) } }
                    }
                }
            }
            // How values are shown: the root's state (initial, snapshots, replayed states), and
            // the named types readings refer to.
            json.key("readings") {
                json.object {
                    json.key("root") { if let root { root.write(into: json) } else { json.null() } }
                    json.key("named") {
                        json.object {
                            for name in named.keys.sorted() { json.key(name) { named[name]!.write(into: json) } }
                        }
                    }
                }
            }
            json.key("problems") { json.array(problems) { json.string($0) } }
            json.key("initialState") { json.raw(initialState) }
            json.key("recordedInitialState") { json.raw(recordedInitialState) }
            json.key("steps") {
                json.array(steps) { step in
                    json.object {
                        json.field("seq", step.sequence)
                        json.key("changes") {
                            json.array(step.changes) { change in
                                json.object {
                                    json.field("path", change.path)
                                    json.field("before", change.before)
                                    json.field("after", change.after)
                                    json.field("kind", Self.kind(change.kind))
                                }
                            }
                        }
                        json.key("edits") { json.array(step.edits) { $0.write(into: json) } }
                    }
                }
            }
            json.key("divergence") {
                if let divergence {
                    json.object {
                        json.field("seq", divergence.sequence)
                        json.field("message", divergence.message)
                        json.key("paths") { json.array(divergence.paths) { json.string($0) } }
                    }
                } else {
                    json.null()
                }
            }
        }
        return json.text
    }

    private static func kind(_ kind: StateDiff.Change.Kind) -> String {
        switch kind {
        case .changed: "changed"
        case .added: "added"
        case .removed: "removed"
        case .moved(let from, let to): "moved from [\(from)] to [\(to)]"
        }
    }

    /// JSON text made safe inside a `<script>` data block: nothing in it can close the block or
    /// open a comment, and the line separators JavaScript once treated as line ends are escaped.
    static func escaped(_ json: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count + json.utf8.count / 64)
        var json = json
        json.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<"): out.append(contentsOf: "\\u003c".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "\\u003e".utf8)
                case UInt8(ascii: "&"): out.append(contentsOf: "\\u0026".utf8)
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    out.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: out.append(byte)
                }
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A fresh value for the policy's nonce: the page's own script and style carry it, and
    /// nothing a log holds can guess it.
    private static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next(), radix: 36) }.joined()
    }
}

// The initializers sit in an extension, so that the memberwise one stays for both to build on.
extension SessionPage.Action {
    package init(sequence: Int, time: Double, type: String, origin: String, payload: Data?, line: Int) {
        self.init(sequence: sequence, time: time, type: type, origin: origin, payload: payload, line: line, damage: nil)
    }

    /// A damaged line's entry, timed as the line says or as the action before it.
    init(damaged: DamagedLine, after previous: SessionPage.Action?) {
        self.init(
            sequence: damaged.sequence ?? -1, time: damaged.time ?? previous?.time ?? 0,
            type: damaged.type ?? "damaged line", origin: "damaged", payload: damaged.payload, line: damaged.line,
            damage: damaged)
    }
}
